import Accounts
import Blanks
import ContactsCore
import Foundation
import SQLEngine
import VCard

extension ContactStore {
    /// What a write requires of the live card already at its name (RFC 9110 §13.1).
    public enum CardPrecondition: Sendable, Equatable {
        /// Nothing: create or replace.
        case none
        /// If-Match: a live card is there and its entity tag is this one (quoted), one of a
        /// comma-separated list, or the list is `*`.
        case ifMatch(String)
        /// If-None-Match: *: no live card is there.
        case ifNoneMatchAny
    }

    /// The longest resource name, in characters.
    public static let maximumHrefLength = 255

    /// Every live card of the address book in display order: its name, entity tag and last
    /// change, without reading any details.
    public func cardList(in scope: AddressBookScope) throws -> [CardVersion] {
        var list: [CardVersion] = []
        _ = try forEachCard(in: scope) { list.append($0.version) }
        return list
    }

    /// One live card of a listing, valid only inside the callback that receives it: its name as
    /// the statement's bytes, and what its entity tag and last change are made of.
    public struct ListedCard {
        fileprivate let row: any SQLRow
        /// The book's salt, which begins the card's entity tag.
        public let salt: String

        /// Calls `body` with the card's name as UTF-8 bytes, valid only inside it.
        public func withHref<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            try row.withText(0, body)
        }

        /// The number of the book's change that last wrote the card (its entity tag's end).
        public var revision: Int64 { row.int64(1) }
        public var updatedAt: Date { ContactStore.date(row.int64(2)) }
        /// Calls `body` with the card's entity tag (`etag(salt:revision:)`), valid only inside it.
        public func withETag(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            var etag = ContactStore.etag(salt: salt, revision: revision)
            etag.withUTF8(body)
        }

