import Accounts

extension Counter {
    static let contactID = Counter("contact_id")
    static let addressBookID = Counter("address_book_id")
}
