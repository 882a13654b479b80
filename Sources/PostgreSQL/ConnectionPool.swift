import Foundation
import SQLEngine
import Synchronization

/// A PostgreSQL database shared between threads: up to a few connections, opened when first
/// needed, each used by one transaction at a time. Reads run in one snapshot each; writes hold
/// the locks they name (`WriteLocks`) across every process using the database, so writes to
/// different address books run side by side.
///
/// A connection found broken (the server restarted, the backend was terminated) is closed and a
/// new one opened for the next transaction; the transaction that found it fails with a temporary
/// error, unless the connection was lost while idle, in which case the transaction simply begins
/// again on a new one.
public final class ConnectionPool: SQLDatabase {
    // Safe although a `PooledConnection` is not Sendable: each is only reached under its Mutex.
    // (Inside the Mutex, handing it to `body` would merge it into the caller's region, which Swift refuses.)
    private final class Slot: Sendable {
        let inUse = Mutex(())
        nonisolated(unsafe) let pooled: PooledConnection
        init(url: String) { pooled = PooledConnection(url: url) }
    }

    private let slots: [Slot]
    private let nextSlot = Atomic<Int>(0)
    /// The locks this process's writes hold: its other writes that need them wait there,
    /// holding no connection, so reads never wait behind connections that wait for a lock.
    private let localLocks: WriteLockTable
    /// This process's writes since it last refreshed the statistics, and how many the next
    /// refresh waits for (see `noteWrite`).
    private let writesSinceRefresh = Atomic<Int>(0)
    private let writesBeforeRefresh = Atomic<Int>(ConnectionPool.firstRefreshAfter)
    static let firstRefreshAfter = 500
    static let longestRefreshInterval = 64_000
    private let lockTimeoutMilliseconds: Int

    /// Connects to the database at `url` (a libpq connection URI) and brings its schema up to date,
    /// keeping other processes starting at the same time out until it is.
    /// - Parameters:
    ///   - connections: the most connections open at once.
    ///   - lockTimeoutMilliseconds: how long a write waits for another writer before failing
    ///     with a temporary error.
    /// - Throws: a temporary `PostgreSQLError` when the server is out of reach;
    ///   `MigrationError.newerSchema` when a newer release wrote the database.
    public init(url: String, migrator: Migrator, connections: Int = 4, lockTimeoutMilliseconds: Int = 10_000) throws {
        let connection = try Connection(url: url)
        try migrator.migrate(connection)
        self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
        slots = (0..<max(connections, 1)).map { _ in Slot(url: url) }
        localLocks = WriteLockTable(maximumWriters: connections - 1)
        slots[0].pooled.connection = connection
    }

    public var dialect: SQLDialect { .postgresql }

    /// Runs `body` in one REPEATABLE READ, READ ONLY transaction: its statements see one snapshot.
    public func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try transaction(["BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"], body)
    }

    /// Runs ANALYZE on the tables of the connection's current schema, the store's own (of the
    /// whole database, an account that is not a superuser may analyze only what it owns):
    /// PostgreSQL's own refresh runs only every so often, and until then plans made while a table
    /// was small (a generic plan is kept for the connection's life) scan it.
    public func refreshStatistics() throws {
        try transaction(["BEGIN"]) { connection in
            let tables = try connection.statement("""
                SELECT quote_ident(table_name) FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name
                """).rows { $0.text(0) }
            guard !tables.isEmpty else { return }
            try connection.execute("ANALYZE " + tables.joined(separator: ", "))
        }
    }

    /// Runs `body`, which runs one statement, without BEGIN and COMMIT (the statement is its own
    /// snapshot); a second statement in it fails. A connection found lost is replaced and `body`
    /// run again on the new one: it only reads.
    public func readSingle<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try onFreeSlot { pooled in try PooledConnection.single(on: pooled, body) }
    }

    /// Runs `body` in one READ COMMITTED transaction holding `locks`, so that writers of every
    /// process that need one of them take turns: all of it is written, or none. This process's
    /// writers take turns first, then each takes a connection and its locks, which go to the
    /// server with the transaction's first statement. A lock held by another process longer
    /// than the lock timeout fails the write with a temporary error.
    public func write<T>(_ locks: WriteLocks, _ body: (any SQLConnection) throws -> T) throws -> T {
        let requests = AdvisoryLock.requests(for: locks)
        // Kept outside the closure: a result handed out of it would have to be Sendable.
        var result: T?
        try localLocks.holding(requests) {
            result = try transaction(["BEGIN", "SET LOCAL lock_timeout = \(lockTimeoutMilliseconds)", AdvisoryLock.take(requests)], body)
        }
        noteWrite()
        return result!
    }

    /// Counts a write, and refreshes the statistics in the background after 500 of them, then
    /// after twice as many each time (up to every 64,000). PostgreSQL's own refresh waits until a
    /// table has changed by a tenth and a minute has passed: until then, a book that grew from
    /// ten cards to two thousand through single PUTs (a phone's first sync) is planned as ten,
    /// and a multiget of 100 cards reads all two thousand instead of looking up a hundred.
    /// "ok": PostgreSQL checks its own pages as it reads them.
    public func integrityCheck() -> String { "ok" }

    private func noteWrite() {
        guard writesSinceRefresh.wrappingAdd(1, ordering: .relaxed).newValue >= writesBeforeRefresh.load(ordering: .relaxed) else { return }
        writesSinceRefresh.store(0, ordering: .relaxed)
        let next = min(writesBeforeRefresh.load(ordering: .relaxed) * 2, Self.longestRefreshInterval)
        writesBeforeRefresh.store(next, ordering: .relaxed)
        DispatchQueue.global(qos: .utility).async { try? self.refreshStatistics() }
    }

    /// Runs `body` in a transaction begun with the statements `begin`, on a free connection
    /// (waiting for one when all are busy). They are sent with the body's first statement that
    /// waits for its answer: beginning costs no round trip of its own.
    private func transaction<T>(_ begin: [String], _ body: (Connection) throws -> T) throws -> T {
        try onFreeSlot { pooled in try PooledConnection.transaction(begin, on: pooled, body) }
    }

    /// `work` on the first free slot's connection, or, when all are busy, on the next in turn
    /// once it is free.
    private func onFreeSlot<T>(_ work: (PooledConnection) throws -> T) throws -> T {
        for slot in slots {
            if let result = try slot.inUse.withLockIfAvailable({ _ in try work(slot.pooled) }) {
                return result
            }
        }
        let slot = slots[nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue % slots.count]
        return try slot.inUse.withLock { _ in try work(slot.pooled) }
    }
}

