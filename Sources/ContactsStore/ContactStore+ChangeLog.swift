import SQLite

/// What happened to a contact, as the change log records it.
enum ChangeKind: String {
    case create, update, delete
}

extension ContactStore {
    /// Appends a change of a contact in the table to its address book's change log (whose
    /// sequence number only ever grows), under the UID and resource name the row has now, and
    /// makes the new sequence number the contact's revision (its ETag).
    static func recordChange(_ kind: ChangeKind, of id: Int64, in scope: AddressBookScope, at now: Int64, db: Database) throws {
        try db.run("""
            INSERT INTO changes (book_id, contact_id, uid, href, kind, changed_at)
            SELECT book_id, id, uid, href, ?, ? FROM contacts WHERE id = ? AND book_id = ?
            """, kind.rawValue, now, id, scope.bookID)
        try db.run("UPDATE contacts SET revision = ? WHERE id = ? AND book_id = ?", db.lastInsertRowID, id, scope.bookID)
    }

    /// Logs the creation of a contact about to be inserted with this UID and name (so without
    /// reading or rewriting its row) and returns the sequence number: the revision to insert it with.
    static func recordCreation(of id: Int64, uid: String, href: String, in scope: AddressBookScope, at now: Int64,
                               db: Database) throws -> Int64 {
        try db.run("INSERT INTO changes (book_id, contact_id, uid, href, kind, changed_at) VALUES (?, ?, ?, ?, ?, ?)",
                   scope.bookID, id, uid, href, ChangeKind.create.rawValue, now)
        return db.lastInsertRowID
    }

    /// The newest sequence number of the address book's change log (0 before any change).
    static func latestChange(in scope: AddressBookScope, db: Database) throws -> Int64 {
        // A bare max() lets SQLite read the last entry of the index instead of scanning it.
        try db.statement("SELECT max(seq) FROM changes WHERE book_id = ?").firstRow([scope.bookID]) { $0.int64(0) } ?? 0
    }
}
