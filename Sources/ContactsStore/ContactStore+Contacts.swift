import ContactsCore
import Foundation
import SQLEngine

extension ContactStore {
    /// Validates and stores a new contact with a fresh UID.
    public func addContact(_ details: ContactDetails, to scope: AddressBookScope) throws -> Contact {
        let id = try addContacts([details], to: scope)[0]
        return try contact(id: id, in: scope)
    }

    /// Validates and stores many contacts in one transaction: all of them, or none.
    /// - Returns: the new ids, in the order given.
    public func addContacts(_ list: [ContactDetails], to scope: AddressBookScope) throws -> [Int64] {
        // Validation and the collation keys are CPU work: done on every core, outside the lock.
        let today = clock()
        let rows = try list.parallelMap { details in try Self.prepare(details, today: today) }
        let now = now()
        return try writing(scope) { db in
            try ContactInsertion.inserting(count: rows.count, db: db) { insertion in
                try rows.map { row in try insertion.next(row, in: scope, now: now) }
            }
        }
    }

    /// All contacts of the address book in display order, without their photo bytes.
    public func contacts(in scope: AddressBookScope) throws -> [Contact] {
        try queue.read { db in
            try db.statement("""
                SELECT \(ContactRow.columns) FROM contacts c
                WHERE c.book_id = ? AND c.deleted_at IS NULL AND c.is_group = 0 ORDER BY c.sort_key, c.name, c.uid
                """).rows([scope.bookID], ContactRow.contact)
        }
    }

    /// One page of the address book in display order: the `limit` contacts after contact `after`
    /// (from the start when nil), or from the first contact filed under `section`; only the
    /// members of group `group` when given.
    public func contacts(in scope: AddressBookScope, group: Int64? = nil, after: Int64? = nil, fromSection section: String? = nil,
                         limit: Int) throws -> [Contact] {
        try queue.read { db in try Self.contacts(in: scope, group: group, after: after, fromSection: section, limit: limit, db: db) }
    }

    /// A page as `contacts(in:after:fromSection:limit:)` reads it, with the count of the book's
    /// contacts, from one snapshot. Neither grows with the book: the page is a walk of `limit`
    /// rows along the display-order key, the count a number the book keeps.
    /// With `group`, the group's members and their count: a walk of the group's members, which
    /// a group's size bounds, not the book's.
    public func page(in scope: AddressBookScope, group: Int64? = nil, after: Int64? = nil, fromSection section: String? = nil,
                     limit: Int) throws -> (contacts: [Contact], total: Int) {
        try queue.read { db in
            let contacts = try Self.contacts(in: scope, group: group, after: after, fromSection: section, limit: limit, db: db)
            let total = try group.map { try Self.memberCount(of: $0, in: scope, db: db) } ?? Self.count(in: scope, db: db)
            return (contacts, total)
        }
    }

    private static func contacts(in scope: AddressBookScope, group: Int64?, after: Int64?, fromSection section: String?,
                                 limit: Int, db: any SQLConnection) throws -> [Contact] {
        // A group's members are read from its list of members first (CROSS JOIN keeps that order
        // of the loops in SQLite; PostgreSQL plans it by its statistics).
        let select = group == nil
            ? "SELECT \(ContactRow.columns) FROM contacts c WHERE c.book_id = ? AND c.deleted_at IS NULL AND c.is_group = 0"
            : """
              SELECT \(ContactRow.columns) FROM group_members m CROSS JOIN contacts c
              WHERE m.book_id = ? AND m.group_id = ? AND c.book_id = m.book_id AND c.id = m.contact_id AND c.deleted_at IS NULL
              """
        let filter: [any SQLBindable] = group.map { [scope.bookID, $0] } ?? [scope.bookID]
        let order = "ORDER BY c.sort_key, c.name, c.uid LIMIT ?"
        if let after {
            return try db.statement("""
                \(select) AND (c.sort_key, c.name, c.uid) > (SELECT sort_key, name, uid FROM contacts WHERE id = ? AND book_id = ?)
                \(order)
                """).rows(filter + [after, scope.bookID, limit], ContactRow.contact)
        }
        let start = section.map { $0 == NameCollation.otherSection ? "{" : $0.lowercased() } ?? ""
        return try db.statement("\(select) AND c.sort_key >= ? \(order)").rows(filter + [start, limit], ContactRow.contact)
    }

