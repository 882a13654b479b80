import CLibPQ
import SQLEngine

/// An error PostgreSQL (or libpq) reported: its SQLSTATE, its message and the statement, never the
/// bound values (they may be passwords or personal data).
public struct PostgreSQLError: SQLEngineError, Sendable {
    /// The five-character SQLSTATE; nil when libpq gave none (the connection was lost).
    public let sqlState: String?
    public let message: String
    public let sql: String?

    public init(sqlState: String?, message: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// Connection lost or refused (class 08, or no SQLSTATE at all), the server shutting down or
    /// starting up or refusing writes (a standby, a primary being demoted: after a failover the
    /// next connection finds the new primary), too many connections, a transaction that lost a
    /// race (a standby's recovery conflicts included) or waited too long for a lock.
    public var isTemporary: Bool {
        guard let sqlState else { return true }
        return sqlState.hasPrefix("08") || Self.temporaryStates.contains(sqlState)
    }

    /// Whether the server refused a write because it takes none now (25006,
    /// read_only_sql_transaction: a standby, `default_transaction_read_only`, a demoted primary).
    public var isServerReadOnly: Bool { sqlState == "25006" }

    /// Whether a UNIQUE, CHECK, NOT NULL or foreign-key constraint refused the write (class 23).
    public var isConstraintViolation: Bool { sqlState?.hasPrefix("23") ?? false }

    public var description: String {
        "PostgreSQL error \(sqlState ?? "(no SQLSTATE)"): \(message)" + (sql.map { " (in \($0))" } ?? "")
    }

    private static let temporaryStates: Set<String> = [
        "57P01", "57P02", "57P03",  // admin shutdown, crash shutdown, cannot connect now
        "25006",                    // read-only SQL transaction (see isServerReadOnly)
        "40001", "40P01",           // serialization failure, deadlock
        "55P03",                    // lock not available (lock_timeout)
        "53300",                    // too many connections
    ]
}

extension PostgreSQLError {
    /// The error of a failed `result` (nil when libpq could not even make one) on `connection`.
    ///
    /// Only the primary message is kept: the detail and context may quote the row or the
    /// parameters. A data exception's message (class 22) may quote the value itself, so its
    /// quoted parts and whatever follows a colon are left out.
    init(result: OpaquePointer?, connection: OpaquePointer, sql: String?) {
        // libpq's PG_DIAG_SQLSTATE and PG_DIAG_MESSAGE_PRIMARY, character constants Swift does not import.
        func field(_ code: Unicode.Scalar) -> String? {
            result.flatMap { PQresultErrorField($0, Int32(code.value)) }.map { String(cString: $0) }
        }
        let state = field("C")
        var message = field("M")
            ?? Self.trimmed(String(cString: PQerrorMessage(connection)))
        if state?.hasPrefix("22") == true { message = Self.withoutValues(message) }
        self.init(sqlState: state, message: message, sql: sql)
    }

    static func trimmed(_ message: String) -> String {
        String(message.reversed().drop { $0.isWhitespace }.reversed())
    }

    private static func withoutValues(_ message: String) -> String {
        let beforeColon = message.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return beforeColon.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset.isMultiple(of: 2) ? String($0.element) : "…" }
            .joined(separator: "\"")
    }
}
