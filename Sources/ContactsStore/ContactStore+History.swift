import ContactsCore
import Foundation
import SQLEngine
import VCard

extension ContactStore {
    /// How long a version is kept after the next one replaced it: what a rewind can reach back to.
    public static let historyRetention = trashRetention

    /// Versions superseded before this moment (milliseconds) are past keeping.
    func historyCutoff() -> Int64 {
        now() - Int64(Self.historyRetention * 1000)
    }

    /// The contact's versions of the last 30 days, newest first: each change made to it, and the
    /// version it was in before them. A deleted contact's too, while its versions are kept.
    /// - Throws: `contactNotFound` when the book keeps no version of such a contact.
    public func history(ofContact id: Int64, in scope: AddressBookScope) throws -> [ContactVersion] {
        let cutoff = historyCutoff()
        let versions = try queue.read { db in
            try db.statement("""
                SELECT \(Self.versionColumns) FROM \(Self.versionJoins)
                WHERE c.book_id = ? AND c.id = ? AND (c.superseded_at IS NULL OR c.superseded_at >= ?)
                ORDER BY c.revision DESC
                """).rows([scope.bookID, id, cutoff], Self.version)
        }
        guard !versions.isEmpty else { throw StoreError.contactNotFound(id) }
        return versions
    }

    /// Makes the contact as it was in its version `number`, as a new change clients sync: its
    /// details, photo and card as sent come back (from the trash, or into the book again when it
    /// left it), or it goes to the trash when that version was its deletion.
    /// - Returns: the contact as it is now; nil when the version was a deletion.
    /// - Throws: `versionNotFound` for a version the book does not keep, `uidConflict` when
    ///   another live card has taken its UID or name since, `addressBookReadOnly`.
    public func restoreVersion(_ number: Int64, ofContact id: Int64, in scope: AddressBookScope) throws -> Contact? {
        let now = now()
        let cutoff = trashCutoff()
        let live = try writing(scope, as: .restore) { db in
            guard let version = try Self.version(number, of: id, in: scope, db: db) else {
                throw StoreError.versionNotFound(contact: id, version: number)
            }
            return try Self.bringBack(version, in: scope, now: now, cutoff: cutoff, db: db)
        }
        return live ? try contact(id: id, in: scope) : nil
    }

