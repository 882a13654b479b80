import CLibPQ
import SQLEngine

/// One PostgreSQL connection through libpq. Not thread-safe: reach it through `ConnectionPool`.
public final class Connection: SQLConnection {
    let handle: OpaquePointer
    private var statements: [String: PreparedStatement] = [:]
    private var preparedCount = 0
    /// Whether statements are sent unnamed, parsed again at each execution, instead of prepared
    /// once under a name: a pooler in transaction mode may run each transaction in another
    /// server session, where the name would be unknown (or another statement's).
    let sendsUnnamedStatements: Bool
    /// Whether a statement found the server refusing writes (a standby, a primary being
    /// demoted): the connection is then closed after its transaction, and the next one opened
    /// anew finds the server that takes writes.
    private var foundServerReadOnly = false

    /// Rows inserted, updated or deleted by the last such statement, as SQLite counts them
    /// (a SELECT since leaves the count alone).
    public private(set) var changes = 0

    /// Connects to the database a libpq connection URI names (`postgresql://user:pass@host:port/db`,
    /// `postgresql:///db?host=/socket/dir`), in UTF-8, giving up after 5 seconds unless the URI
    /// sets its own `connect_timeout`. Of several hosts (`postgresql://h1:5432,h2:5432/db`) it
    /// takes the first that accepts writes, unless the URI sets its own `target_session_attrs`:
    /// after a failover, that is the new primary. The URI's `pool_mode` (see `ConnectionAddress`)
    /// says whether a pooler in transaction mode stands between.
    /// - Throws: a temporary `PostgreSQLError` (08001) when no server can be reached, accepts
    ///   the connection and takes writes; a permanent one when the database is not UTF-8.
    public init(url: String) throws {
        let address = try ConnectionAddress(url)
        sendsUnnamedStatements = address.poolMode == .transaction
        // Entries before `dbname` are defaults the URI may override; those after it override the URI.
        handle = try Self.connect([("connect_timeout", "5"), ("target_session_attrs", "read-write"),
                                   ("dbname", address.libpqURL), ("client_encoding", "UTF8")])
        // The server's notices and warnings are not the program's output: libpq would print them on
        // stderr. Errors still arrive, as the failed statement's result.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        for setting in ["server_encoding", "client_encoding"] {
            let value = PQparameterStatus(handle, setting).map { String(cString: $0) } ?? "unknown"
            guard value == "UTF8" else {
                throw PostgreSQLError(sqlState: "22023", message: "\(setting) is \(value), not UTF8: create the database with ENCODING 'UTF8'")
            }
        }
        guard PQserverVersion(handle) >= 12_00_00 else {
            throw PostgreSQLError(sqlState: "0A000", message: "PostgreSQL \(PQserverVersion(handle) / 10_000) is too old: version 12 or newer is needed")
        }
        // Every statement is prepared and looks rows up by key (search runs on the in-memory index,
        // never LIKE), so one generic plan serves every parameter: planning each execution anew
        // cost more than running it (a card GET: 0.8 ms planning, 0.1 ms executing). Behind a
        // transaction pooler a session setting would land on whichever server session ran it:
        // none is made there (nothing depends on them: notices are dropped here, bytea is read
        // in either output format, and unnamed statements are planned at each execution anyway).
        if !sendsUnnamedStatements {
            try execute("SET client_min_messages = warning; SET plan_cache_mode = force_generic_plan")
        }
    }

    deinit {
        statements.removeAll()
        PQfinish(handle)
    }

    private static func connect(_ parameters: [(keyword: String, value: String)]) throws -> OpaquePointer {
        let handle = withCStrings(parameters.map(\.keyword)) { keywords in
            withCStrings(parameters.map(\.value)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            let message = handle.map { PostgreSQLError.trimmed(String(cString: PQerrorMessage($0))) } ?? "out of memory"
            PQfinish(handle)
            throw PostgreSQLError(sqlState: "08001", message: message)
        }
        return handle
    }

    public var dialect: SQLDialect { .postgresql }

    /// Runs one or more statements that take no parameters. One (COMMIT, say) joins the
    /// statements sent without waiting, in the same round trip; several in one string go as a
    /// simple query, which the pipeline cannot carry, once those are read.
    public func execute(_ sql: String) throws {
        try countStatement(sql)
        if sql.contains(";") { try finishPipeline() }
        _ = try result(sql, sending: Self.sending(sql), running: { PQexec($0, sql) })
    }

    // MARK: Pipeline

    /// The statements sent in pipeline mode whose results are still to be read, by their SQL.
    private var unread: [String] = []
    /// The most statements sent without reading their results: then they are read, so that the
    /// server never waits to send results while this side waits to send more statements.
    static let unreadLimit = 100

    /// Sends a statement that takes no parameters in pipeline mode, without waiting for it.
    func sendWithoutWaiting(_ sql: String) throws(PostgreSQLError) {
        try countStatement(sql)
        try sendWithoutWaiting(sql, Self.sending(sql))
    }

    /// Sends `sql`, one statement without parameters, as the pipeline carries it.
    private static func sending(_ sql: String) -> (OpaquePointer) -> Int32 {
        { PQsendQueryParams($0, sql, 0, nil, nil, nil, nil, 0) }
    }

    /// Sends a statement with `send` (a `PQsend…` call) in pipeline mode, without waiting for it.
    func sendWithoutWaiting(_ sql: String, _ send: (OpaquePointer) -> Int32) throws(PostgreSQLError) {
        try enqueue(sql, send)
        if unread.count >= Self.unreadLimit { try finishPipeline() }
    }

    /// The result of a statement: run at once with `running` (a `PQexec…` call) when nothing
    /// waits in the pipeline; otherwise sent behind what does with `sending` and read with it,
    /// in one round trip.
    /// - Throws: the error of the first statement that failed, this one or one sent before it.
    func result(_ sql: String, sending send: (OpaquePointer) -> Int32,
                running run: (OpaquePointer) -> OpaquePointer?) throws(PostgreSQLError) -> QueryResult {
        guard !unread.isEmpty else { return try check(run(handle), sql: sql) }
        try enqueue(sql, send)
        guard let result = try finishPipeline() else { throw PostgreSQLError(result: nil, connection: handle, sql: sql) }
        return result
    }

    /// Sends a statement into the pipeline, entering pipeline mode when it is the first.
    private func enqueue(_ sql: String, _ send: (OpaquePointer) -> Int32) throws(PostgreSQLError) {
        if unread.isEmpty, PQenterPipelineMode(handle) != 1 {
            throw PostgreSQLError(result: nil, connection: handle, sql: sql)
        }
        guard send(handle) == 1 else {
            _ = try? finishPipeline()
            throw PostgreSQLError(result: nil, connection: handle, sql: sql)
        }
        unread.append(sql)
    }

    /// Reads the results of every statement in the pipeline and leaves pipeline mode.
    /// - Returns: the last statement's result; nil when the pipeline was empty.
    /// - Throws: the first statement's error, once every result is read (after one, the server
    ///   skips the rest of the pipeline).
    @discardableResult
    func finishPipeline() throws(PostgreSQLError) -> QueryResult? {
        guard !unread.isEmpty else { return nil }
        let statements = unread
        unread = []
        guard PQpipelineSync(handle) == 1 else { throw PostgreSQLError(result: nil, connection: handle, sql: statements.last) }
        var firstError: PostgreSQLError?
        var last: QueryResult?
        for sql in statements {
            guard let result = PQgetResult(handle) else {
                firstError = firstError ?? PostgreSQLError(result: nil, connection: handle, sql: sql)
                break
            }
            do {
                last = try check(result, sql: sql)
            } catch {
                firstError = firstError ?? error
            }
            // Each statement's results end with a null one.
            while let extra = PQgetResult(handle) { PQclear(extra) }
        }
        if let sync = PQgetResult(handle) { PQclear(sync) }  // PGRES_PIPELINE_SYNC
        if PQexitPipelineMode(handle) != 1 {
            firstError = firstError ?? PostgreSQLError(result: nil, connection: handle, sql: statements.last)
        }
        if let firstError { throw firstError }
        return last
    }

    /// The statement for `sql` (written with `?` parameters), kept for the connection's life;
    /// the server prepares it when it first runs.
    public func statement(_ sql: String) throws -> any SQLStatement {
        if let cached = statements[sql] { return cached }
        let statement = PreparedStatement(connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// How many more statements may run, while a single-statement read runs; nil otherwise.
    var statementsAllowed: Int?

    /// Counts a statement about to run against `statementsAllowed`.
    /// - Throws: a permanent error when a single-statement read runs a second one.
    func countStatement(_ sql: String) throws(PostgreSQLError) {
        guard let allowed = statementsAllowed else { return }
        guard allowed > 0 else {
            throw PostgreSQLError(sqlState: "25000", message: "a single-statement read ran a second statement", sql: sql)
        }
        statementsAllowed = allowed - 1
    }

    /// Whether the connection is still connected.
    var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether the server has not closed the connection, as far as what it sent says, without
    /// a round trip. (A backend terminated or shut down sends its error, then closes: the first
    /// read takes the error, the second finds the end.)
    var isStillOpen: Bool {
        PQconsumeInput(handle) == 1 && PQconsumeInput(handle) == 1 && PQstatus(handle) == CONNECTION_OK
    }

    /// Whether the connection can take another transaction: still connected, not left inside one,
    /// and not to a server found refusing writes.
    public var isUsable: Bool {
        PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE && PQpipelineStatus(handle) == PQ_PIPELINE_OFF
            && !foundServerReadOnly
    }

    /// The schema version in the one-row table `schema_version`; 0 when there is none.
    ///
    /// Whether the table exists is read from the catalog in the statement's snapshot
    /// (`to_regclass` would ask the backend's catalog cache, which in a transaction begun before
    /// another one created the table, and waiting for it on an advisory lock, still says "none").
    public func schemaVersion() throws -> Int {
        guard try statement("""
            SELECT EXISTS (SELECT FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_version')
            """).firstRow({ $0.int(0) }) == 1 else { return 0 }
        return try statement("SELECT version FROM schema_version").firstRow { $0.int(0) } ?? 0
    }

    /// Records the schema version, creating its table the first time.
    public func setSchemaVersion(_ version: Int) throws {
        try execute("CREATE TABLE IF NOT EXISTS schema_version (id integer PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)")
        try run("INSERT INTO schema_version (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version", version)
    }

    /// A name for the next statement prepared on this connection.
    func nextStatementName() -> String {
        preparedCount += 1
        return "s\(preparedCount)"
    }

    /// The result of a command, or its error; records the rows it changed.
    func check(_ result: OpaquePointer?, sql: String) throws(PostgreSQLError) -> QueryResult {
        guard let result, [PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY].contains(PQresultStatus(result)) else {
            defer { PQclear(result) }
            let error = PostgreSQLError(result: result, connection: handle, sql: sql)
            if error.isServerReadOnly { foundServerReadOnly = true }
            throw error
        }
        let checked = QueryResult(result)
        if let changed = checked.changedRows { changes = changed }
        return checked
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings, valid only during the call.
private func withCStrings<R>(_ strings: [String], _ pointers: [UnsafePointer<CChar>?] = [],
                             _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    guard let first = strings.first else { return body(pointers + [nil]) }
    return first.withCString { withCStrings(Array(strings.dropFirst()), pointers + [$0], body) }
}
