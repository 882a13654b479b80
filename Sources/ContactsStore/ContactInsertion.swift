import Accounts
import ContactsCore
import SQLEngine

/// A contact's column values, photo and groups, computed before the write transaction.
struct PreparedRow: Sendable {
    let values: [any SQLBindable]
    /// The photo to store (nil: none), unless `keepsPhoto`.
    let photo: Photo?
    /// Whether the stored photo stays as it is: the write runs nothing on the photos.
    let keepsPhoto: Bool
    let groups: CardGroups

    /// The row of details that are valid (validated now, or stored before and written back).
    /// - Parameter storedPhoto: nil to store the details' photo; else the stored photo is kept,
    ///   and this says whether there is one (the details' photo is then not looked at).
    init(_ details: ContactDetails, keepingStoredPhoto storedPhoto: Bool? = nil) {
        groups = CardGroups(details)
        values = ContactRow.detailValues(details, isGroup: groups.isGroup, hasPhoto: storedPhoto ?? (details.photo != nil))
        keepsPhoto = storedPhoto != nil
        photo = keepsPhoto ? nil : details.photo
    }

    /// The key the row files the contact under in display order.
    var sortKey: String {
        guard case .text(let key) = values[Self.sortKeyPosition].sqlValue else { preconditionFailure("sort_key is text") }
        return key
    }

    private static let sortKeyPosition = ContactRow.detailColumns.firstIndex(of: "sort_key")!
}

/// Inserts new contacts inside one write transaction, handing out ids reserved up front, and
/// counts them into their books' live contacts. The rows (contact, change log, photo) are
/// gathered and sent several to a statement (`PendingRows`): before anything else reads or
/// writes the books, and when the insertion ends.
struct ContactInsertion {
    private let db: any SQLConnection
    private var changes: PendingRows
    private var contacts: PendingRows
    private var photos: PendingRows
    /// The ids reserved up front, and how many of them have been used.
    private let ids: [Int64]
    private var used = 0
    /// Change numbers reserved per address book for the inserts still to come: the next and the last.
    private var changeNumbers: [Int64: (next: Int64, last: Int64)] = [:]
    /// Per book, resource names known taken (by contacts inserted here, or found by `lookUpHrefs`)
    /// and names known free before the insertion (looked up, not taken).
    private var takenHrefs: [Int64: Set<String>] = [:]
    private var checkedHrefs: [Int64: Set<String>] = [:]
    /// The time of the inserts, for the group cards rewritten at the end.
    private var now: Int64?
    /// How many contacts (group cards not counted) went into each address book.
    private var inserted: [Int64: Int] = [:]
    /// Books known to have no member in any group: writing a plain card there leaves groups be.
    private var booksWithoutMembers: Set<Int64> = []
    /// Group cards whose members changed, per book: each rewritten once when the insertion ends.
    private var groupCardsToRefresh: [Int64: (scope: AddressBookScope, cards: GroupCardsToRefresh)] = [:]

    /// Runs `body` with an insertion of at most `count` contacts, then adds those it inserted to
    /// their books' counts of live contacts: one statement per book, not one per contact.
    static func inserting<T>(count: Int, db: any SQLConnection, _ body: (inout ContactInsertion) throws -> T) throws -> T {
        try inserting(reusing: try Counter.contactID.reserveIDs(count, db: db), db: db, body)
    }

    /// Runs `body` with an insertion of contacts under `ids`, handed out before to contacts no
    /// longer in the store (one coming back from its history), as `inserting(count:)` does.
    static func inserting<T>(reusing ids: [Int64], db: any SQLConnection, _ body: (inout ContactInsertion) throws -> T) throws -> T {
        var insertion = ContactInsertion(db: db, ids: ids)
        let result = try body(&insertion)
        try insertion.sendPending()
        for (bookID, added) in insertion.inserted {
            try ContactStore.moveLiveContacts(by: added, in: bookID, db: db)
        }
        for (_, refresh) in insertion.groupCardsToRefresh {
            for group in refresh.cards.groups.sorted() {
                try GroupSync.refreshMembers(of: group, in: refresh.scope, now: insertion.now ?? 0, db: db)
            }
        }
        return result
    }

    private init(db: any SQLConnection, ids: [Int64]) {
        self.db = db
        changes = PendingRows(table: "changes", columns: ContactStore.creationColumns, on: db.dialect)
        contacts = PendingRows(table: "contacts", columns: [
            "id", "book_id", "uid", "href", "revision", "created_at", "updated_at", "changed_by", "changed_at",
        ] + ContactRow.detailColumns, on: db.dialect)
        photos = PendingRows(table: "photos", columns: ["book_id", "contact_id", "data"], on: db.dialect)
        self.ids = ids
    }

