import SQLEngine

/// What a write was, for the history's names of its changes: a creation by a move is "moved",
/// an update by a merge "merged".
enum HistoryOperation {
    case edit, restore, merge, move

    /// The name of each kind of change the operation makes to a contact (a group's card is
    /// always created, changed or deleted).
    var changes: (create: ContactVersion.Change, update: ContactVersion.Change, delete: ContactVersion.Change) {
        switch self {
        case .edit: (.created, .changed, .deleted)
        case .restore: (.restored, .restored, .deleted)
        case .merge: (.created, .merged, .merged)
        case .move: (.moved, .changed, .moved)
        }
    }
}

/// Keeps the versions a write transaction made: at its end, one version of each contact the
/// books' change logs name since its start, as the contact is then (or gone from the book),
/// with its card as sent and its photo (each photo once per contact). The version it replaces
/// is marked superseded, and versions superseded longer ago than the history keeps are pruned,
/// a bounded number a write (`prune`), so no write pays for a long quiet spell at once.
struct HistoryRecorder {
    /// Each book held, with its newest change when the write began.
    private let books: [(id: Int64, lastChange: Int64)]

    init(books ids: [Int64], db: any SQLConnection) throws {
        books = try ids.map { id in
            (id, try db.statement("SELECT last_change FROM address_books WHERE id = ?").firstRow([id]) { $0.int64(0) } ?? 0)
        }
    }

    /// Records the versions of each book's contacts changed since the write began. Every
    /// statement is sent without waiting for its answer (one round trip for them all on
    /// PostgreSQL, with the commit).
    /// - Parameters:
    ///   - account: the account acting.
    ///   - cutoff: versions superseded before this (milliseconds) may be pruned.
    func record(_ operation: HistoryOperation, by client: ChangeClient, account: Int64, at now: Int64, pruningBefore cutoff: Int64,
                db: any SQLConnection) throws {
        // Each statement is driven by the write's own changes, a few rows in a large book: index
        // lookups, never a scan of the book's contacts, photos or versions (nor a hash of its photos).
        if let lookups = db.dialect.indexLookupsForTheRestOfTheTransaction { try db.send(lookups) }
        for book in books {
            try db.send(Self.keepPhotos, book.id, book.lastChange, book.id)
            let names = operation.changes
            try db.send(Self.keepVersions, names.delete.rawValue, names.create.rawValue, names.update.rawValue,
                        account, client.kind.rawValue, client.key, client.name, client.userAgent, book.id, book.lastChange, book.id)
            try db.send("""
                UPDATE contact_versions SET superseded_at = ?
                WHERE book_id = ? AND revision <= ? AND superseded_at IS NULL
                    AND id IN (SELECT contact_id FROM changes WHERE book_id = ? AND number > ?)
                """, now, book.id, book.lastChange, book.id, book.lastChange)
            try Self.prune(in: book.id, before: cutoff, changesSince: book.lastChange, db: db)
        }
    }

    /// How many versions past keeping a write prunes at least; with two for each change it made,
    /// more than it can have superseded, so the pruning keeps up with any mix of writes.
    static let prunedPerWrite = 64

    /// Deletes the book's versions superseded before `cutoff`, at most `prunedPerWrite` plus two
    /// for each of its changes after `lastChange`, and the photos only versions past keeping show
    /// (photos first, while their versions still name them).
    static func prune(in bookID: Int64, before cutoff: Int64, changesSince lastChange: Int64, db: any SQLConnection) throws {
        let limit = "LIMIT (SELECT \(prunedPerWrite) + 2 * (last_change - ?) FROM address_books WHERE id = ?)"
        try db.send("""
            DELETE FROM version_photos WHERE (book_id, contact_id, revision) IN (
                SELECT v.book_id, v.id, v.photo_revision FROM contact_versions v
                WHERE v.book_id = ? AND v.superseded_at < ? AND v.photo_revision IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM contact_versions k WHERE k.book_id = v.book_id AND k.id = v.id
                                    AND k.photo_revision = v.photo_revision AND (k.superseded_at IS NULL OR k.superseded_at >= ?))
                \(limit))
            """, bookID, cutoff, cutoff, lastChange, bookID)
        try db.send("""
            DELETE FROM contact_versions WHERE (book_id, id, revision) IN (
                SELECT book_id, id, revision FROM contact_versions WHERE book_id = ? AND superseded_at < ? \(limit))
            """, bookID, cutoff, lastChange, bookID)
    }

    /// Each contact the book's log names after a change number, once, under its latest change
    /// there, and whether one of its changes there created it.
    private static let latestChanges = """
        (SELECT contact_id, max(number) AS number, max(CASE WHEN kind = 'create' THEN 1 ELSE 0 END) AS created
         FROM changes WHERE book_id = ? AND number > ? GROUP BY contact_id) latest
        """

    /// Keeps the photo of each contact changed (parameters: the book, its last change before,
    /// the book) under the change's number, unless one of the contact's kept photos is the same.
    private static let keepPhotos = """
        INSERT INTO version_photos (book_id, contact_id, revision, data)
        SELECT p.book_id, p.contact_id, latest.number, p.data
        FROM \(latestChanges) JOIN photos p ON p.book_id = ? AND p.contact_id = latest.contact_id
        WHERE NOT EXISTS (SELECT 1 FROM version_photos vp WHERE vp.book_id = p.book_id AND vp.contact_id = p.contact_id AND vp.data = p.data)
        """

    /// Keeps a version of each contact changed (parameters: the names of a deletion, a creation
    /// and an update, the account, the client's kind, key, name and User-Agent, the book, its
    /// last change before, the book). A deletion is superseded at once: the contact's versions
    /// go 30 days after it left, with the trash's copy.
    private static let keepVersions: String = {
        let columns = Schema.versionedColumnNames
        return """
            INSERT INTO contact_versions (book_id, id, revision, \(columns.joined(separator: ", ")), uid, href, live, change,
                changed_at, changed_by, client_kind, client_key, client_name, user_agent, card_version, card_text, photo_revision,
                superseded_at)
            SELECT ch.book_id, ch.contact_id, ch.number, \(columns.map { "c." + $0 }.joined(separator: ", ")), ch.uid, ch.href,
                CASE WHEN c.deleted_at IS NULL AND c.id IS NOT NULL THEN 1 ELSE 0 END,
                CASE WHEN c.is_group = 1 THEN (CASE WHEN ch.kind = 'delete' THEN 'deleted' WHEN latest.created = 1 THEN 'created' ELSE 'changed' END)
                     ELSE (CASE WHEN ch.kind = 'delete' THEN ? WHEN latest.created = 1 THEN ? ELSE ? END) END,
                ch.changed_at, ?, ?, ?, ?, ?, s.version, s.text,
                (SELECT max(vp.revision) FROM version_photos vp WHERE vp.book_id = p.book_id AND vp.contact_id = p.contact_id AND vp.data = p.data),
                CASE WHEN c.deleted_at IS NULL AND c.id IS NOT NULL THEN NULL ELSE ch.changed_at END
            FROM \(latestChanges)
            JOIN changes ch ON ch.book_id = ? AND ch.number = latest.number
            LEFT JOIN contacts c ON c.book_id = ch.book_id AND c.id = ch.contact_id
            LEFT JOIN sent_cards s ON s.book_id = c.book_id AND s.contact_id = c.id AND s.revision = c.revision
            LEFT JOIN photos p ON p.book_id = c.book_id AND p.contact_id = c.id
            """
    }()
}
