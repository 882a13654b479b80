/// The storage seam: what the store needs of a SQL engine, which SQLite and PostgreSQL each provide.
///
/// Statements are written once, with `?` parameters, in the SQL both engines share; the few
/// constructs they spell differently come from `SQLDialect`. Integers are 64-bit, booleans are
/// integers 0 and 1, text is UTF-8 compared byte by byte, and blobs are bytes.

/// The current result row of a statement; valid only inside the callback that receives it.
public protocol SQLRow {
    func isNull(_ column: Int32) -> Bool
    func int64(_ column: Int32) -> Int64
    /// The column as text; empty for NULL.
    func text(_ column: Int32) -> String
    /// The column as bytes; empty for NULL.
    func blob(_ column: Int32) -> [UInt8]
    /// Calls `body` with the column's text as UTF-8 bytes, unchecked and uncopied (empty for
    /// NULL), valid only inside it: for a listing that writes thousands of names as they are.
    func withText<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
}

extension SQLRow {
    public func int(_ column: Int32) -> Int { Int(int64(column)) }
    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    public func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
}

/// A prepared statement, reused through its connection's cache.
public protocol SQLStatement: AnyObject {
    /// The SQL text, for error messages.
    var sql: String { get }
    /// Runs the statement and calls `body` for each result row, in order.
    func forEachRow(_ values: [any SQLBindable], _ body: (any SQLRow) throws -> Void) throws
    /// The first row mapped by `transform`, or nil when there is none; the rest are not read.
    func firstRow<T>(_ values: [any SQLBindable], _ transform: (any SQLRow) throws -> T) throws -> T?
    /// Runs the statement, which returns no rows, perhaps not before the connection's next
    /// statement that waits for its answer (one returning rows, or the COMMIT), in the same round
    /// trip: an error is thrown there at the latest. For writes whose row count nobody reads
    /// (`SQLConnection.changes` may not count them).
    func send(_ values: [any SQLBindable]) throws
}

extension SQLStatement {
    /// Runs the statement at once: engines without round trips wait for nothing.
    public func send(_ values: [any SQLBindable]) throws {
        try execute(values)
    }

    /// Runs the statement to completion with the given parameters.
    public func execute(_ values: [any SQLBindable] = []) throws {
        try forEachRow(values) { _ in }
    }

    /// The rows mapped by `transform`.
    public func rows<T>(_ values: [any SQLBindable] = [], _ transform: (any SQLRow) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(values) { result.append(try transform($0)) }
        return result
    }

    public func forEachRow(_ body: (any SQLRow) throws -> Void) throws {
        try forEachRow([], body)
    }

    public func firstRow<T>(_ transform: (any SQLRow) throws -> T) throws -> T? {
        try firstRow([], transform)
    }
}

/// One connection to a database. Not thread-safe: reach it through a `SQLDatabase`.
public protocol SQLConnection: AnyObject {
    /// How this engine spells what the engines spell differently.
    var dialect: SQLDialect { get }
    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws
    /// The prepared statement for `sql`, compiled once per connection.
    func statement(_ sql: String) throws -> any SQLStatement
    /// Rows changed by the last statement run on this connection.
    var changes: Int { get }
    /// The schema version recorded in the database; 0 for a new one.
    func schemaVersion() throws -> Int
    /// Records the schema version, inside the migration's transaction.
    func setSchemaVersion(_ version: Int) throws
}

extension SQLConnection {
    /// Runs `body` in a transaction begun with `begin` (the engine's BEGIN, with its options):
    /// committed when it returns, rolled back when it or the commit throws.
    public func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        return try committing(body)
    }

    /// Runs `body` in the transaction already begun on this connection, then commits it; rolls
    /// it back when `body` or the commit throws.
    public func committing<T>(_ body: () throws -> T) throws -> T {
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `sql` once with the given parameters.
    public func run(_ sql: String, _ values: any SQLBindable...) throws {
        try statement(sql).execute(values)
    }

    /// Runs `sql`, which returns no rows, once with the given parameters, perhaps only with the
    /// next statement that waits for its answer (see `SQLStatement.send`).
    public func send(_ sql: String, _ values: any SQLBindable...) throws {
        try statement(sql).send(values)
    }
}

/// An engine's error: what the store needs to tell apart, never the bound values.
public protocol SQLEngineError: Error, CustomStringConvertible {
    /// Whether waiting and trying again may succeed: a lock held past the timeout, a database
    /// restarting or unreachable, a connection lost, a transaction that lost a race.
    var isTemporary: Bool { get }
    /// Whether a UNIQUE, CHECK or foreign-key constraint refused the write.
    var isConstraintViolation: Bool { get }
}

/// A database reached from many threads: reads in snapshots, writes holding the locks they name.
public protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }
    /// Runs `body` in one read transaction: every statement in it sees the same snapshot.
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// Runs `body`, which runs one statement, outside an explicit transaction: one statement is
    /// its own snapshot on every engine, and PostgreSQL is spared BEGIN and COMMIT (the COMMIT's
    /// round trip). On PostgreSQL a second statement in `body` is an error.
    func readSingle<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// Brings the planner's statistics up to date after many rows were written at once (a
    /// migration, an import), so its plans fit the tables as they now are.
    func refreshStatistics() throws
    /// Runs `body` in one write transaction that holds `locks` against every other writer of the
    /// database (of every process): all of it is written, or none. An engine with one writer
    /// serializes every write whatever `locks` says.
    func write<T>(_ locks: WriteLocks, _ body: (any SQLConnection) throws -> T) throws -> T
    /// The engine's own check of the database's consistency: "ok" when sound, else its findings,
    /// one a line.
    func integrityCheck() throws -> String
}

extension SQLDatabase {
    /// Runs `body` in one write transaction that holds the whole database: no other write runs
    /// beside it.
    public func write<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try write(.database, body)
    }
}
