import CSQLite
import SQLEngine

/// A prepared statement; reused through the connection's cache, reset before every use.
public final class Statement: SQLStatement {
    let handle: OpaquePointer
    /// The SQL text, for error messages.
    public let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else { throw database.error(code, sql: sql) }
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement and calls `body` for each result row, in order.
    public func forEachRow(_ values: [any SQLBindable], _ body: (any SQLRow) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() { try body(Row(handle: handle)) }
    }

    /// The first row mapped by `transform`, or nil when there is none.
    public func firstRow<T>(_ values: [any SQLBindable], _ transform: (any SQLRow) throws -> T) throws -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? transform(Row(handle: handle)) : nil
    }

    private func bind(_ values: [any SQLBindable]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard values.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw DatabaseError(code: SQLITE_RANGE, message: "expected \(sqlite3_bind_parameter_count(handle)) parameters, got \(values.count)", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.sqlValue {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text): code = Self.bindText(text, to: handle, at: index)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient()) }
            }
            guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
        }
    }

    /// Binds text with its byte length, so a NUL inside it is part of the value rather than its end
    /// (`dave\0x` must never compare equal to `dave`).
    private static func bindText(_ text: String, to handle: OpaquePointer, at index: Int32) -> Int32 {
        // The C string has an address even when empty (a null pointer would bind NULL); the
        // length is the whole text's, embedded NULs included.
        text.withCString { characters in
            sqlite3_bind_text64(handle, index, characters, UInt64(text.utf8.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    private func step() throws(DatabaseError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw database.error(code, sql: sql)
        }
    }
}

/// The current result row of a SQLite statement.
struct Row: SQLRow {
    let handle: OpaquePointer

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// The column as text; empty for NULL.
    public func text(_ column: Int32) -> String {
        withText(column) { String(decoding: $0, as: UTF8.self) }
    }

    public func withText<R>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // The pointer first, then the count: the count of the text the pointer converted to.
        let pointer = sqlite3_column_text(handle, column)
        return try body(UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : Int(sqlite3_column_bytes(handle, column))))
    }

    /// The column as bytes; empty for NULL.
    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
