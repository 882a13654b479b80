import ContactCSV
import ContactsCore
import Foundation
import Synchronization
import VCard

extension ContactStore {
    /// Cards stored per transaction on import: a crash loses at most the batch in flight, and
    /// never half of a card.
    public static let importBatchSize = 1_000

    /// Imports every card `source` yields (a vCard file's cards or a CSV file's rows) into the
    /// address book, `importBatchSize` cards per transaction. A card that cannot be read or is
    /// refused is reported in the summary and the others go on. Each batch is stored in the
    /// background while the next one is read.
    /// - Parameter progress: called after each batch with the tally so far.
    public func importVCards(from source: inout some ImportSource, into scope: AddressBookScope,
                             onConflict policy: ImportConflictPolicy,
                             progress: (ImportSummary) -> Void = { _ in }) throws -> ImportSummary {
        var summary = ImportSummary()
        var batch: [VCard] = []
        /// Where in the input each card of `batch` is, then each of the batch being stored.
        var positions: [ImportPosition] = []
        /// Where each card of the batch being stored is, and the name of each refused one.
        var storing: [(position: ImportPosition, refusedName: String?)] = []
        let background = BackgroundBatch()
        func collect() throws {
            guard let outcomes = try background.wait() else { return }
            for (outcome, (position, refusedName)) in zip(outcomes, storing) {
                switch outcome {
                case .imported: summary.imported += 1
                case .updated: summary.updated += 1
                case .skipped: summary.skipped += 1
                case .alreadyThere: summary.alreadyThere += 1
                case .failed(let reason):
                    summary.failures.append(ImportFailure(position, .invalid(reason), cardName: refusedName))
                }
            }
            progress(summary)
        }
        func flush() throws {
            guard !batch.isEmpty else { return }
            // Reading, mapping and validating (on every core) overlap the write of the batch before.
            let today = clock()
            let prepared = try batch.parallelMap { card in
                Result { () throws(ContactValidationError) in ImportedCard(uid: card.uid, details: try ContactDetails(card: card)) }
                    .flatMap { Self.prepareImport($0, today: today) }
            }
            let refusedNames = zip(batch, prepared).map { card, preparation -> String? in
                if case .failure = preparation { ImportFailure.name(of: card) } else { nil }
            }
            batch.removeAll(keepingCapacity: true)
            try collect()
            (storing, positions) = (Array(zip(positions, refusedNames)), [])
            background.start { [self] in try storePrepared(prepared, into: scope, onConflict: policy) }
        }
        while let (position, result) = source.nextCard() {
            switch result {
            case .success(let card):
                batch.append(card)
                positions.append(position)
                if batch.count == Self.importBatchSize { try flush() }
            case .failure(let reason):
                summary.failures.append(ImportFailure(position, reason))
            }
        }
        try flush()
        try collect()
        summary.failures.sort { $0.card < $1.card }
        // A big import changes the tables' shape; the planner should know before the next query.
        if summary.imported + summary.updated >= Self.importBatchSize { try? queue.refreshStatistics() }
        return summary
    }

    /// Contacts read and written per step of an export.
    static let exportBatchSize = 500

