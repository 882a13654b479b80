import CSQLite
import SQLEngine

/// One SQLite connection. Not thread-safe: reach it through `DatabaseQueue`.
public final class Database: SQLConnection {
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens (creating if needed) the database at `path` in WAL mode with foreign keys enforced,
    /// a busy timeout (so a CLI process and a running server can share the file), a page cache
    /// of up to 2 MiB (the system's file cache holds the file for every connection; a larger
    /// one filled with a server's writes and held its memory, and made imports no faster) and
    /// no memory map.
    public convenience init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws(DatabaseError) {
        try self.init(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -2048; PRAGMA mmap_size = 0; PRAGMA wal_autocheckpoint = 8192;")
    }

    /// Opens an existing database at `path` for reading only, leaving its journal mode as it is.
    public convenience init(readingOnly path: String) throws(DatabaseError) {
        try self.init(path: path, flags: SQLITE_OPEN_READONLY, busyTimeoutMilliseconds: 10_000)
    }

    /// Done once, before the first connection opens: connections reading at once on several
    /// threads would otherwise wait for each other on every allocation (nothing reads the count).
    private static let memoryNotCounted: Void = { _ = csqlite_stop_counting_memory() }()

    private init(path: String, flags: Int32, busyTimeoutMilliseconds: Int32) throws(DatabaseError) {
        Self.memoryNotCounted
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            sqlite3_close_v2(handle)
            throw DatabaseError(code: code, message: message)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters.
    public func execute(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, sql: sql) }
    }

    /// The prepared statement for `sql`, compiled once per connection.
    public func statement(_ sql: String) throws(DatabaseError) -> any SQLStatement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    public var dialect: SQLDialect { .sqlite }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The schema version recorded in the file header (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        try statement("PRAGMA user_version").firstRow { $0.int(0) } ?? 0
    }

    public func setSchemaVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    func error(_ code: Int32, sql: String?) -> DatabaseError {
        DatabaseError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
