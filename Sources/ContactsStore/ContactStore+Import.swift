import ContactsCore
import Foundation
import SQLEngine

/// What an import does with a card whose UID a contact of the address book already has.
public enum ImportConflictPolicy: String, Sendable, CaseIterable {
    /// The card replaces that contact's details.
    case update
    /// The card is left out.
    case skip
    /// The card becomes a new contact with a new UID.
    case copy
}

/// A card to import: the UID it names (nil when it has none) and the details it gives.
public struct ImportedCard: Sendable {
    public var uid: String?
    public var details: ContactDetails

    public init(uid: String?, details: ContactDetails) {
        self.uid = uid
        self.details = details
    }
}

/// What became of one imported card.
public enum ImportOutcome: Sendable, Equatable {
    case imported(id: Int64)
    case updated(id: Int64)
    case skipped(id: Int64)
    /// The card is the contact `id` already in the book, word for word: nothing was written.
    case alreadyThere(id: Int64)
    case failed(ContactValidationError)
}

extension ContactStore {
    /// The longest UID kept as it is; a longer one, or one with control characters, is replaced.
    static let maximumUIDLength = 255

    /// Stores cards in one transaction: every valid card or, if the transaction fails, none.
    /// A card whose UID is taken is handled as `policy` says; a contact in the trash with that
    /// UID gives way to the card. A card that says what a live contact of the book already says
    /// (the one with its UID, or, for a card without one, any) is already there: nothing is
    /// written, so importing a file twice adds nothing twice. Cards that fail validation are
    /// reported and left out.
    /// - Returns: one outcome per card, in the order given.
    public func importCards(_ cards: [ImportedCard], into scope: AddressBookScope,
                            onConflict policy: ImportConflictPolicy) throws -> [ImportOutcome] {
        let today = clock()
        return try storePrepared(try cards.parallelMap { card in Self.prepareImport(card, today: today) },
                                 into: scope, onConflict: policy)
    }

    /// A card's UID and column values, or why its details were refused: CPU work, done
    /// before (and outside) the write transaction.
    static func prepareImport(_ card: ImportedCard, today: Date) -> Result<(uid: String?, row: PreparedRow), ContactValidationError> {
        do throws(StoreError) {
            return .success((card.uid, try prepare(card.details, today: today)))
        } catch {
            guard case .invalid(let reason) = error else { preconditionFailure("validation throws only .invalid") }
            return .failure(reason)
        }
    }

    /// The write half of `importCards`: one transaction for the prepared cards. The contacts
    /// already having the cards' UIDs, and the names the cards would take, are looked up for the
    /// whole batch at once; the rows go several to a statement.
    func storePrepared(_ prepared: [Result<(uid: String?, row: PreparedRow), ContactValidationError>], into scope: AddressBookScope,
                       onConflict policy: ImportConflictPolicy) throws -> [ImportOutcome] {
        let now = now()
        let uids = prepared.compactMap { try? $0.get().uid.flatMap(Self.usableUID) }
        let withoutUID = prepared.compactMap { try? $0.get() }.filter { $0.uid.flatMap(Self.usableUID) == nil }.map(\.row.sortKey)
        return try writing(scope) { db in
            var existing = try Self.contactsHaving(uids: uids, in: scope, db: db)
            var lookalikes = try Self.liveContacts(sortedUnder: withoutUID, in: scope, db: db)
            return try ContactInsertion.inserting(count: prepared.count, db: db) { insertion in
                try insertion.lookUpHrefs(uids.map { $0 + ".vcf" }, in: scope)
                /// Inserts the card under `uid`, or a fresh UID when nil.
                func insert(_ row: PreparedRow, uid: String?) throws -> ImportOutcome {
                    let id = try insertion.next(row, uid: uid, in: scope, now: now)
                    let content = StoredContent(id: id, row: row)
                    if let uid { existing[uid] = ExistingContact(id: id, hrefInTrash: nil, content: content) }
                    lookalikes[row.sortKey, default: []].append(content)
                    return .imported(id: id)
                }
                /// The live contact that already says what `row` says, if any; a card without a
                /// UID is a group of the book by its name.
                func same(as row: PreparedRow, among candidates: [StoredContent], hasUID: Bool) throws -> StoredContent? {
                    try candidates.first { try $0.says(row, groupsByName: !hasUID, in: scope, db: db) }
                }
                return try prepared.map { preparation in
                    let (cardUID, row): (String?, PreparedRow)
                    switch preparation {
                    case .success(let prepared): (cardUID, row) = prepared
                    case .failure(let reason): return .failed(reason)
                    }
                    let usable = cardUID.flatMap(Self.usableUID)
                    guard let uid = usable else {
                        if let twin = try same(as: row, among: lookalikes[row.sortKey] ?? [], hasUID: false) { return .alreadyThere(id: twin.id) }
                        return try insert(row, uid: nil)
                    }
                    guard let found = existing[uid] else { return try insert(row, uid: uid) }
                    if policy != .copy, let content = found.content, try same(as: row, among: [content], hasUID: true) != nil {
                        return .alreadyThere(id: found.id)
                    }
                    if let href = found.hrefInTrash {
                        try Self.purgeFromTrash(found.id, in: scope, db: db)
                        insertion.release(href, in: scope)
                        return try insert(row, uid: uid)
                    }
                    switch policy {
                    case .update:
                        try insertion.sendPending()
                        _ = try Self.replaceDetails(of: found.id, with: row, in: scope, now: now, db: db)
                        existing[uid] = ExistingContact(id: found.id, hrefInTrash: nil, content: StoredContent(id: found.id, row: row))
                        return .updated(id: found.id)
                    case .skip:
                        return .skipped(id: found.id)
                    case .copy:
                        return try insert(row, uid: nil)
                    }
                }
            }
        }
    }