    /// Writes every contact of the address book as a vCard, in display order, handing `output`
    /// the bytes a batch of contacts at a time so that a book of any size is never held whole.
    /// - Parameter groupCards: also write each group's own card (Apple's form: its members by
    ///   UID), after the contacts; the contacts' CATEGORIES name their groups either way.
    /// - Returns: how many cards were written.
    @discardableResult
    public func exportVCards(in scope: AddressBookScope, version: VCardWriter.Version, groupCards: Bool = false,
                             to output: ([UInt8]) throws -> Void) throws -> Int {
        let writer = VCardWriter(version: version)
        return try forEachExportPage(in: scope, groupCards: groupCards) { page in
            let chunks = try page.parallelMap { contact in
                var bytes: [UInt8] = []
                writer.write(contact.vCard(version: version), into: &bytes)
                return bytes
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.count })
            for chunk in chunks { bytes.append(contentsOf: chunk) }
            try output(bytes)
        }
    }

    /// Every contact of the address book, or only the one with ID `only`, as a CSV file of
    /// `format`, in display order. CSV has no place for photos, and its header depends on all the
    /// rows, so the file is made whole.
    /// - Returns: the file and how many contacts it holds.
    /// - Throws: `StoreError.contactNotFound` for an `only` the book does not have.
    public func exportCSV(in scope: AddressBookScope, format: ContactCSVFormat, only id: Int64? = nil) throws -> (bytes: [UInt8], count: Int) {
        func card(_ contact: Contact) -> VCard {
            var contact = contact
            contact.details.photo = nil
            return contact.vCard(version: .v4_0)
        }
        var cards: [VCard] = []
        if let id {
            cards = [card(try contact(id: id, in: scope))]
        } else {
            _ = try forEachExportPage(in: scope) { page in cards += page.map(card) }
        }
        return (ContactCSVWriter(format: format).bytes(for: cards), cards.count)
    }

    /// Hands `body` every contact of the address book in display order, photos included,
    /// `exportBatchSize` at a time. - Returns: how many contacts there were.
    /// With `groupCards`, the group cards follow, the same way.
    private func forEachExportPage(in scope: AddressBookScope, groupCards: Bool = false, _ body: ([Contact]) throws -> Void) throws -> Int {
        var count = 0
        for groups in groupCards ? [false, true] : [false] {
            count += try forEachExportPage(in: scope, groups: groups, body)
        }
        return count
    }

    private func forEachExportPage(in scope: AddressBookScope, groups: Bool, _ body: ([Contact]) throws -> Void) throws -> Int {
        var after: (sortKey: String, name: String, uid: String)?
        var count = 0
        while true {
            let page = try exportPage(in: scope, groups: groups, after: after)
            guard let last = page.last else { return count }
            after = (last.sortKey, last.contact.details.name, last.contact.uid)
            try body(page.map(\.contact))
            count += page.count
        }
    }

    /// The contacts after `after` in display order, photos included, with their sort keys.
    private func exportPage(in scope: AddressBookScope, groups: Bool, after: (sortKey: String, name: String, uid: String)?) throws
        -> [(contact: Contact, sortKey: String)] {
        try queue.read { db in
            let statement = try db.statement("""
                SELECT \(ContactRow.columns), c.sort_key, p.data FROM contacts c LEFT JOIN photos p ON p.book_id = c.book_id AND p.contact_id = c.id
                WHERE c.book_id = ? AND c.deleted_at IS NULL AND c.is_group = ? AND (c.sort_key, c.name, c.uid) > (?, ?, ?)
                ORDER BY c.sort_key, c.name, c.uid LIMIT ?
                """)
            return try statement.rows([scope.bookID, groups, after?.sortKey ?? "", after?.name ?? "", after?.uid ?? "", Self.exportBatchSize]) { row in
                var contact = ContactRow.contact(from: row)
                let (sortKey, photo) = (ContactColumn.following, ContactColumn.following + 1)
                if !row.isNull(photo) { contact.details.photo = try? Photo(data: row.blob(photo)) }
                return (contact, row.text(sortKey))
            }
        }
    }
}

/// One batch of an import being stored on a background thread while the caller reads on.
private final class BackgroundBatch: Sendable {
    private let queue = DispatchQueue(label: "PersonalContacts.import")
    private let group = DispatchGroup()
    private let result = Mutex<Result<[ImportOutcome], any Error>?>(nil)

    func start(_ work: @escaping @Sendable () throws -> [ImportOutcome]) {
        // The queue's thread does not inherit task-locals: the writes keep the caller's client.
        let client = ChangeClient.current
        queue.async(group: group) {
            let outcome = Result { try ChangeClient.$current.withValue(client) { try work() } }
            self.result.withLock { $0 = outcome }
        }
    }

    /// Waits for the batch started last; nil when none was started since the last wait.
    func wait() throws -> [ImportOutcome]? {
        group.wait()
        return try result.withLock { result in
            defer { result = nil }
            return result
        }?.get()
    }
}