    /// A kept version of a contact of the book, nil when there is none of that number.
    static func version(_ number: Int64, of id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> ContactVersion? {
        try db.statement("""
            SELECT \(versionColumns) FROM \(versionJoins) WHERE c.book_id = ? AND c.id = ? AND c.revision = ?
            """).firstRow([scope.bookID, id, number], version)
    }

    /// Makes the contact what `version` says it was, in the transaction `db` holds; returns
    /// whether it is live after.
    @discardableResult
    static func bringBack(_ version: ContactVersion, in scope: AddressBookScope, now: Int64, cutoff: Int64,
                          db: any SQLConnection) throws -> Bool {
        let id = version.contactID
        let current = try db.statement("SELECT deleted_at IS NOT NULL FROM contacts WHERE id = ? AND book_id = ?")
            .firstRow([id, scope.bookID]) { (inTrash: $0.int(0) != 0, live: $0.int(0) == 0) }
        guard version.isLive, let stored = version.contact else {
            if current?.live == true { _ = try moveToTrash(id, in: scope, now: now, cutoff: cutoff, db: db) }
            return false
        }
        let row = PreparedRow(stored.details)
        switch current {
        case nil:
            try makeWay(for: stored.uid, href: version.href, in: scope, db: db)
            _ = try ContactInsertion.inserting(reusing: [id], db: db) { insertion in
                try insertion.next(row, uid: stored.uid, href: version.href, in: scope, now: now)
            }
            try db.send("UPDATE contacts SET created_at = ? WHERE id = ? AND book_id = ?", milliseconds(stored.createdAt), id, scope.bookID)
        case let state?:
            if state.inTrash {
                _ = try restoreFromTrash(id, in: scope, now: now, cutoff: 0, db: db)
                // Its last version before the deletion is the one asked for: it comes back as it is.
                if try lastLiveVersion(of: id, in: scope, db: db) == version.number { break }
            }
            _ = try replaceDetails(of: id, with: row, in: scope, now: now, db: db)
        }
        if let card = version.card { try keepSentCard(card, of: id, in: scope, db: db) }
        return true
    }

    /// The number of the contact's newest version in which it was live.
    private static func lastLiveVersion(of id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> Int64? {
        try db.statement("SELECT max(revision) FROM contact_versions WHERE book_id = ? AND id = ? AND live = 1")
            .firstRow([scope.bookID, id]) { $0.isNull(0) ? nil : $0.int64(0) } ?? nil
    }

    /// Frees a UID and a resource name for a contact coming back into the book: a contact of the
    /// trash holding either is deleted for good (its versions stay); a live one is a conflict.
    private static func makeWay(for uid: String, href: String, in scope: AddressBookScope, db: any SQLConnection) throws {
        let holders = try db.statement("""
            SELECT id, href, deleted_at IS NOT NULL FROM contacts WHERE book_id = ? AND (uid = ? OR href = ?)
            """).rows([scope.bookID, uid, href]) { (id: $0.int64(0), href: $0.text(1), inTrash: $0.int(2) != 0) }
        if let live = holders.first(where: { !$0.inTrash }) { throw StoreError.uidConflict(href: live.href) }
        for holder in holders { try purgeFromTrash(holder.id, in: scope, db: db) }
    }

    /// The columns `version(from:)` reads, from `versionJoins`.
    private static let versionColumns = ContactRow.columns + ", " + VersionColumn.allCases.map(\.expression).joined(separator: ", ")

    /// What a version row has beside its contact's columns, in the order selected after them.
    private enum VersionColumn: Int32, CaseIterable {
        case href, live, change, changedAt, clientKind, clientKey, clientName, userAgent, account, cardVersion, cardText, photo, gone

        var expression: String {
            switch self {
            case .href: "c.href"
            case .live: "c.live"
            case .change: "c.change"
            case .changedAt: "c.changed_at"
            case .clientKind: "c.client_kind"
            case .clientKey: "c.client_key"
            case .clientName: "c.client_name"
            case .userAgent: "c.user_agent"
            case .account: "u.username"
            case .cardVersion: "c.card_version"
            case .cardText: "c.card_text"
            case .photo: "vp.data"
            case .gone: "c.name IS NULL"
            }
        }

        var position: Int32 { ContactColumn.following + rawValue }
    }

    /// A book's versions `c`, with the account `u` that made each and its photo `vp`.
    private static let versionJoins = """
        contact_versions c LEFT JOIN users u ON u.id = c.changed_by
        LEFT JOIN version_photos vp ON vp.book_id = c.book_id AND vp.contact_id = c.id AND vp.revision = c.photo_revision
        """

    /// A version from a row of `versionColumns`.
    private static func version(from row: any SQLRow) throws -> ContactVersion {
        func column(_ column: VersionColumn) -> Int32 { column.position }
        var contact: Contact?
        if row.int(column(.gone)) == 0 {
            var stored = ContactRow.contact(from: row)
            if !row.isNull(column(.photo)) { stored.details.photo = try? Photo(data: row.blob(column(.photo))) }
            contact = stored
        }
        let card = row.optionalText(column(.cardText)).flatMap { text in
            row.optionalText(column(.cardVersion)).flatMap(VCardWriter.Version.init).map { SentCard(text: text, version: $0) }
        }
        return ContactVersion(contactID: row.int64(.id), number: row.int64(.revision), at: date(row.int64(column(.changedAt))),
                              change: ContactVersion.Change(rawValue: row.text(column(.change))) ?? .changed,
                              client: client(row, from: column(.clientKind)), account: row.optionalText(column(.account)),
                              isLive: row.int(column(.live)) != 0, href: row.text(column(.href)), contact: contact, card: card)
    }
}