    /// How many live contacts are in the group.
    static func memberCount(of group: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> Int {
        try db.statement("SELECT count(*) FROM group_members WHERE book_id = ? AND group_id = ? AND contact_id IS NOT NULL")
            .firstRow([scope.bookID, group]) { $0.int(0) } ?? 0
    }

    /// How many contacts the address book holds (the trash not counted).
    public func count(in scope: AddressBookScope) throws -> Int {
        try queue.read { db in try Self.count(in: scope, db: db) }
    }

    /// The count the book keeps of its live contacts, moved in the transaction of every write
    /// that brings one in or takes one out (`ChangeKind.liveContactsChange`, `ContactInsertion`).
    static func count(in scope: AddressBookScope, db: any SQLConnection) throws -> Int {
        try db.statement("SELECT live_contacts FROM address_books WHERE id = ?").firstRow([scope.bookID]) { $0.int(0) } ?? 0
    }

    /// One contact with its photo; throws `contactNotFound` when it is not in this address book.
    public func contact(id: Int64, in scope: AddressBookScope) throws -> Contact {
        try queue.read { db in
            var contact = try Self.liveContact(id, in: scope, db: db)
            contact.details.photo = try Self.photo(of: id, in: scope, db: db)
            return contact
        }
    }

    /// A live contact (not a group card) without its photo bytes; throws `contactNotFound` when
    /// there is none in the book.
    private static func liveContact(_ id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> Contact {
        guard let contact = try db.statement("""
            SELECT \(ContactRow.columns) FROM contacts c WHERE c.id = ? AND c.book_id = ? AND c.deleted_at IS NULL AND c.is_group = 0
            """).firstRow([id, scope.bookID], ContactRow.contact) else { throw StoreError.contactNotFound(id) }
        return contact
    }

    /// The live contacts of the book among `ids`, without their photos, in no set order; ids
    /// of other books' contacts or of none are left out.
    public func contacts(withIDs ids: [Int64], in scope: AddressBookScope) throws -> [Contact] {
        guard !ids.isEmpty else { return [] }
        return try queue.read { db in
            try db.statement("""
                SELECT \(ContactRow.columns) FROM contacts c
                WHERE c.book_id = ? AND c.deleted_at IS NULL AND c.is_group = 0 AND c.id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ", ")))
                """).rows([scope.bookID] + ids, ContactRow.contact)
        }
    }

    /// A contact's photo, or nil when it has none.
    public func photo(ofContact id: Int64, in scope: AddressBookScope) throws -> Photo? {
        try queue.read { db in
            guard try db.statement("SELECT 1 FROM contacts WHERE id = ? AND book_id = ? AND deleted_at IS NULL AND is_group = 0")
                .firstRow([id, scope.bookID], { _ in true }) != nil else { throw StoreError.contactNotFound(id) }
            return try Self.photo(of: id, in: scope, db: db)
        }
    }

    /// Replaces a contact's details (photo included) after validating them. With `expectedRevision`
    /// (the `revision` of the contact the details were edited from), throws `changedSinceRead`
    /// instead of writing when another change landed in between.
    public func updateContact(id: Int64, with details: ContactDetails, in scope: AddressBookScope,
                              expectedRevision: Int64? = nil) throws -> Contact {
        let row = try Self.prepare(details, today: clock())
        let now = now()
        try writing(scope) { db in
            if let expectedRevision {
                guard let revision = try Self.liveRevision(of: id, in: scope, db: db) else { throw StoreError.contactNotFound(id) }
                guard revision == expectedRevision else { throw StoreError.changedSinceRead(id) }
            }
            guard try Self.replaceDetails(of: id, with: row, in: scope, now: now, db: db) else { throw StoreError.contactNotFound(id) }
        }
        return try contact(id: id, in: scope)
    }

    /// Saves a person's edit of a contact in one write transaction, which reads the contact as it
    /// stands (without its photo bytes), throws `changedSinceRead` when its revision is not
    /// `expectedRevision` (the one the edit was made from), else validates and writes the details
    /// `edit` makes of it. The photo is written only when `changesPhoto` (the details' photo, or
    /// none), else the stored one is kept untouched; the groups only when the details' CATEGORIES
    /// are not the stored ones. Errors `edit` throws are thrown as they are, with nothing written.
    public func editContact(id: Int64, in scope: AddressBookScope, expectedRevision: Int64, changesPhoto: Bool,
                            _ edit: (Contact) throws -> ContactDetails) throws {
        let today = clock()
        let now = now()
        try writing(scope) { db in
            let current = try Self.liveContact(id, in: scope, db: db)
            guard current.revision == expectedRevision else { throw StoreError.changedSinceRead(id) }
            let row = try Self.prepare(try edit(current), today: today,
                                       keepingStoredPhoto: changesPhoto ? nil : current.hasPhoto)
            _ = try Self.replaceDetails(of: id, with: row, in: scope, now: now, groupsBefore: CardGroups(current.details), db: db)
        }
    }

    /// Changes a contact by `change`, applied to its current details: a read-modify-write that
    /// starts again from the new details when another writer changed the contact in between, so
    /// only the fields `change` sets are written and no other change is lost.
    public func modifyContact(id: Int64, in scope: AddressBookScope,
                              _ change: (inout ContactDetails) throws -> Void) throws -> Contact {
        while true {
            let current = try contact(id: id, in: scope)
            var details = current.details
            try change(&details)
            do {
                return try updateContact(id: id, with: details, in: scope,
                                         expectedRevision: current.revision)
            } catch StoreError.changedSinceRead {
                continue
            }
        }
    }

    /// A live contact's revision, or nil when there is no such contact.
    static func liveRevision(of id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> Int64? {
        try db.statement("SELECT revision FROM contacts WHERE id = ? AND book_id = ? AND deleted_at IS NULL")
            .firstRow([id, scope.bookID]) { $0.int64(0) }
    }

    /// Moves a contact to the trash, from which `restoreContact` brings it back for 30 days.
    public func deleteContact(id: Int64, in scope: AddressBookScope) throws {
        let now = now()
        let cutoff = trashCutoff()
        try writing(scope) { db in
            guard try Self.moveToTrash(id, in: scope, now: now, cutoff: cutoff, db: db) else { throw StoreError.contactNotFound(id) }
        }
    }

    /// Validates the details and computes their column values, before any write transaction: a
    /// contact in more than `ContactDetails.Limits.groups` groups is refused too.
    /// - Parameter storedPhoto: see `PreparedRow.init(_:keepingStoredPhoto:)`.
    static func prepare(_ details: ContactDetails, today: Date,
                        keepingStoredPhoto storedPhoto: Bool? = nil) throws(StoreError) -> PreparedRow {
        let row: PreparedRow
        do {
            row = PreparedRow(try details.validated(now: today), keepingStoredPhoto: storedPhoto)
        } catch {
            throw .invalid(error)
        }
        guard row.groups.categories.count <= ContactDetails.Limits.groups else {
            throw .invalid(.tooMany(field: .groups, limit: ContactDetails.Limits.groups))
        }
        return row
    }

    /// Overwrites a live contact's details and photo (unless the row keeps the stored one) and
    /// logs the update, whose number, the book's next change, the same UPDATE makes the
    /// contact's revision and returns (the write lock keeps it the next until the book's count,
    /// sent behind it, moves): one round trip. False when there is no such contact.
    /// - Parameter groupsBefore: the groups of the details stored, when known: the groups are
    ///   left as they are when the row's are the same.
    /// - Throws: `addressBookNotFound` when the book is in the trash.
    static func replaceDetails(of id: Int64, with row: PreparedRow, in scope: AddressBookScope, now: Int64,
                               groupsBefore: CardGroups? = nil, db: any SQLConnection) throws -> Bool {
        let assignments = ContactRow.detailColumns.map { "\($0) = ?" }.joined(separator: ", ")
        guard let number = try db.statement("""
            UPDATE contacts SET \(assignments), updated_at = ?, changed_by = ?, changed_at = ?,
                revision = (SELECT last_change + 1 FROM address_books WHERE id = ? AND deleted_at IS NULL)
            WHERE id = ? AND book_id = ? AND deleted_at IS NULL
                AND EXISTS (SELECT 1 FROM address_books WHERE id = ? AND deleted_at IS NULL)
            RETURNING revision
            """).firstRow(row.values + [now, scope.actorID, now, scope.bookID, id, scope.bookID, scope.bookID], { $0.int64(0) })
        else {
            guard try isLiveBook(scope, db: db) else { throw StoreError.addressBookNotFound }
            return false
        }
        try db.send("UPDATE address_books SET last_change = ? WHERE id = ?", number, scope.bookID)
        if !row.keepsPhoto {
            if row.photo == nil { try db.send("DELETE FROM photos WHERE book_id = ? AND contact_id = ?", scope.bookID, id) }
            try savePhoto(row.photo, of: id, in: scope, db: db)
        }
        try db.send("DELETE FROM sent_cards WHERE book_id = ? AND contact_id = ?", scope.bookID, id)
        try logChange(.update, of: id, in: scope, number: number, at: now, db: db)
        if groupsBefore != row.groups {
            try GroupSync.updated(id, groups: row.groups, in: scope, now: now, db: db)
        }
        return true
    }

    /// Stores the photo as the contact's, over the one it had; nothing for none.
    static func savePhoto(_ photo: Photo?, of id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws {
        guard let photo else { return }
        try db.send("""
            INSERT INTO photos (book_id, contact_id, data) VALUES (?, ?, ?)
            ON CONFLICT (book_id, contact_id) DO UPDATE SET data = excluded.data
            """, scope.bookID, id, photo.data)
    }

    static func photo(of id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> Photo? {
        try db.statement("SELECT data FROM photos WHERE book_id = ? AND contact_id = ?")
            .firstRow([scope.bookID, id]) { row in try Photo(data: row.blob(0)) }
    }
}
