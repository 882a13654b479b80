import SQLite

/// What happened to a contact, as the change log records it.
enum ChangeKind: String {
    case create, update, delete
}

extension ContactStore {
    /// Appends to the address book's change log; its sequence number only ever grows.
    static func recordChange(_ kind: ChangeKind, of id: Int64, uid: String? = nil, in scope: AddressBookScope,
                             at now: Int64, db: Database) throws {
        if let uid {
            try db.run("INSERT INTO changes (book_id, contact_id, uid, kind, changed_at) VALUES (?, ?, ?, ?, ?)",
                       scope.bookID, id, uid, kind.rawValue, now)
        } else {
            try db.run("""
                INSERT INTO changes (book_id, contact_id, uid, kind, changed_at)
                SELECT book_id, id, uid, ?, ? FROM contacts WHERE id = ?
                """, kind.rawValue, now, id)
        }
    }

    /// The newest sequence number of the address book's change log (0 before any change).
    static func latestChange(in scope: AddressBookScope, db: Database) throws -> Int64 {
        // A bare max() lets SQLite read the last entry of the index instead of scanning it.
        try db.statement("SELECT max(seq) FROM changes WHERE book_id = ?").firstRow([scope.bookID]) { $0.int64(0) } ?? 0
    }
}
