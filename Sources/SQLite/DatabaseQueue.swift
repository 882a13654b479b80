import Dispatch
import SQLEngine
import Synchronization

/// A SQLite database shared between threads: one connection that writes, one transaction at a
/// time, and a few that read, each read a snapshot (WAL lets readers go on while a write or an
/// import runs).
public final class DatabaseQueue: SQLDatabase {
    // Safe although `Database` is not Sendable: the writer is only reached under its Mutex, a
    // reader only by the thread that took it. (Inside the Mutex, handing it to `body` would merge
    // it into the caller's region, which Swift refuses.)
    private final class Guarded: Sendable {
        let inUse = Mutex(())
        nonisolated(unsafe) let database: Database
        init(database: Database) { self.database = database }
    }

    /// A reading connection, taken by the thread that sets `taken` first.
    private final class Reader: Sendable {
        let taken = Atomic<Bool>(false)
        nonisolated(unsafe) let database: Database
        init(database: Database) { self.database = database }
    }

    private let writer: Guarded
    private let readers: [Reader]
    /// Counts the readers not taken. Waiting on it and taking a reader cost no system call
    /// while one is free (a try-lock of a `Mutex` held elsewhere costs one).
    private let freeReaders: DispatchSemaphore

    /// Opens the database at `path` and brings its schema up to date.
    /// - Parameters:
    ///   - busyTimeoutMilliseconds: how long a statement waits for another connection's lock.
    ///   - readers: how many connections serve reads; by default one for each of the HTTP
    ///     server's four threads, so that no request waits for another's reader.
    public init(path: String, migrator: Migrator, busyTimeoutMilliseconds: Int32 = 10_000, readers: Int = 4) throws {
        let database = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try migrator.migrate(database)
        writer = Guarded(database: database)
        // Readers keep 512 KiB of pages each: the system's file cache holds the file for all of
        // them, and a server's memory stays near what it was with one connection.
        self.readers = try (0..<max(readers, 1)).map { _ in
            let reader = try Database(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try reader.execute("PRAGMA cache_size = -512")
            return Reader(database: reader)
        }
        freeReaders = DispatchSemaphore(value: self.readers.count)
    }

    public var dialect: SQLDialect { .sqlite }

    /// Runs `body` in one read transaction on a free reading connection (waiting for one when
    /// all are busy): its statements see one snapshot, whatever is written meanwhile.
    public func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try snapshot(body)
    }

    /// `body` runs one statement, which SQLite reads from one snapshot of its own: no BEGIN and
    /// COMMIT around it (they were a twentieth of a CardDAV GET).
    public func readSingle<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try onReader(body)
    }

    /// Nothing: the store's statements fix their join order on SQLite, which plans without statistics.
    public func refreshStatistics() {}

    /// `read`, with the connection as SQLite's (for what only SQLite does: backups).
    public func snapshot<T>(_ body: (Database) throws -> T) throws -> T {
        try onReader { try Self.inSnapshot($0, body) }
    }

    /// Runs `body` on a free reading connection, waiting for one when all are taken.
    private func onReader<T>(_ body: (Database) throws -> T) throws -> T {
        freeReaders.wait()
        defer { freeReaders.signal() }
        // One is free: the semaphore let this thread past.
        var index = 0
        while !readers[index].taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            index = (index + 1) % readers.count
        }
        let reader = readers[index]
        defer { reader.taken.store(false, ordering: .releasing) }
        return try body(reader.database)
    }

    private static func inSnapshot<T>(_ database: Database, _ body: (Database) throws -> T) throws -> T {
        try database.transaction("BEGIN DEFERRED") { try body(database) }
    }

    private static func inTransaction<T>(_ database: Database, _ body: (Database) throws -> T) throws -> T {
        try database.transaction("BEGIN IMMEDIATE") { try body(database) }
    }

    /// Runs `body` in one IMMEDIATE transaction on the writing connection: all of it is written, or
    /// none. SQLite has one writer: whatever `locks` names, writes run one at a time.
    public func write<T>(_ locks: WriteLocks, _ body: (any SQLConnection) throws -> T) throws -> T {
        try writer.inUse.withLock { _ in try Self.inTransaction(writer.database, body) }
    }

    /// `PRAGMA integrity_check` on the writing connection, other writers kept out.
    public func integrityCheck() throws -> String {
        try withWriter { try $0.statement("PRAGMA integrity_check").rows { $0.text(0) }.joined(separator: "\n") }
    }

    /// Runs `body` with the writing connection outside any transaction, other writers kept out
    /// (for what SQLite does outside transactions: restores, checks).
    public func withWriter<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.inUse.withLock { _ in try body(writer.database) }
    }
}

extension Migrator {
    /// Brings `database` up to date, each migration in an IMMEDIATE transaction.
    public func migrate(_ database: Database) throws {
        try migrate(database) { body in try database.transaction("BEGIN IMMEDIATE") { try body() } }
    }
}
