import SQLEngine
import Synchronization

/// The transactions a database ran while logging was on, each with its statements in order:
/// what a test counts to bound the work of one operation (`LoggedDatabase` fills it).
public final class StatementLog: Sendable {
    /// One read or write transaction (or single-statement read) and the statements run in it.
    public struct Transaction: Sendable {
        public let writes: Bool
        /// What a write transaction held against other writers; nil for a read.
        public let locks: WriteLocks?
        public fileprivate(set) var statements: [String] = []
    }

    private let state = Mutex((on: false, transactions: [Transaction]()))

    public init() {}

    /// The transactions `body` ran, in the order they began.
    public func transactions(during body: () throws -> Void) rethrows -> [Transaction] {
        state.withLock { $0 = (true, []) }
        defer { state.withLock { $0.on = false } }
        try body()
        return state.withLock { $0.transactions }
    }

    /// Starts a transaction's record; nil while logging is off.
    fileprivate func begin(holding locks: WriteLocks?) -> Int? {
        state.withLock { state in
            guard state.on else { return nil }
            state.transactions.append(Transaction(writes: locks != nil, locks: locks))
            return state.transactions.count - 1
        }
    }

    fileprivate func record(_ sql: String, in transaction: Int?) {
        guard let transaction else { return }
        state.withLock { $0.transactions[transaction].statements.append(sql) }
    }
}

extension [StatementLog.Transaction] {
    /// Every statement of the transactions, in order.
    public var statements: [String] { flatMap(\.statements) }
    /// The write transactions.
    public var writes: [StatementLog.Transaction] { filter(\.writes) }
    /// The read transactions.
    public var reads: [StatementLog.Transaction] { filter { !$0.writes } }
}

extension [String] {
    /// The statements that write to `table`: an INSERT into it, an UPDATE or a DELETE of its rows.
    public func writing(_ table: String) -> [String] {
        filter { sql in ["INSERT INTO", "UPDATE", "DELETE FROM"].contains { sql.hasPrefix("\($0) \(table) ") } }
    }
}

/// A database that runs everything through `base`, recording each statement in `log`.
public struct LoggedDatabase: SQLDatabase {
    let base: any SQLDatabase
    let log: StatementLog

    public init(_ base: any SQLDatabase, log: StatementLog) {
        self.base = base
        self.log = log
    }

    public var dialect: SQLDialect { base.dialect }
    public func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try base.read { try body(logged($0, holding: nil)) }
    }
    public func readSingle<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try base.readSingle { try body(logged($0, holding: nil)) }
    }
    public func refreshStatistics() throws { try base.refreshStatistics() }
    public func integrityCheck() throws -> String { try base.integrityCheck() }
    public func write<T>(_ locks: WriteLocks, _ body: (any SQLConnection) throws -> T) throws -> T {
        try base.write(locks) { try body(logged($0, holding: locks)) }
    }

    private func logged(_ connection: any SQLConnection, holding locks: WriteLocks?) -> any SQLConnection {
        LoggedConnection(base: connection, log: log, transaction: log.begin(holding: locks))
    }
}

/// A connection in one transaction, recording its statements in the transaction's record.
private final class LoggedConnection: SQLConnection {
    let base: any SQLConnection
    let log: StatementLog
    let transaction: Int?

    init(base: any SQLConnection, log: StatementLog, transaction: Int?) {
        self.base = base
        self.log = log
        self.transaction = transaction
    }

    var dialect: SQLDialect { base.dialect }
    var changes: Int { base.changes }
    func schemaVersion() throws -> Int { try base.schemaVersion() }
    func setSchemaVersion(_ version: Int) throws { try base.setSchemaVersion(version) }

    func execute(_ sql: String) throws {
        log.record(sql, in: transaction)
        try base.execute(sql)
    }

    func statement(_ sql: String) throws -> any SQLStatement {
        LoggedStatement(base: try base.statement(sql), record: { [log, transaction] in log.record($0, in: transaction) })
    }
}

private final class LoggedStatement: SQLStatement {
    let base: any SQLStatement
    let record: (String) -> Void

    init(base: any SQLStatement, record: @escaping (String) -> Void) {
        self.base = base
        self.record = record
    }

    var sql: String { base.sql }

    func forEachRow(_ values: [any SQLBindable], _ body: (any SQLRow) throws -> Void) throws {
        record(sql)
        try base.forEachRow(values, body)
    }

    func firstRow<T>(_ values: [any SQLBindable], _ transform: (any SQLRow) throws -> T) throws -> T? {
        record(sql)
        return try base.firstRow(values, transform)
    }

    func send(_ values: [any SQLBindable]) throws {
        record(sql)
        try base.send(values)
    }
}
