import SQLEngine

/// What happened to a contact, as the change log records it.
enum ChangeKind: String {
    case create, update, delete

    /// How the change moves the count of the book's live contacts: a creation (also a restore)
    /// brings one in, a deletion (a move to the trash) takes one out.
    var liveContactsChange: Int {
        switch self {
        case .create: 1
        case .update: 0
        case .delete: -1
        }
    }
}

extension ContactStore {
    /// Appends a change of a contact in the table to its address book's change log, under the
    /// UID and resource name the row has now, makes the change's number the contact's revision
    /// (its ETag) and records the scope's acting account as the last to change it.
    static func recordChange(_ kind: ChangeKind, of id: Int64, in scope: AddressBookScope, at now: Int64, db: any SQLConnection) throws {
        // A group's card is not a contact: it moves no count.
        let isGroup = try kind.liveContactsChange != 0 && db.statement("SELECT is_group FROM contacts WHERE id = ? AND book_id = ?")
            .firstRow([id, scope.bookID], { $0.int(0) != 0 }) == true
        let number = try reserveChangeNumbers(1, in: scope, movingLiveContactsBy: isGroup ? 0 : kind.liveContactsChange, db: db).lowerBound
        try logChange(kind, of: id, in: scope, number: number, at: now, db: db)
        try db.send("UPDATE contacts SET revision = ?, changed_by = ?, changed_at = ? WHERE id = ? AND book_id = ?",
                    number, scope.actorID, now, id, scope.bookID)
    }

    /// Appends change `number` (reserved with `reserveChangeNumbers`) of a contact in the table to
    /// its address book's change log, under the UID and resource name the row has now; the row's
    /// revision is the caller's to set.
    static func logChange(_ kind: ChangeKind, of id: Int64, in scope: AddressBookScope, number: Int64, at now: Int64,
                          db: any SQLConnection) throws {
        try db.send("""
            INSERT INTO changes (book_id, number, contact_id, uid, href, kind, changed_at)
            SELECT book_id, ?, id, uid, href, ?, ? FROM contacts WHERE id = ? AND book_id = ?
            """, number, kind.rawValue, now, id, scope.bookID)
    }

    /// The columns of a change log row `creationRecord` gives the values of.
    static let creationColumns = ["book_id", "number", "contact_id", "uid", "href", "kind", "changed_at"]

    /// The change log row of change `number` of its book (reserved with `reserveChangeNumbers`):
    /// the creation of a contact about to be inserted with this UID and name, so logged without
    /// reading or rewriting its row; the number is the revision to insert it with.
    static func creationRecord(of id: Int64, uid: String, href: String, in scope: AddressBookScope, number: Int64,
                               at now: Int64) -> [any SQLBindable] {
        [scope.bookID, number, id, uid, href, ChangeKind.create.rawValue, now]
    }

    /// Reserves the numbers of the address book's next `count` changes (its own sequence 1, 2,
    /// 3…, which no other book's writes move), in one statement for a whole batch of inserts, and
    /// moves the book's count of live contacts by `liveContacts` in the same statement. A number
    /// reserved and not used leaves a gap, which nothing minds: numbers only need to grow. A book
    /// in the trash takes no writes: `addressBookNotFound`.
    static func reserveChangeNumbers(_ count: Int, in scope: AddressBookScope, movingLiveContactsBy liveContacts: Int = 0,
                                     db: any SQLConnection) throws -> ClosedRange<Int64> {
        guard let last = try db.statement("""
            UPDATE address_books SET last_change = last_change + ?, live_contacts = live_contacts + ?
            WHERE id = ? AND deleted_at IS NULL RETURNING last_change
            """).firstRow([count, liveContacts, scope.bookID], { $0.int64(0) }) else { throw StoreError.addressBookNotFound }
        return (last - Int64(count) + 1)...last
    }

    /// Moves the book's count of live contacts by `change`, for contacts inserted under change
    /// numbers reserved before.
    static func moveLiveContacts(by change: Int, in bookID: Int64, db: any SQLConnection) throws {
        try db.send("UPDATE address_books SET live_contacts = live_contacts + ? WHERE id = ?", change, bookID)
    }

    /// The number of the address book's newest change (0 before any change).
    static func latestChange(in scope: AddressBookScope, db: any SQLConnection) throws -> Int64 {
        try db.statement("SELECT last_change FROM address_books WHERE id = ?").firstRow([scope.bookID]) { $0.int64(0) } ?? 0
    }

    /// Where the address book's change log stands: its salt and the number of its newest change.
    static func syncPosition(in scope: AddressBookScope, db: any SQLConnection) throws -> SyncToken? {
        try db.statement("SELECT sync_salt, last_change FROM address_books WHERE id = ?").firstRow([scope.bookID]) {
            SyncToken(salt: $0.text(0), change: $0.int64(1))
        }
    }
}