        public var version: CardVersion {
            CardVersion(href: row.text(0), etag: ContactStore.etag(salt: salt, revision: revision), updatedAt: updatedAt)
        }
    }

    /// Calls `body` with each live card of the book in display order, from a statement that
    /// reads the book's listing index alone (a PROPFIND or an initial sync of thousands of cards
    /// writes each as it is read); returns where the book's change log stood as they were read,
    /// or nil when the book is gone.
    public func forEachCard(in scope: AddressBookScope, _ body: (ListedCard) throws -> Void) throws -> SyncToken? {
        let cards = "SELECT c.href, c.revision, c.updated_at"
        let order = "ORDER BY c.sort_key, c.name, c.uid"
        guard queue.dialect == .sqlite else {
            // One statement, the book joined: a transaction's BEGIN and COMMIT would be two more
            // round trips to the server.
            return try queue.readSingle { db in
                var position: SyncToken?
                try db.statement("""
                    \(cards), b.sync_salt, b.last_change
                    FROM address_books b LEFT JOIN contacts c ON c.book_id = b.id AND c.deleted_at IS NULL
                    WHERE b.id = ? \(order)
                    """).forEachRow([scope.bookID]) { row in
                    let book = position ?? SyncToken(salt: row.text(3), change: row.int64(4))
                    position = book
                    if !row.isNull(0) { try body(ListedCard(row: row, salt: book.salt)) }
                }
                return position
            }
        }
        // The book first, then its cards, in one snapshot: joined to each card, the book's
        // columns and the test of each card's deletion cost SQLite a third more.
        return try queue.read { db in
            guard let position = try db.statement("SELECT sync_salt, last_change FROM address_books WHERE id = ?")
                .firstRow([scope.bookID], { SyncToken(salt: $0.text(0), change: $0.int64(1)) }) else { return nil }
            try db.statement("""
                \(cards) FROM contacts c \(db.dialect.reading(through: Schema.cardListingIndexName))
                WHERE c.book_id = ? AND c.deleted_at IS NULL \(order)
                """).forEachRow([scope.bookID]) { try body(ListedCard(row: $0, salt: position.salt)) }
            return position
        }
    }

    /// The versions of the live cards called `hrefs`, in the order given, each once; names
    /// without a live card are left out. Reads no details: a multiget whose cards' texts are
    /// cached needs no more.
    public func cardVersions(hrefs: [String], in scope: AddressBookScope) throws -> [CardVersion] {
        let wanted = Self.uniqued(hrefs.filter(Self.isValidHref))
        guard !wanted.isEmpty else { return [] }
        return try queue.readSingle { db in
            let (list, names) = Self.nameList(wanted, as: "wanted", db: db)
            return try db.statement("""
                SELECT c.href, c.revision, c.updated_at, b.sync_salt
                FROM \(list) \(db.dialect.listJoin) contacts c ON c.book_id = ? AND c.href = wanted.value
                JOIN address_books b ON b.id = c.book_id
                WHERE c.deleted_at IS NULL ORDER BY wanted.key
                """).rows([names, scope.bookID], Self.cardVersionReader())
        }
    }

    /// Reads rows of (href, revision, updated_at, the book's salt) of one book into versions,
    /// the salt read once.
    private static func cardVersionReader() -> (any SQLRow) -> CardVersion {
        var salt: String?
        return { row in
            let bookSalt = salt ?? row.text(3)
            salt = bookSalt
            return cardVersion(row, salt: bookSalt)
        }
    }

    private static func cardVersion(_ row: any SQLRow, salt: String) -> CardVersion {
        CardVersion(href: row.text(0), etag: etag(salt: salt, revision: row.int64(1)), updatedAt: date(row.int64(2)))
    }

    /// The strings in order, each once. (Lookups by name pass only names `isValidHref` allows:
    /// no other names a card, and a NUL is no text PostgreSQL can even compare.)
    private static func uniqued(_ strings: [String]) -> [String] {
        var seen = Set<String>()
        return strings.filter { seen.insert($0).inserted }
    }

    /// A JSON array of strings (RFC 8259 §7), the parameter `SQLDialect.jsonStrings` reads. Written by hand:
    /// an initial sync passes every card's name.
    static func jsonArray(_ strings: [String]) -> String {
        var json = "["
        for (index, string) in strings.enumerated() {
            json += index == 0 ? "\"" : ",\""
            guard string.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
                json += string
                json += "\""
                continue
            }
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": json += "\\\""
                case "\\": json += "\\\\"
                case "\u{0}"..."\u{1F}": json += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default: json.unicodeScalars.append(scalar)
                }
            }
            json += "\""
        }
        return json + "]"
    }

    /// The live card called `href`, with its photo; nil when there is none.
    public func card(href: String, in scope: AddressBookScope) throws -> StoredCard? {
        try cards(hrefs: [href], in: scope).first
    }

    /// The live cards with these names (addressbook-multiget), photos included, from one read: in
    /// the order asked, each once; names without a live card are left out.
    public func cards(hrefs: [String], in scope: AddressBookScope) throws -> [StoredCard] {
        try queue.readSingle { db in try Self.storedCards(hrefs, in: scope, db: db) }
    }

    /// PUT: creates the card at `href` or replaces the live card there, in one transaction.
    /// A contact in the trash with this name or UID gives way: it is purged.
    /// - Returns: the card as stored, and whether it was created (201) rather than replaced (204).
    /// - Throws: `invalidHref`, `invalidUID`, `invalid` (the rules for imported cards: no phone
    ///   needed), `preconditionFailed`, or `uidConflict` naming the other live card with this UID,
    ///   or `href` itself when the live card there has another UID (RFC 6352 §6.3.2.1: a PUT
    ///   never changes a card's UID).
    /// - Parameter sent: the vCard as the client sent it, kept and served back as it is while
    ///   this is the card's latest write; nil when what is stored differs from it.
    public func putCard(href: String, uid: String, details: ContactDetails, in scope: AddressBookScope,
                        precondition: CardPrecondition, sent: SentCard? = nil) throws -> (card: StoredCard, created: Bool) {
        guard Self.isValidHref(href) else { throw StoreError.invalidHref(href) }
        guard Self.usableUID(uid) != nil else { throw StoreError.invalidUID(uid) }
        let row = try Self.prepare(details, today: clock())
        let now = now()
        return try writing(scope) { db in
            let found = try Self.contacts(href: href, uid: uid, in: scope, db: db)
            var current = found.atHref
            if let trashed = current, trashed.inTrash {
                try Self.purgeFromTrash(trashed.id, in: scope, db: db)
                current = nil
            }
            try Self.check(precondition, etag: current.map { Self.etag(salt: found.salt, revision: $0.revision) })
            if let other = found.withUID, other.id != found.atHref?.id {
                guard other.inTrash else { throw StoreError.uidConflict(href: other.href) }
                try Self.purgeFromTrash(other.id, in: scope, db: db)
            }
            // The write's own change is the book's next; a later one in this transaction is the
            // store's (`GroupSync`), and then the card stored is no longer the one sent.
            let ownRevision = found.latestChange + 1
            // In a book without group members, a card that names no group was in none and
            // joins none: the groups need no look.
            let groupsUntouched = !found.bookHasGroupMembers && row.groups.touchesNoGroup
            let id: Int64
            if let current {
                guard current.uid == uid else { throw StoreError.uidConflict(href: href) }
                _ = try Self.replaceDetails(of: current.id, with: row, in: scope, now: now,
                                            groupsBefore: groupsUntouched ? row.groups : nil, db: db)
                id = current.id
            } else {
                id = try ContactInsertion.inserting(count: 1, db: db) { insertion in
                    if groupsUntouched { insertion.noteNoGroupMembers(in: scope) }
                    return try insertion.next(row, uid: uid, href: href, in: scope, now: now)
                }
            }
            if let sent {
                try db.send("""
                    INSERT INTO sent_cards (book_id, contact_id, revision, version, text)
                    SELECT book_id, id, revision, ?, ? FROM contacts WHERE id = ? AND book_id = ? AND revision = ?
                    ON CONFLICT (book_id, contact_id) DO UPDATE SET revision = excluded.revision, version = excluded.version, text = excluded.text
                    """, sent.version.rawValue, sent.text, id, scope.bookID, ownRevision)
            }
            guard let card = try Self.storedCards([href], in: scope, db: db).first else { preconditionFailure("the card just written is gone") }
            return (card, current == nil)
        }
    }

    /// DELETE: moves the live card called `href` to the trash, like `deleteContact`.
    /// - Parameter ifMatch: an If-Match header's value, checked as `CardPrecondition.ifMatch`.
    /// - Throws: `cardNotFound` when there is no such live card, `preconditionFailed`.
    public func deleteCard(href: String, in scope: AddressBookScope, ifMatch: String?) throws {
        let now = now()
        let cutoff = trashCutoff()
        guard Self.isValidHref(href) else { throw StoreError.cardNotFound(href: href) }
        try writing(scope) { db in
            let found = try Self.contacts(href: href, uid: nil, in: scope, db: db)
            guard let card = found.atHref, !card.inTrash else { throw StoreError.cardNotFound(href: href) }
            try Self.check(ifMatch.map(CardPrecondition.ifMatch) ?? .none, etag: Self.etag(salt: found.salt, revision: card.revision))
            _ = try Self.moveToTrash(card.id, in: scope, now: now, cutoff: cutoff, db: db)
        }
    }

    /// Whether `href` can name a card: 1–255 characters, no slash or control characters, not
    /// `.` or `..`.
    static func isValidHref(_ href: String) -> Bool {
        let bytes = href.utf8
        guard !bytes.isEmpty, href != ".", href != ".." else { return false }
        // One pass over the bytes: a multiget checks a hundred names per request. The control
        // characters (general category Cc) are C0, DEL and C1, which UTF-8 writes as C2 80…C2 9F.
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F) { return false }
            previous = byte
        }
        return bytes.count <= maximumHrefLength || href.count <= maximumHrefLength
    }

    /// The book's salt and newest change, whether any of its cards is in a group, the contact
    /// called `href` and the contact with UID `uid` in it (live or in the trash), from one
    /// statement: what a write of a card checks first.
    private static func contacts(href: String, uid: String?, in scope: AddressBookScope, db: any SQLConnection) throws
        -> (salt: String, latestChange: Int64, bookHasGroupMembers: Bool, atHref: (id: Int64, uid: String, revision: Int64, inTrash: Bool)?,
            withUID: (id: Int64, href: String, inTrash: Bool)?) {
        try db.statement("""
            SELECT b.sync_salt, h.id, h.uid, h.revision, h.deleted_at IS NOT NULL, u.id, u.href, u.deleted_at IS NOT NULL, b.last_change,
                EXISTS (SELECT 1 FROM group_members m WHERE m.book_id = b.id)
            FROM address_books b
            LEFT JOIN contacts h ON h.book_id = b.id AND h.href = ?
            LEFT JOIN contacts u ON u.book_id = b.id AND u.uid = ?
            WHERE b.id = ?
            """).firstRow([href, uid, scope.bookID]) { row in
            (salt: row.text(0), latestChange: row.int64(8), bookHasGroupMembers: row.int(9) != 0,
             atHref: row.isNull(1) ? nil : (id: row.int64(1), uid: row.text(2), revision: row.int64(3), inTrash: row.int(4) != 0),
             withUID: row.isNull(5) ? nil : (id: row.int64(5), href: row.text(6), inTrash: row.int(7) != 0))
        } ?? (salt: "", latestChange: 0, bookHasGroupMembers: false, atHref: nil, withUID: nil)
    }

    /// Throws `preconditionFailed` unless `precondition` holds for the live card with entity tag
    /// `etag` (nil when there is none).
    private static func check(_ precondition: CardPrecondition, etag: String?) throws {
        switch precondition {
        case .none:
            return
        case .ifMatch(let tags):
            guard let etag, tags.split(separator: ",").contains(where: { ["*", etag].contains(String($0.trimmingBlanks())) })
            else { throw StoreError.preconditionFailed }
        case .ifNoneMatchAny:
            guard etag == nil else { throw StoreError.preconditionFailed }
        }
    }

    /// A table source named `alias` of `names` (columns `value` and `key`, its order) and the value
    /// its one parameter takes. One name is a one-row subquery, so the planner of either engine
    /// knows it is one row and looks the card up by its index (PostgreSQL takes a function's list
    /// for 100 rows and would rather scan a small book); more are a JSON array.
    private static func nameList(_ names: [String], as alias: String, db: any SQLConnection) -> (String, any SQLBindable) {
        names.count == 1 ? ("(SELECT CAST(? AS TEXT) AS value, 0 AS key) AS \(alias)", names[0])
            : (db.dialect.jsonStrings(as: alias), jsonArray(names))
    }

    /// The live cards called `hrefs` with their photos, in the order given, each once.
    private static func storedCards(_ hrefs: [String], in scope: AddressBookScope, db: any SQLConnection) throws -> [StoredCard] {
        let wanted = uniqued(hrefs.filter(isValidHref))
        guard !wanted.isEmpty else { return [] }
        // The list join keeps the names asked for, in order, as the outer loop: one index lookup each.
        // One statement, the book's salt included, so a read of cards is one round trip.
        let (list, names) = nameList(wanted, as: "wanted", db: db)
        return try db.statement("""
            SELECT \(storedCardColumns)
            FROM \(list) \(db.dialect.listJoin) contacts c ON c.book_id = ? AND c.href = wanted.value
            JOIN address_books b ON b.id = c.book_id
            \(storedCardJoins)
            WHERE c.deleted_at IS NULL ORDER BY wanted.key
            """).rows([names, scope.bookID], storedCard)
    }

    /// The columns `storedCard(from:)` reads, first in a query: the contact's, its name, photo,
    /// card as sent (from `storedCardJoins`), and the salt of its book `b`. The photo is a
    /// subquery, one index lookup for each card: as a join, PostgreSQL would rather hash a whole
    /// small photos table than look one photo up.
    private static let storedCardColumns = """
        \(ContactRow.columns), c.href, (SELECT p.data FROM photos p WHERE p.book_id = c.book_id AND p.contact_id = c.id),
        s.version, s.text, b.sync_salt
        """
    /// The join of a contact `c`'s card as sent while that is its latest write.
    private static let storedCardJoins = """
        LEFT JOIN sent_cards s ON s.book_id = c.book_id AND s.contact_id = c.id AND s.revision = c.revision
        """

    /// A card from a row that begins with `storedCardColumns`.
    private static func storedCard(from row: any SQLRow) throws -> StoredCard {
        let (href, photo) = (ContactColumn.following, ContactColumn.following + 1)
        let (sentVersion, sentText, salt) = (href + 2, href + 3, href + 4)
        var contact = ContactRow.contact(from: row)
        if !row.isNull(photo) { contact.details.photo = try Photo(data: row.blob(photo)) }
        let sent = row.isNull(sentText) ? nil : VCardWriter.Version(rawValue: row.text(sentVersion))
            .map { SentCard(text: row.text(sentText), version: $0) }
        return StoredCard(contact: contact, href: row.text(href), etag: etag(salt: row.text(salt), revision: contact.revision), sent: sent)
    }

    /// What a GET of one card reads: the account's credentials generation as it is now, its
    /// address book of the name asked, and the live card of the name asked in it.
    public struct CardLookup: Sendable {
        /// See `credentialsGeneration(of:)`: a caller trusting credentials it verified earlier
        /// confirms them with this, read with the card.
        public let credentialsGeneration: Int64
        /// The login failures the lookup was asked to check; nil without a check.
        public let failures: CountedFailures?
        /// The book, or nil when the user has none of that name.
        public let book: AddressBook?
        /// The card's version, or nil when the book holds no live card of that name.
        public let version: CardVersion?
        /// The card, or nil when there is none or the caller chose to skip it.
        public let card: StoredCard?
    }

    /// Whether a lookup may leave out the card it found (its caller has what it needs of it
    /// already, such as its text): given the book and the card's version.
    public typealias CardSkip = (AddressBook, CardVersion) -> Bool

    /// The user's credentials generation, address book called `bookName` and the version of the
    /// live card called `href` in it, from one statement that reads neither the card's details
    /// nor its photo; then, unless `skip` says its caller has no need of it, the card itself.
    /// A GET served from the text cache is one round trip to the database, credentials check
    /// included (two for a book shared with the user, `SharedBookSegment`).
    /// Nil when the user no longer exists.
    /// - Parameter check: login failures to read in the same statement (`failures`).
    /// - Parameter skip: when it says so for the card found, the card is not read.
    public func lookUpCard(href: String, inBookNamed bookName: String, of user: User, checking check: LoginFailureCheck? = nil,
                           skippingCardIf skip: CardSkip? = nil) throws -> CardLookup? {
        if let segment = SharedBookSegment(bookName) {
            guard let found = try sharedAddressBookWithCredentials(segment, for: user, checking: check) else { return nil }
            let shared = try found.book.flatMap { try card(href: href, in: $0.scope) }
            return CardLookup(credentialsGeneration: found.credentialsGeneration, failures: found.failures, book: found.book,
                              version: shared?.version, card: shared)
        }
        let (bookName, href) = (Self.bookNameToFind(bookName), Self.isValidHref(href) ? href : "")
        let found = try queue.readSingle { db in
            try db.statement(Self.cardLookupStatement(db.dialect, failureKeys: check?.keyCount ?? 0))
                .firstRow((check?.parameters ?? []) + [bookName, href, user.id]) { row in
                let book = row.isNull(3) ? nil : Self.addressBook(from: row, userID: user.id, startingAt: 3)
                let version = book.flatMap { book in
                    row.isNull(0) ? nil
                        : CardVersion(href: href, etag: Self.etag(salt: book.syncToken.salt, revision: row.int64(0)), updatedAt: Self.date(row.int64(1)))
                }
                return CardLookup(credentialsGeneration: row.int64(2), failures: check?.failures(in: row, from: 3 + Self.addressBookColumnCount),
                                  book: book, version: version, card: nil)
            }
        }
        guard let found, let book = found.book, let version = found.version, !(skip?(book, version) ?? false) else { return found }
        // Read on its own, the card may have changed since: its own version goes with it.
        let read = try cards(hrefs: [href], in: book.scope).first
        return CardLookup(credentialsGeneration: found.credentialsGeneration, failures: found.failures, book: book,
                          version: read?.version, card: read)
    }

    /// The text of `lookUpCard`'s statement: each dialect's for no failure key, one and two
    /// (`LoginFailureCheck.columns`) written once. A statement's text is the key of its compiled
    /// form, and writing it for every GET cost more than reading the card's version.
    private static func cardLookupStatement(_ dialect: SQLDialect, failureKeys: Int) -> String {
        let written = dialect == .sqlite ? cardLookupStatements.sqlite : cardLookupStatements.postgresql
        return failureKeys < written.count ? written[failureKeys] : writeCardLookupStatement(dialect, failureKeys: failureKeys)
    }

    private static let cardLookupStatements = (sqlite: (0...2).map { writeCardLookupStatement(.sqlite, failureKeys: $0) },
                                               postgresql: (0...2).map { writeCardLookupStatement(.postgresql, failureKeys: $0) })

    private static func writeCardLookupStatement(_ dialect: SQLDialect, failureKeys: Int) -> String {
        let failures = failureKeys == 0 ? "" : ", " + LoginFailureCheck.columns(keyCount: failureKeys)
        return """
            SELECT c.revision, c.updated_at, u.credentials_generation, \(addressBookColumns)\(failures)
            FROM users u
            LEFT JOIN address_books b ON b.user_id = u.id AND b.name = ? AND b.deleted_at IS NULL
            LEFT JOIN contacts c \(dialect.reading(through: Schema.cardVersionIndexName))
                ON c.book_id = b.id AND c.href = ? AND c.deleted_at IS NULL
            WHERE u.id = ?
            """
    }
}
