import SQLEngine

/// Rows gathered for one table, to be inserted several to a statement: a batch of inserts is a
/// few statements, not one per row. Each statement holds `maximumRows` rows, or half as many,
/// or half of that…, down to one, so that a table has a handful of statement texts, each
/// prepared once per connection and reused.
struct PendingRows {
    /// The most rows one statement inserts.
    let maximumRows: Int
    /// The statement inserting `rows` rows, for each number of rows a statement holds.
    private let statements: [Int: String]
    /// The numbers of rows a statement holds, largest first.
    private let sizes: [Int]
    private let width: Int
    /// The values of the rows gathered, row after row.
    private var values: [any SQLBindable] = []

    /// - Parameter maximumRows: the most rows a statement inserts; nil for what suits the
    ///   engine when rows are inserted one transaction's writes among others.
    init(table: String, columns: [String], on dialect: SQLDialect, maximumRows: Int? = nil) {
        self.maximumRows = max(maximumRows ?? Self.maximumRows(on: dialect), 1)
        sizes = Array(sequence(first: self.maximumRows) { $0 > 1 ? $0 / 2 : nil })
        width = columns.count
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        statements = Dictionary(uniqueKeysWithValues: sizes.map { rows in
            (rows, head + Array(repeating: row, count: rows).joined(separator: ", "))
        })
    }

    /// PostgreSQL parses, plans and runs each statement as a message of its own, so many rows
    /// go in one; SQLite runs a statement in the process, and one of several rows would need a
    /// statement journal (to undo it alone), so one row each.
    private static func maximumRows(on dialect: SQLDialect) -> Int {
        switch dialect {
        case .sqlite: 1
        case .postgresql: 64
        }
    }

    /// How many rows are gathered.
    var count: Int { values.count / width }

    /// Whether a statement of the most rows can be sent.
    var isFull: Bool { count >= maximumRows }

    mutating func append(_ row: [any SQLBindable]) {
        precondition(row.count == width, "a row of \(row.count) values for \(width) columns")
        values += row
    }

    /// Sends the rows gathered, in order, with as few statements as the sizes allow (whose
    /// answers are read with the connection's next statement that waits), and forgets them.
    mutating func send(db: any SQLConnection) throws {
        var start = 0
        for rows in sizes {
            while count - start / width >= rows {
                let end = start + rows * width
                try db.statement(statements[rows]!).send(Array(values[start..<end]))
                start = end
            }
        }
        values.removeAll(keepingCapacity: true)
    }
}
