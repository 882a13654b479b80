import Synchronization

/// Serialized access to one connection, safe to share between threads.
public final class DatabaseQueue: Sendable {
    /// Held while the connection is in use.
    private let inUse = Mutex(())
    // Safe although `Database` is not Sendable: it is only reached through `read`, under `inUse`. (Inside
    // the Mutex, handing it to `body` would merge it into the caller's region, which Swift refuses.)
    private nonisolated(unsafe) let database: Database

    /// Opens the database at `path` and brings its schema up to date.
    /// - Parameter busyTimeoutMilliseconds: how long a statement waits for another connection's lock.
    public init(path: String, migrator: Migrator, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        database = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try migrator.migrate(database)
    }

    /// Runs `body` with the connection, outside any transaction (for reads).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try inUse.withLock { _ in try body(database) }
    }

    /// Runs `body` in one IMMEDIATE transaction: all of it is written, or none.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try read { database in try database.transaction { try body(database) } }
    }
}
