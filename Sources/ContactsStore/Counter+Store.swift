import Accounts
import SQLEngine

extension Counter {
    static let contactID = Counter("contact_id")
    static let addressBookID = Counter("address_book_id")

    /// Reserves the next `count` numbers and returns their ids (`OpaqueIDs`), in the numbers' order.
    func reserveIDs(_ count: Int, db: any SQLConnection) throws -> [Int64] {
        let numbers = try reserve(count, db: db)
        let ids = try OpaqueIDs(db: db)
        return try numbers.map(ids.id(for:))
    }
}
