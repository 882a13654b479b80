import SQLEngine

/// The migration that began the contacts' history: its tables, and each contact's first
/// version, as it stands when the history begins (by no client; changed at its last change).
enum HistoryMigration {
    static let name = "History: every change keeps the version it made, each contact starting from how it is now"

    static func apply(_ db: any SQLConnection) throws {
        for name in ["contact_versions", "version_photos"] {
            try db.execute(Schema.table(name).createStatements(for: db.dialect, ifNotExists: true))
        }
        // Run again on a database whose version was rolled back, the versions are already there.
        guard try db.statement("SELECT 1 FROM contact_versions LIMIT 1").firstRow({ _ in true }) == nil else { return }
        try db.execute("""
            INSERT INTO version_photos (book_id, contact_id, revision, data)
            SELECT p.book_id, p.contact_id, c.revision, p.data FROM photos p JOIN contacts c ON c.book_id = p.book_id AND c.id = p.contact_id
            """)
        let columns = Schema.versionedColumnNames
        try db.execute("""
            INSERT INTO contact_versions (book_id, id, revision, \(columns.joined(separator: ", ")), uid, href, live, change,
                changed_at, changed_by, card_version, card_text, photo_revision, superseded_at)
            SELECT c.book_id, c.id, c.revision, \(columns.map { "c." + $0 }.joined(separator: ", ")), c.uid, c.href,
                CASE WHEN c.deleted_at IS NULL THEN 1 ELSE 0 END,
                CASE WHEN c.deleted_at IS NOT NULL THEN 'deleted' WHEN c.updated_at > c.created_at THEN 'changed' ELSE 'created' END,
                coalesce(c.deleted_at, c.changed_at, c.updated_at), c.changed_by, s.version, s.text,
                CASE WHEN c.has_photo = 1 THEN c.revision END, c.deleted_at
            FROM contacts c LEFT JOIN sent_cards s ON s.book_id = c.book_id AND s.contact_id = c.id AND s.revision = c.revision
            """)
    }
}
