import SQLite

/// The store's one way to its connection: `DatabaseQueue`'s reads and writes, with every
/// `DatabaseError` turned into a `StoreError` here, so none leaves the store's public API.
struct StoreQueue: Sendable {
    private let queue: DatabaseQueue

    init(path: String, migrator: Migrator, busyTimeoutMilliseconds: Int32) throws {
        queue = try Self.translatingErrors { try DatabaseQueue(path: path, migrator: migrator, busyTimeoutMilliseconds: busyTimeoutMilliseconds) }
    }

    /// Runs `body` with the connection, outside any transaction (for reads).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try Self.translatingErrors { try queue.read(body) }
    }

    /// Runs `body` in one IMMEDIATE transaction: all of it is written, or none.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try Self.translatingErrors { try queue.write(body) }
    }

    /// `body`'s result; a lock held past the busy timeout becomes `StoreError.busy`, any other
    /// SQLite failure `StoreError.storageFailed`.
    private static func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw error.isBusy ? StoreError.busy : StoreError.storageFailed(error.description)
        }
    }
}
