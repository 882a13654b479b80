import CSQLite
import SQLEngine

/// An error SQLite reported: its result code, its message and the statement, never the bound values
/// (they may be passwords or personal data).
public struct DatabaseError: SQLEngineError, Sendable {
    /// The extended SQLite result code.
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Whether a UNIQUE, CHECK or foreign-key constraint refused the write.
    public var isConstraintViolation: Bool { code & 0xFF == SQLITE_CONSTRAINT }

    /// Whether another connection held the lock past the busy timeout.
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }

    public var isTemporary: Bool { isBusy }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " (in \($0))" } ?? "")
    }
}
