import Foundation

/// An account an address book is shared with, as its owner sees it.
public struct BookShare: Sendable, Equatable {
    /// The account's name.
    public let account: String
    /// What the account may do in the book: `.readOnly` or `.readWrite`.
    public let access: BookAccess

    public init(account: String, access: BookAccess) {
        self.account = account
        self.access = access
    }
}

/// Who last changed a contact and when.
public struct ContactChange: Sendable, Equatable {
    /// The account's name.
    public let account: String
    public let at: Date
}
