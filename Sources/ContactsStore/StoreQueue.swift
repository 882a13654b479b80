import Accounts
import SQLEngine

/// The store's one way to its database: the engine's reads and writes, with every engine error
/// turned into a `StoreError` here, so none leaves the store's public API.
struct StoreQueue: Sendable {
    let database: any SQLDatabase

    init(opening database: () throws -> any SQLDatabase) throws {
        self.database = try Self.translatingErrors(database)
    }

    var dialect: SQLDialect { database.dialect }

    /// Runs `body` in one read transaction: its statements see one snapshot.
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try Self.translatingErrors { try database.read(body) }
    }

    /// Runs `body`, which runs one statement, as its own snapshot (`SQLDatabase.readSingle`).
    func readSingle<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try Self.translatingErrors { try database.readSingle(body) }
    }

    /// See `SQLDatabase.refreshStatistics`.
    func refreshStatistics() throws {
        try Self.translatingErrors { try database.refreshStatistics() }
    }

    /// Runs `body` in one write transaction holding `locks`: all of it is written, or none.
    func write<T>(_ locks: WriteLocks, _ body: (any SQLConnection) throws -> T) throws -> T {
        try Self.translatingErrors { try database.write(locks, body) }
    }

    /// `body`'s result; a temporary failure (a lock held past the timeout, a database restarting
    /// or out of reach) becomes `StoreError.busy`, any other engine failure `StoreError.storageFailed`,
    /// and an `AccountError` the `StoreError` of the same name.
    static func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as any SQLEngineError {
            throw error.isTemporary ? StoreError.busy : StoreError.storageFailed(error.description)
        } catch let error as AccountError {
            throw StoreError(error)
        }
    }
}
