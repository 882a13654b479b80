import ContactsCore
import Foundation
import SQLEngine
import VCard

/// The outcome of a merge: the contact that holds everything now, and the ones gone to the trash.
public struct MergedContacts: Sendable, Equatable {
    public let contact: Contact
    public let trashed: [Int64]
}

extension ContactStore {
    /// The contacts of the book that look like one person (see `DuplicateFinder`), in list
    /// order (the earlier made first among equal names), without the pairs a person said are
    /// different people.
    public func duplicates(in scope: AddressBookScope, region: PhoneRegion) throws -> [DuplicateSuggestion] {
        let (candidates, dismissed) = try queue.read { db in
            let candidates = try db.statement("""
                SELECT id, name, phones, emails, sort_key, fields FROM contacts WHERE book_id = ? AND deleted_at IS NULL AND is_group = 0
                ORDER BY sort_key, created_at, id
                """).rows([scope.bookID]) { row in
                DuplicateCandidate(id: row.int64(0), name: row.text(1), phones: ContactRow.phones(row.text(2)).map(\.number),
                                   emails: ContactRow.emails(row.text(3)).map(\.address),
                                   handles: DetailRecords.instantMessages(in: row.text(5)), sortKey: row.text(4))
            }
            let dismissed = try db.statement("SELECT first_id, second_id FROM duplicate_dismissals WHERE book_id = ?")
                .rows([scope.bookID]) { DuplicatePair($0.int64(0), $0.int64(1)) }
            return (candidates, Set(dismissed))
        }
        return DuplicateFinder(region: region, dismissed: dismissed).suggestions(among: candidates)
    }

    /// Remembers that these contacts are different people: no two of them are suggested again.
    /// Ids that are not live contacts of the book are passed over.
    public func dismissDuplicates(_ ids: [Int64], in scope: AddressBookScope) throws {
        let distinct = Array(Set(ids)).sorted()
        try writing(scope) { db in
            let insert = try db.statement("""
                INSERT INTO duplicate_dismissals (book_id, first_id, second_id)
                SELECT c.book_id, c.id, ? FROM contacts c
                WHERE c.book_id = ? AND c.id = ? AND c.deleted_at IS NULL
                    AND EXISTS (SELECT 1 FROM contacts o WHERE o.book_id = c.book_id AND o.id = ? AND o.deleted_at IS NULL)
                ON CONFLICT DO NOTHING
                """)
            for (offset, first) in distinct.enumerated() {
                for second in distinct[(offset + 1)...] { try insert.execute([second, scope.bookID, first, second]) }
            }
        }
    }

    /// Merges contacts that are one person into the first of `ids`: it keeps every entry, note and
    /// property of them all (see `ContactMerge`), with the name of `nameFrom`, the photo of
    /// `photoFrom` and the single values (company, title, nickname…) of `detailsFrom`, each by
    /// default the first's (the first photo there is); the others go to the trash. CardDAV
    /// clients see one update and the deletions; `undoMerge` takes it back.
    /// - Throws: `mergeNeedsTwoContacts`, `notAmongMerged` for a `nameFrom`, `photoFrom` or
    ///   `detailsFrom` not in `ids`, `contactNotFound`, `changedSinceRead` when one changed while
    ///   the merge was made, `invalid` when the result breaks a limit (too many phones).
    public func mergeContacts(_ ids: [Int64], nameFrom: Int64? = nil, photoFrom: Int64? = nil, detailsFrom: Int64? = nil,
                              region: PhoneRegion, in scope: AddressBookScope) throws -> MergedContacts {
        var distinct: [Int64] = []
        for id in ids where !distinct.contains(id) { distinct.append(id) }
        guard distinct.count >= 2 else { throw StoreError.mergeNeedsTwoContacts }
        for chosen in [nameFrom, photoFrom, detailsFrom].compactMap({ $0 }) where !distinct.contains(chosen) {
            throw StoreError.notAmongMerged(chosen)
        }
        let contacts = try distinct.map { try contact(id: $0, in: scope) }
        // The contact whose single values win goes first into the merge; the first of `ids` keeps its place.
        let order = detailsFrom.map { chosen in [chosen] + distinct.filter { $0 != chosen } } ?? distinct
        let merge = ContactMerge(order.map { id in contacts[distinct.firstIndex(of: id)!].details },
                                 nameSource: order.firstIndex(of: nameFrom ?? distinct[0])!,
                                 photoSource: photoFrom.flatMap { order.firstIndex(of: $0) }, region: region)
        let merged: ContactDetails
        do { merged = try merge.merged() } catch { throw StoreError.invalid(error) }
        let row = try Self.prepare(merged, today: clock())
        let survivor = contacts[0]
        let earlier = Self.earlierRecord(of: survivor)
        let now = now()
        let cutoff = trashCutoff()
        try writing(scope, as: .merge) { db in
            for contact in contacts where try Self.liveRevision(of: contact.id, in: scope, db: db) != contact.revision {
                throw StoreError.changedSinceRead(contact.id)
            }
            guard try Self.replaceDetails(of: survivor.id, with: row, in: scope, now: now, db: db) else {
                throw StoreError.contactNotFound(survivor.id)
            }
            for other in distinct.dropFirst() {
                guard try Self.moveToTrash(other, in: scope, now: now, cutoff: cutoff, db: db) else { throw StoreError.contactNotFound(other) }
            }
            let revision = try Self.liveRevision(of: survivor.id, in: scope, db: db) ?? 0
            try db.send("""
                INSERT INTO merges (book_id, contact_id, revision, earlier_card, trashed, merged_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (book_id, contact_id) DO UPDATE SET revision = excluded.revision,
                    earlier_card = excluded.earlier_card, trashed = excluded.trashed, merged_at = excluded.merged_at
                """, scope.bookID, survivor.id, revision, earlier, distinct.dropFirst().map(String.init).joined(separator: ","), now)
        }
        return MergedContacts(contact: try contact(id: survivor.id, in: scope), trashed: Array(distinct.dropFirst()))
    }

