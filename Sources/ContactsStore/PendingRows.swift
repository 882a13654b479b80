import SQLEngine

/// Rows gathered for one table, to be inserted several to a statement: a batch of inserts is a
/// few statements, not one per row. Each statement holds a power of two of rows, at most
/// `maximumRows`, so that a table has a handful of statement texts, each prepared once per
/// connection and reused.
struct PendingRows {
    /// The most rows one statement inserts.
    static let maximumRows = 64

    /// The statement inserting `rows` rows, for each power of two up to `maximumRows`.
    private let statements: [Int: String]
    private let width: Int
    /// The values of the rows gathered, row after row.
    private var values: [any SQLBindable] = []

    init(table: String, columns: [String]) {
        width = columns.count
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        statements = Dictionary(uniqueKeysWithValues: Self.sizes.map { rows in
            (rows, head + Array(repeating: row, count: rows).joined(separator: ", "))
        })
    }

    /// The numbers of rows a statement holds, largest first.
    private static let sizes = Array(sequence(first: maximumRows) { $0 > 1 ? $0 / 2 : nil })

    /// How many rows are gathered.
    var count: Int { values.count / width }

    mutating func append(_ row: [any SQLBindable]) {
        precondition(row.count == width, "a row of \(row.count) values for \(width) columns")
        values += row
    }

    /// Sends the rows gathered, in order, with as few statements as the sizes allow (whose
    /// answers are read with the connection's next statement that waits), and forgets them.
    mutating func send(db: any SQLConnection) throws {
        var start = 0
        for rows in Self.sizes {
            while count - start / width >= rows {
                let end = start + rows * width
                try db.statement(statements[rows]!).send(Array(values[start..<end]))
                start = end
            }
        }
        values.removeAll(keepingCapacity: true)
    }
}
