import ContactsCore
import SQLEngine
import VCard

extension ContactStore {
    /// Moves live contacts from one address book to another of the same account, all of them or
    /// none. Each keeps its UID, card text (as a client sent it) and photo, and shows in sync as a
    /// deletion in `source` and a creation in `target`; a contact of the target's trash with the
    /// same UID is deleted for good to make way.
    /// - Returns: the contacts' ids in `target`, in the order given (each id once).
    /// - Throws: `alreadyInAddressBook` when `target` has a live contact with one of the UIDs,
    ///   `contactNotFound` for an id of no live contact of `source`, `addressBookNotFound` for a
    ///   book of another account or in the trash, `sameAddressBook`.
    public func moveContacts(ids: [Int64], from source: AddressBookScope, to target: AddressBookScope) throws -> [Int64] {
        try transferContacts(ids, from: source, to: target, keepingThem: true)
    }

    /// Copies live contacts from one address book into another of the same account, all of them
    /// or none: each copy has a new UID, the details and photo of its original, and shows in sync
    /// as a creation in `target`. Throws as `moveContacts` does, `alreadyInAddressBook` aside.
    /// - Returns: the copies' ids, in the order given (each id once).
    public func copyContacts(ids: [Int64], from source: AddressBookScope, to target: AddressBookScope) throws -> [Int64] {
        try transferContacts(ids, from: source, to: target, keepingThem: false)
    }

    /// A move (`keepingThem`: the same UIDs, the originals leave `source`) or a copy.
    private func transferContacts(_ ids: [Int64], from source: AddressBookScope, to target: AddressBookScope,
                                  keepingThem move: Bool) throws -> [Int64] {
        guard source.userID == target.userID else { throw StoreError.addressBookNotFound }
        guard source != target else { throw StoreError.sameAddressBook }

        var seen = Set<Int64>()
        let ids = ids.filter { seen.insert($0).inserted }
        let now = now()
        // Both books' shares are checked as they stand inside the write.
        return try writing(source, alsoHolding: [target], as: move ? .move : .edit) { db in
            try Self.checkShare(of: target, db: db)
            guard try Self.isLiveBook(source, db: db), try Self.isLiveBook(target, db: db) else { throw StoreError.addressBookNotFound }
            let originals = try ids.map { id in
                guard let original = try Self.transferableCard(id, in: source, db: db) else { throw StoreError.contactNotFound(id) }
                return original
            }
            if move {
                for original in originals { try Self.makeWay(forUID: original.contact.uid, in: target, db: db) }
            }
            let newIDs = try ContactInsertion.inserting(count: originals.count, db: db) { insertion in
                try originals.map { original in
                    return try insertion.next(PreparedRow(original.contact.details), uid: move ? original.contact.uid : nil, in: target, now: now)
                }
            }
            guard move else { return newIDs }
            for (original, newID) in zip(originals, newIDs) {
                if let sent = original.sent { try Self.keepSentCard(sent, of: newID, in: target, db: db) }
                try Self.recordChange(.delete, of: original.contact.id, in: source, at: now, db: db)
                // It leaves the source's group cards; its CATEGORIES put it in the target's groups.
                try GroupSync.removed(original.contact.id, in: source, now: now, db: db)
                try db.run("DELETE FROM contacts WHERE id = ? AND book_id = ?", original.contact.id, source.bookID)
            }
            return newIDs
        }
    }

    /// A live contact of the book with its photo and its card as a client sent it (while that is
    /// its latest write), or nil when there is no such contact.
    private static func transferableCard(_ id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws
        -> (contact: Contact, sent: SentCard?)? {
        let (photo, version, text) = (ContactColumn.following, ContactColumn.following + 1, ContactColumn.following + 2)
        return try db.statement("""
            SELECT \(ContactRow.columns), (SELECT p.data FROM photos p WHERE p.book_id = c.book_id AND p.contact_id = c.id),
                   s.version, s.text
            FROM contacts c LEFT JOIN sent_cards s ON s.book_id = c.book_id AND s.contact_id = c.id AND s.revision = c.revision
            WHERE c.id = ? AND c.book_id = ? AND c.deleted_at IS NULL AND c.is_group = 0
            """).firstRow([id, scope.bookID]) { row in
            var contact = ContactRow.contact(from: row)
            if !row.isNull(photo) { contact.details.photo = try Photo(data: row.blob(photo)) }
            let sent = row.isNull(text) ? nil : VCardWriter.Version(rawValue: row.text(version)).map { SentCard(text: row.text(text), version: $0) }
            return (contact, sent)
        }
    }

    /// Throws `alreadyInAddressBook` when the book has a live contact with the UID; deletes one
    /// in its trash for good.
    static func makeWay(forUID uid: String, in scope: AddressBookScope, db: any SQLConnection) throws {
        guard let (id, inTrash) = try db.statement("SELECT id, deleted_at IS NOT NULL FROM contacts WHERE book_id = ? AND uid = ?")
            .firstRow([scope.bookID, uid], { ($0.int64(0), $0.int(1) != 0) }) else { return }
        guard inTrash else { throw StoreError.alreadyInAddressBook(uid: uid) }
        try purgeFromTrash(id, in: scope, db: db)
    }

    /// Keeps the card as sent for the contact's current revision (over one kept for an earlier
    /// revision), so clients read the same text.
    static func keepSentCard(_ sent: SentCard, of id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws {
        try db.run("""
            INSERT INTO sent_cards (book_id, contact_id, revision, version, text)
            SELECT book_id, id, revision, ?, ? FROM contacts WHERE id = ? AND book_id = ?
            ON CONFLICT (book_id, contact_id) DO UPDATE SET revision = excluded.revision, version = excluded.version, text = excluded.text
            """, sent.version.rawValue, sent.text, id, scope.bookID)
    }
}
