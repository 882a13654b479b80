import Foundation
import SQLEngine

/// The accounts kept in a database: users and their passwords, login sessions and remember
/// tokens, app passwords, and secrets. It shares the database (and its tables' transactions)
/// with the contact store; what writes both runs in one of the store's transactions, with the
/// account half given the connection (`insertUser`).
///
/// Engine errors pass through unchanged: the contact store, which callers reach accounts
/// through, turns them into its own.
public struct AccountStore: Sendable {
    let database: any SQLDatabase
    let clock: @Sendable () -> Date

    public init(database: any SQLDatabase, clock: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.clock = clock
    }

    /// Now, in the stored integer form: milliseconds since 1970.
    func now() -> Int64 { StoredTime.milliseconds(clock()) }
}