    /// Takes back the last merge into contact `id`: it is as it was before, and the contacts
    /// merged into it are back from the trash.
    /// - Throws: `nothingToUndo` when no merge into it is on record, `changedSinceRead` when it
    ///   was changed after the merge (undoing would lose that change).
    public func undoMerge(into id: Int64, in scope: AddressBookScope) throws -> Contact {
        let record = try queue.read { db in
            try db.statement("SELECT revision, earlier_card, trashed FROM merges WHERE book_id = ? AND contact_id = ?")
                .firstRow([scope.bookID, id]) { (revision: $0.int64(0), card: $0.text(1), trashed: $0.text(2)) }
        }
        guard let record, let earlier = Self.earlierDetails(record.card) else { throw StoreError.nothingToUndo(id) }
        let row = try Self.prepare(earlier, today: clock())
        let now = now()
        let cutoff = trashCutoff()
        try writing(scope, as: .restore) { db in
            guard try Self.liveRevision(of: id, in: scope, db: db) == record.revision else { throw StoreError.changedSinceRead(id) }
            guard try Self.replaceDetails(of: id, with: row, in: scope, now: now, db: db) else { throw StoreError.contactNotFound(id) }
            for trashed in record.trashed.split(separator: ",").compactMap({ Int64($0) }) {
                _ = try Self.restoreFromTrash(trashed, in: scope, now: now, cutoff: cutoff, db: db)
            }
            try db.send("DELETE FROM merges WHERE book_id = ? AND contact_id = ?", scope.bookID, id)
        }
        return try contact(id: id, in: scope)
    }

    /// What a merge keeps of the contact it merges into, for Undo: its card, then the lines its
    /// details keep (`extraProperties`, the card it came from) as a card of their own, since a
    /// card read again keeps its own lines instead.
    private static func earlierRecord(of contact: Contact) -> String {
        let writer = VCardWriter(version: .v4_0)
        let kept = "BEGIN:VCARD\r\nVERSION:4.0\r\n" + contact.details.extraProperties.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
        return writer.string(for: contact.details.vCard(uid: contact.uid, version: .v4_0)) + kept
    }

    /// The details an `earlierRecord` gives back; a record of the card alone (as earlier releases
    /// wrote it) gives the card's details.
    private static func earlierDetails(_ record: String) -> ContactDetails? {
        var cards = VCardReader(bytes: record.utf8)
        guard case .success(let card)? = cards.next(), var details = try? ContactDetails(card: card) else { return nil }
        if case .success(let kept)? = cards.next() {
            let writer = VCardWriter(version: .v4_0)
            details.extraProperties = kept.properties.filter { $0.name != "VERSION" }.map { writer.contentLine(for: $0) }
        }
        return details
    }
}