/// A pool's place for one connection: opened when first needed, replaced after it breaks.
private final class PooledConnection {
    let url: String
    var connection: Connection?

    init(url: String) { self.url = url }

    /// Runs `body` in a transaction begun with `begin` on `pooled`'s connection; closes the
    /// connection if it broke meanwhile. (Static: the pooled connection as an argument is what
    /// lets the caller return `body`'s result from inside the Mutex.)
    static func transaction<T>(_ begin: [String], on pooled: PooledConnection, _ body: (Connection) throws -> T) throws -> T {
        let connection = try pooled.begun(begin)
        defer { if !connection.isUsable { pooled.connection = nil } }
        return try connection.committing { try body(connection) }
    }

    /// Runs `body`, allowed one statement, on `pooled`'s connection outside a transaction; once
    /// more on a new connection when the first was found lost.
    static func single<T>(on pooled: PooledConnection, _ body: (Connection) throws -> T) throws -> T {
        var attempts = 0
        while true {
            attempts += 1
            let connection = try pooled.connection.flatMap { $0.isUsable ? $0 : nil } ?? Connection(url: pooled.url)
            pooled.connection = connection
            connection.statementsAllowed = 1
            defer {
                connection.statementsAllowed = nil
                if !connection.isUsable { pooled.connection = nil }
            }
            do {
                return try body(connection)
            } catch where attempts == 1 && !connection.isConnected {
                continue
            }
        }
    }

    /// The connection with the statements `begin` sent, opening a new one when there is none,
    /// the last one broke, or the server closed it while it was idle (it restarted, the backend
    /// was terminated): nothing has run on it, so a new one may take its place.
    private func begun(_ begin: [String]) throws -> Connection {
        if let connection, !connection.isUsable || !connection.isStillOpen { self.connection = nil }
        let connection = try connection ?? Connection(url: url)
        self.connection = connection
        for statement in begin { try connection.sendWithoutWaiting(statement) }
        return connection
    }
}

/// The advisory locks the pool takes, on keys of its own: the ASCII of "ContactW" for the whole
/// database and "ContactM" for migrations; "CA" and "CB" followed by 48 bits of the id for an
/// account and an address book.
enum AdvisoryLock {
    /// One transaction-level advisory lock.
    struct Key: Hashable {
        let value: Int64
    }

    /// A lock to take, and how.
    struct Request {
        let key: Key
        let hold: WriteLocks.Hold
    }

    static let database = Key(value: 0x436F_6E74_6163_7457)
    static let migrations = Key(value: 0x436F_6E74_6163_744D)
    private static let idBits: Int64 = (1 << 48) - 1

    static func account(_ id: Int64) -> Key { Key(value: 0x4341 << 48 | id & idBits) }
    static func book(_ id: Int64) -> Key { Key(value: 0x4342 << 48 | id & idBits) }

    /// The locks `locks` names, in the order they are taken: the database, the account, the books.
    static func requests(for locks: WriteLocks) -> [Request] {
        [Request(key: database, hold: locks.database)]
            + (locks.account.map { [Request(key: account($0.id), hold: $0.hold)] } ?? [])
            + locks.books.map { Request(key: book($0), hold: .exclusive) }
    }

    /// One statement taking `requests` for the transaction, in order.
    static func take(_ requests: [Request]) -> String {
        "SELECT " + requests.map { request in
            (request.hold == .exclusive ? "pg_advisory_xact_lock(" : "pg_advisory_xact_lock_shared(") + "\(request.key.value))"
        }.joined(separator: ", ")
    }

}

extension Migrator {
    /// Brings the database up to date, each step in its own transaction holding the migration
    /// lock and the whole database: another process migrating at the same time waits, then reads
    /// the version again inside the step and finds it applied. Transaction-level locks only, so a
    /// pooler in transaction mode may run each step in another server session.
    func migrate(_ connection: Connection) throws {
        try migrate(connection) { body in
            try connection.transaction("BEGIN") {
                let migrating = AdvisoryLock.Request(key: AdvisoryLock.migrations, hold: .exclusive)
                try connection.execute(AdvisoryLock.take([migrating] + AdvisoryLock.requests(for: .database)))
                try body()
            }
        }
    }
}