    /// A contact of the book that has a UID an import names.
    private struct ExistingContact {
        let id: Int64
        /// Its name when it is in the trash; nil when it is live.
        let hrefInTrash: String?
        /// What it says when it is live; nil when it is in the trash.
        let content: StoredContent?
    }

    /// The book's contacts (live or in the trash) having any of `uids`, by UID: one statement.
    private static func contactsHaving(uids: [String], in scope: AddressBookScope, db: any SQLConnection) throws -> [String: ExistingContact] {
        guard !uids.isEmpty else { return [:] }
        let found = try db.statement("""
            SELECT \(ContactRow.columns), c.is_group, c.deleted_at IS NOT NULL, c.href
            FROM \(db.dialect.jsonStrings(as: "wanted")) \(db.dialect.listJoin) contacts c ON c.book_id = ? AND c.uid = wanted.value
            """).rows([jsonArray(Array(Set(uids))), scope.bookID]) { row in
            let inTrash = row.int(ContactColumn.following + 1) != 0
            return (row.text(.uid), ExistingContact(id: row.int64(.id), hrefInTrash: inTrash ? row.text(ContactColumn.following + 2) : nil,
                                                    content: inTrash ? nil : StoredContent(row: row)))
        }
        return Dictionary(found, uniquingKeysWith: { first, _ in first })
    }

    /// The book's live contacts filed under any of `sortKeys`, by sort key: one statement.
    private static func liveContacts(sortedUnder sortKeys: [String], in scope: AddressBookScope,
                                     db: any SQLConnection) throws -> [String: [StoredContent]] {
        guard !sortKeys.isEmpty else { return [:] }
        let found = try db.statement("""
            SELECT \(ContactRow.columns), c.is_group, c.sort_key
            FROM \(db.dialect.jsonStrings(as: "wanted")) \(db.dialect.listJoin) contacts c ON c.book_id = ? AND c.sort_key = wanted.value
            WHERE c.deleted_at IS NULL
            """).rows([jsonArray(Array(Set(sortKeys))), scope.bookID]) { row in
            (row.text(ContactColumn.following + 1), StoredContent(row: row))
        }
        return Dictionary(grouping: found, by: \.0).mapValues { $0.map(\.1) }
    }

    /// The UID when it can name a contact: not empty, not too long, no control characters.
    static func usableUID(_ uid: String) -> String? {
        uid.isEmpty || uid.utf8.count > maximumUIDLength || uid.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            ? nil : uid
    }
}
