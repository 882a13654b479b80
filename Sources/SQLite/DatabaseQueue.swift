import Foundation

/// Serialized access to one connection, safe to share between threads.
public final class DatabaseQueue: @unchecked Sendable {
    // Unchecked: `database` is only touched while `lock` is held.
    private let lock = NSLock()
    private let database: Database

    /// Opens the database at `path` and brings its schema up to date.
    /// - Parameter busyTimeoutMilliseconds: how long a statement waits for another connection's lock.
    public init(path: String, migrator: Migrator, busyTimeoutMilliseconds: Int32 = 10_000) throws {
        database = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try migrator.migrate(database)
    }

    /// Runs `body` with the connection, outside any transaction (for reads).
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock { try body(database) }
    }

    /// Runs `body` in one IMMEDIATE transaction: all of it is written, or none.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock { try database.transaction { try body(database) } }
    }
}
