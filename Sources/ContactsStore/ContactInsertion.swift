import ContactsCore
import SQLite

/// A contact's column values and photo, computed before the write transaction.
struct PreparedRow: @unchecked Sendable {
    // Unchecked: the values are immutable strings, numbers and byte arrays.
    let values: [any SQLiteBindable]
    let photo: Photo?
}

/// Inserts new contacts inside one write transaction, handing out ids reserved up front.
struct ContactInsertion {
    private let db: Database
    private let statement: Statement
    private var nextID: Int64
    private let lastID: Int64

    /// Reserves `count` ids from the counter, which never hands one out twice.
    init(db: Database, count: Int) throws {
        self.db = db
        statement = try db.statement("""
            INSERT INTO contacts (id, book_id, uid, created_at, updated_at, \(ContactRow.detailColumns.joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?, \(Array(repeating: "?", count: ContactRow.detailColumns.count).joined(separator: ", ")))
            """)
        lastID = try db.statement("UPDATE counters SET value = value + ? WHERE name = 'contact_id' RETURNING value")
            .firstRow([count]) { $0.int64(0) } ?? 0
        nextID = lastID - Int64(count) + 1
    }

    /// Inserts one contact and its photo; returns its id. The caller logs the change.
    mutating func next(_ row: PreparedRow, uid: String, in scope: AddressBookScope, now: Int64) throws -> Int64 {
        precondition(nextID <= lastID, "more contacts inserted than ids reserved")
        let id = nextID
        nextID += 1
        try statement.execute([id, scope.bookID, uid, now, now] + row.values)
        try ContactStore.savePhoto(row.photo, of: id, in: db)
        return id
    }
}
