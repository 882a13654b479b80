import Foundation

/// An account: it logs in and owns address books.
public struct User: Sendable, Equatable {
    public let id: Int64
    public let username: String
    public let createdAt: Date
}

/// One address book of one user, as handed out by the store; every contact operation needs one.
public struct AddressBookScope: Sendable, Hashable {
    public let userID: Int64
    let bookID: Int64
}
