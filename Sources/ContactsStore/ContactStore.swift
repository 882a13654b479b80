import Accounts
import Foundation
import SQLEngine
import Synchronization

/// The persistent address books of every user, in one SQLite file or one PostgreSQL database
/// (whichever the `SQLDatabase` it is opened on is).
///
/// Every contact operation takes an `AddressBookScope`, which only the store hands out for a user,
/// so no call path reads or writes another user's contacts.
public final class ContactStore: Sendable {
    /// Contacts stay restorable in the trash this long.
    public static let trashRetention: TimeInterval = 30 * 24 * 3600

    let queue: StoreQueue
    /// The accounts, in the same database.
    let accounts: AccountStore
    let searchIndex = SearchIndex()
    let clock: @Sendable () -> Date
    /// The key passkey challenges are signed with, read from the database on first use.
    let challengeKey = Mutex<[UInt8]?>(nil)

    /// Opens the store on the database `database` opens (its schema brought up to date with
    /// `migrator`); an engine's failure to open becomes a `StoreError`.
    public init(clock: @escaping @Sendable () -> Date = Date.init, opening database: () throws -> any SQLDatabase) throws {
        queue = try StoreQueue(opening: database)
        accounts = AccountStore(database: queue.database, clock: clock)
        self.clock = clock
    }

    /// Now, in the store's integer form: milliseconds since 1970.
    func now() -> Int64 { Self.milliseconds(clock()) }

    static func milliseconds(_ date: Date) -> Int64 { StoredTime.milliseconds(date) }
    static func date(_ milliseconds: Int64) -> Date { StoredTime.date(milliseconds) }

    /// The migrations that bring a database of either engine to the store's schema.
    public static var migrator: Migrator { Schema.migrator }

    /// The engine's own consistency check (`SQLDatabase.integrityCheck`); "ok" when sound.
    public func integrityCheck() throws -> String {
        try StoreQueue.translatingErrors { try queue.database.integrityCheck() }
    }

    /// The database behind the store, for what only its engine does (backups of a SQLite file).
    package var database: any SQLDatabase { queue.database }
}
