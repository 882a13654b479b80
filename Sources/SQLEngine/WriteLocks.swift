/// What a write transaction keeps other writers out of, on an engine whose writers may run side
/// by side (PostgreSQL; SQLite has one writer, and ignores this).
///
/// Locks come in three levels, always taken in this order, so that no two writers ever wait on
/// each other in a circle: the whole database, one account, the account's address books. A
/// writer of books holds the database and their account shared and the books alone; a writer of
/// a whole account holds the database shared and the account alone; so writers of different
/// books (of one account or of many) run side by side, while a writer of an account waits for
/// the writers of its books, and they for it.
public struct WriteLocks: Sendable, Equatable {
    /// How a level is held: with other writers holding it shared, or alone.
    public enum Hold: Sendable, Hashable {
        case shared, exclusive
    }

    /// An account held, and how.
    public struct AccountHold: Sendable, Equatable {
        public let id: Int64
        public let hold: Hold
    }

    /// How the whole database is held.
    public let database: Hold
    /// The account held; nil for none.
    public let account: AccountHold?
    /// The address books held alone, in ascending order (the order every writer takes them in).
    public let books: [Int64]

    private init(database: Hold, account: AccountHold?, books: [Int64]) {
        self.database = database
        self.account = account
        self.books = Array(Set(books)).sorted()
    }

    /// The whole database, alone: no other write runs beside it (a migration, a copy of a store).
    public static let database = WriteLocks(database: .exclusive, account: nil, books: [])

    /// No level beyond the database, held shared: for writes of rows no other writer reads and
    /// writes back (a session, a failed login, a new account), which the rows' own locks and the
    /// tables' constraints keep consistent.
    public static let rows = WriteLocks(database: .shared, account: nil, books: [])

    /// The whole account `id`, alone: its settings, credentials and set of books, and every one of
    /// its books (no write to them runs beside it).
    public static func account(_ id: Int64) -> WriteLocks {
        WriteLocks(database: .shared, account: AccountHold(id: id, hold: .exclusive), books: [])
    }

    /// Address books `ids` of account `owner`, each alone: the contacts, groups, change log and
    /// properties of those books. Writes to other books run beside it.
    public static func books(_ ids: [Int64], of owner: Int64) -> WriteLocks {
        WriteLocks(database: .shared, account: AccountHold(id: owner, hold: .shared), books: ids)
    }
}
