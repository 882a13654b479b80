/// One address book of one user, as handed out by the store; every contact operation needs one.
/// The store hands one out to the book's owner and to each account the book is shared with.
public struct AddressBookScope: Sendable, Hashable {
    /// The book's owner.
    public let userID: Int64
    let bookID: Int64
    /// The account acting through the scope, which the store records as the last to change a
    /// contact: the owner, or an account the book is shared with.
    public let actorID: Int64
    /// What the acting account may do in the book; the store refuses writes it does not allow.
    public let access: BookAccess

    init(userID: Int64, bookID: Int64, actorID: Int64? = nil, access: BookAccess = .owner) {
        self.userID = userID
        self.bookID = bookID
        self.actorID = actorID ?? userID
        self.access = access
    }
}
