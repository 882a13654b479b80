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
    case failed(ContactValidationError)
}

extension ContactStore {
    /// The longest UID kept as it is; a longer one, or one with control characters, is replaced.
    static let maximumUIDLength = 255

    /// Stores cards in one transaction: every valid card or, if the transaction fails, none.
    /// A card whose UID is taken is handled as `policy` says; a contact in the trash with that
    /// UID gives way to the card. Cards that fail validation are reported and left out.
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
        return try writing(scope) { db in
            var existing = try Self.contactsHaving(uids: uids, in: scope, db: db)
            return try ContactInsertion.inserting(count: prepared.count, db: db) { insertion in
                try insertion.lookUpHrefs(uids.map { $0 + ".vcf" }, in: scope)
                /// Inserts the card under `uid`, or a fresh UID when nil.
                func insert(_ row: PreparedRow, uid: String?) throws -> ImportOutcome {
                    let id = try insertion.next(row, uid: uid, in: scope, now: now)
                    if let uid { existing[uid] = ExistingContact(id: id, hrefInTrash: nil) }
                    return .imported(id: id)
                }
                return try prepared.map { preparation in
                    let (cardUID, row): (String?, PreparedRow)
                    switch preparation {
                    case .success(let prepared): (cardUID, row) = prepared
                    case .failure(let reason): return .failed(reason)
                    }
                    let usable = cardUID.flatMap(Self.usableUID)
                    guard let uid = usable, let found = existing[uid] else { return try insert(row, uid: usable) }
                    if let href = found.hrefInTrash {
                        try Self.purgeFromTrash(found.id, in: scope, db: db)
                        insertion.release(href, in: scope)
                        return try insert(row, uid: uid)
                    }
                    switch policy {
                    case .update:
                        try insertion.sendPending()
                        _ = try Self.replaceDetails(of: found.id, with: row, in: scope, now: now, db: db)
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
    }

    /// The book's contacts (live or in the trash) having any of `uids`, by UID: one statement.
    private static func contactsHaving(uids: [String], in scope: AddressBookScope, db: any SQLConnection) throws -> [String: ExistingContact] {
        guard !uids.isEmpty else { return [:] }
        let found = try db.statement("""
            SELECT c.uid, c.id, c.deleted_at IS NOT NULL, c.href
            FROM \(db.dialect.jsonStrings(as: "wanted")) \(db.dialect.listJoin) contacts c ON c.book_id = ? AND c.uid = wanted.value
            """).rows([jsonArray(Array(Set(uids))), scope.bookID]) { row in
            (row.text(0), ExistingContact(id: row.int64(1), hrefInTrash: row.int(2) != 0 ? row.text(3) : nil))
        }
        return Dictionary(found, uniquingKeysWith: { first, _ in first })
    }

    /// The UID when it can name a contact: not empty, not too long, no control characters.
    static func usableUID(_ uid: String) -> String? {
        uid.isEmpty || uid.utf8.count > maximumUIDLength || uid.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            ? nil : uid
    }
}