    /// Inserts one contact, its photo and its creation in the change log, by the scope's acting
    /// account; returns its id.
    /// - Parameters:
    ///   - uid: its UID, unique in the book; nil for a fresh one.
    ///   - href: its resource name, free in the book; when nil, the UID with `.vcf` or, when that
    ///     is taken or not a valid name, a random one.
    mutating func next(_ row: PreparedRow, uid given: String? = nil, href: String? = nil, in scope: AddressBookScope,
                       now: Int64) throws -> Int64 {
        precondition(used < ids.count, "more contacts inserted than ids reserved")
        let id = ids[used]
        used += 1
        let uid = given ?? ContactUID.make()
        // A fresh UID's name is free: nobody has seen it to take it.
        let href = try href ?? (given == nil ? uid + ".vcf" : freeHref(for: uid, in: scope))
        let revision = try changeNumber(in: scope)
        changes.append(ContactStore.creationRecord(of: id, uid: uid, href: href, in: scope, number: revision, at: now))
        contacts.append([id, scope.bookID, uid, href, revision, now, now, scope.actorID, now] + row.values)
        if let photo = row.photo { photos.append([scope.bookID, id, photo.data]) }
        takenHrefs[scope.bookID, default: []].insert(href)
        if contacts.isFull { try sendPending() }
        if !row.groups.isGroup { inserted[scope.bookID, default: 0] += 1 }
        try syncGroups(of: id, uid: uid, row.groups, in: scope, now: now)
        return id
    }

    /// Notes that the book has no member in any group, as the caller read in this transaction:
    /// plain cards inserted there then leave the groups be without looking.
    mutating func noteNoGroupMembers(in scope: AddressBookScope) {
        booksWithoutMembers.insert(scope.bookID)
    }

    /// Sends the rows gathered so far: the change log, then contacts before the photos that name them.
    mutating func sendPending() throws {
        try changes.send(db: db)
        try contacts.send(db: db)
        try photos.send(db: db)
    }

    /// Looks up at once which of `hrefs` the book's contacts (live or in the trash) have taken,
    /// so that inserting under those names asks nothing more of the database.
    mutating func lookUpHrefs(_ hrefs: [String], in scope: AddressBookScope) throws {
        let wanted = Array(Set(hrefs.filter(ContactStore.isValidHref)).subtracting(checkedHrefs[scope.bookID] ?? []))
        guard !wanted.isEmpty else { return }
        let taken = try db.statement("""
            SELECT c.href FROM \(db.dialect.jsonStrings(as: "wanted")) \(db.dialect.listJoin) contacts c
            ON c.book_id = ? AND c.href = wanted.value
            """).rows([ContactStore.jsonArray(wanted), scope.bookID]) { $0.text(0) }
        checkedHrefs[scope.bookID, default: []].formUnion(wanted)
        takenHrefs[scope.bookID, default: []].formUnion(taken)
    }

    /// Frees the name of a contact deleted from the book during the insertion.
    mutating func release(_ href: String, in scope: AddressBookScope) {
        takenHrefs[scope.bookID]?.remove(href)
    }

    /// Keeps the book's groups in step with the new card, unless it is a plain card in a book
    /// without group members (the common case of an import, checked once per book).
    private mutating func syncGroups(of id: Int64, uid: String, _ groups: CardGroups, in scope: AddressBookScope, now: Int64) throws {
        if groups.touchesNoGroup {
            if booksWithoutMembers.contains(scope.bookID) { return }
            if try GroupSync.bookHasNoMembers(scope, db: db) {
                booksWithoutMembers.insert(scope.bookID)
                return
            }
        }
        booksWithoutMembers.remove(scope.bookID)
        self.now = now
        let refresh = groupCardsToRefresh[scope.bookID]?.cards ?? GroupCardsToRefresh()
        groupCardsToRefresh[scope.bookID] = (scope, refresh)
        try sendPending()
        try GroupSync.created(id, uid: uid, groups: groups, in: scope, now: now, cardsToRefresh: refresh, db: db)
    }

    /// The number of the next change in the book, from those reserved for the rest of the ids.
    private mutating func changeNumber(in scope: AddressBookScope) throws -> Int64 {
        if let reserved = changeNumbers[scope.bookID], reserved.next <= reserved.last {
            changeNumbers[scope.bookID] = (reserved.next + 1, reserved.last)
            return reserved.next
        }
        // `used` has already moved past this insert's id: reserve for it and every one left.
        let numbers = try ContactStore.reserveChangeNumbers(ids.count - used + 1, in: scope, db: db)
        changeNumbers[scope.bookID] = (numbers.lowerBound + 1, numbers.upperBound)
        return numbers.lowerBound
    }

    private func freeHref(for uid: String, in scope: AddressBookScope) throws -> String {
        let href = uid + ".vcf"
        guard ContactStore.isValidHref(href), try !isTaken(href, in: scope) else { return ContactUID.make() + ".vcf" }
        return href
    }

    /// Whether a contact of the book has the name: one inserted here, or one stored before.
    private func isTaken(_ href: String, in scope: AddressBookScope) throws -> Bool {
        if takenHrefs[scope.bookID]?.contains(href) == true { return true }
        if checkedHrefs[scope.bookID]?.contains(href) == true { return false }
        return try db.statement("SELECT 1 FROM contacts WHERE book_id = ? AND href = ?").firstRow([scope.bookID, href], { _ in true }) != nil
    }
}
