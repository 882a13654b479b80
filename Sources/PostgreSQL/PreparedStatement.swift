import CLibPQ
import SQLEngine

/// A statement prepared on its connection with `PQprepare`, once for each pattern of parameter
/// types it is run with (a blob is sent as bytea, anything else lets the server infer the type);
/// or, on a connection that sends unnamed statements, sent with its text at every execution.
public final class PreparedStatement: SQLStatement {
    /// The SQL text as written, with `?` parameters, for error messages.
    public let sql: String
    private let numberedSQL: String
    private let parameterCount: Int
    private var names: [[Oid]: String] = [:]
    private unowned let connection: Connection

    init(connection: Connection, sql: String) {
        (numberedSQL, parameterCount) = Placeholders.numbered(sql)
        self.sql = sql
        self.connection = connection
    }

    /// Runs the statement and calls `body` for each result row, in order.
    public func forEachRow(_ values: [any SQLBindable], _ body: (any SQLRow) throws -> Void) throws {
        let result = try run(values)
        for row in 0..<PQntuples(result.handle) {
            try body(ResultRow(result: result.handle, row: row))
        }
    }

    /// The first row mapped by `transform`, or nil when there is none.
    public func firstRow<T>(_ values: [any SQLBindable], _ transform: (any SQLRow) throws -> T) throws -> T? {
        let result = try run(values)
        return PQntuples(result.handle) > 0 ? try transform(ResultRow(result: result.handle, row: 0)) : nil
    }

    /// Sends the statement in the connection's pipeline: its result is read, and its error
    /// thrown, with the next statement that waits for its own.
    public func send(_ values: [any SQLBindable]) throws {
        try withCalls(values) { sending, _ in try connection.sendWithoutWaiting(sql, sending) }
    }

    private func run(_ values: [any SQLBindable]) throws -> QueryResult {
        try withCalls(values) { sending, running in try connection.result(sql, sending: sending, running: running) }
    }

    /// Calls `body` with the libpq calls that send the statement with these values (for the
    /// pipeline) and that run it at once: under the name it is prepared under for the values'
    /// types, or unnamed, parsed with them, when the connection sends unnamed statements.
    private func withCalls<R>(_ values: [any SQLBindable],
                              _ body: (_ sending: (OpaquePointer) -> Int32, _ running: (OpaquePointer) -> OpaquePointer?) throws -> R) throws -> R {
        guard values.count == parameterCount else {
            throw PostgreSQLError(sqlState: "07001", message: "expected \(parameterCount) parameters, got \(values.count)", sql: sql)
        }
        try connection.countStatement(sql)
        let parameters = try Parameters(values.map(\.sqlValue), sql: sql)
        let count = Int32(values.count)
        guard !connection.sendsUnnamedStatements else {
            return try parameters.withPointers { pointers in
                try body({ PQsendQueryParams($0, numberedSQL, count, parameters.types, pointers, parameters.lengths, parameters.formats, 0) },
                         { PQexecParams($0, numberedSQL, count, parameters.types, pointers, parameters.lengths, parameters.formats, 0) })
            }
        }
        let name = try preparedName(for: parameters.types)
        return try parameters.withPointers { pointers in
            try body({ PQsendQueryPrepared($0, name, count, pointers, parameters.lengths, parameters.formats, 0) },
                     { PQexecPrepared($0, name, count, pointers, parameters.lengths, parameters.formats, 0) })
        }
    }

    /// Prepares the statement for these parameter types the first time they come (after reading
    /// what the pipeline holds: a prepared statement's name is only kept once the server took it).
    private func preparedName(for types: [Oid]) throws(PostgreSQLError) -> String {
        if let name = names[types] { return name }
        try connection.finishPipeline()
        let name = connection.nextStatementName()
        _ = try connection.check(PQprepare(connection.handle, name, numberedSQL, Int32(types.count), types), sql: sql)
        names[types] = name
        return name
    }
}

/// Parameter values laid out for libpq: text (NUL-terminated) for numbers and text, binary for
/// blobs, a null pointer for NULL.
private struct Parameters {
    private var bytes: [UInt8] = []
    private var offsets: [Int?] = []
    private(set) var lengths: [Int32] = []
    private(set) var formats: [Int32] = []
    private(set) var types: [Oid] = []

    /// - Throws: SQLSTATE 22021 for text holding U+0000, which PostgreSQL text cannot store (it
    ///   would otherwise end the value there, silently).
    init(_ values: [SQLValue], sql: String) throws(PostgreSQLError) {
        for (index, value) in values.enumerated() {
            switch value {
            case .null: append(nil, binary: false)
            case .integer(let number): append(Array(String(number).utf8), binary: false)
            case .real(let number): append(Array("\(number)".utf8), binary: false)
            case .text(let text):
                guard !text.utf8.contains(0) else {
                    throw PostgreSQLError(sqlState: "22021", message: "parameter \(index + 1) is text with a NUL character (U+0000), which PostgreSQL cannot store", sql: sql)
                }
                append(Array(text.utf8), binary: false)
            case .blob(let blob): append(blob, binary: true)
            }
        }
    }

    private mutating func append(_ value: [UInt8]?, binary: Bool) {
        types.append(binary ? byteaType : 0)
        formats.append(binary ? 1 : 0)
        lengths.append(Int32(value?.count ?? 0))
        guard let value else { return offsets.append(nil) }
        offsets.append(bytes.count)
        bytes.append(contentsOf: value)
        bytes.append(0)  // ends text; after a blob, gives even an empty one an address
    }

    /// Calls `body` with a pointer to each value, valid only during the call.
    func withPointers<R>(_ body: ([UnsafePointer<CChar>?]) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { buffer in
            let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            return try body(offsets.map { offset in
                guard let offset, let base else { return nil }
                return UnsafePointer(base + offset)
            })
        }
    }
}
