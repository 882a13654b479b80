import Accounts
import ContactsCore
import Foundation
import SQLEngine

extension ContactStore {
    /// The longest address book name, in bytes of UTF-8 (what file systems allow a file name).
    public static let maximumAddressBookNameLength = 255

    /// A name as books are kept and found by it: in NFC, so that one written precomposed and
    /// one written decomposed (`Família` either way) name one book. Nil for a name no book can
    /// have: empty, `.` or `..`, over 255 bytes, holding `/`, a control or format character
    /// (zero-width, bidi, BOM), a line or paragraph separator, a noncharacter or U+FFFD (what
    /// bytes that are not UTF-8 decode to), white space at either end, or beginning with `~`
    /// (which begins the segments of shared books, `SharedBookSegment`). Otherwise anything
    /// goes, as clients name books after folders: spaces, `@`, any script.
    public static func addressBookName(_ name: String) -> String? {
        // Printable ASCII without a space or `/` (most names, on every request) is NFC already.
        if name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) {
            let ascii = !name.isEmpty && name.utf8.count <= maximumAddressBookNameLength && name != "." && name != ".."
                && name.first != SharedBookSegment.marker
            return ascii ? name : nil
        }
        let normalized = NameText.nfc(name)
        guard !normalized.isEmpty, normalized.utf8.count <= maximumAddressBookNameLength, normalized != ".", normalized != "..",
              normalized.first?.isWhitespace == false, normalized.last?.isWhitespace == false,
              normalized.first != SharedBookSegment.marker,
              !normalized.unicodeScalars.contains(where: { scalar in
                  NameText.isHidden(scalar) || scalar == "/" || scalar == "\u{FFFD}" || scalar.properties.isNoncharacterCodePoint
              }) else { return nil }
        return normalized
    }

    /// The user's address books: the default one (which every user has) first, then the others
    /// in the order they were made, then those shared with the user (`sharedBy` set, access in
    /// their scope), by owner and name.
    public func addressBooks(for user: User) throws -> [AddressBook] {
        try queue.read { db in
            try db.statement("\(Self.addressBookQuery) ORDER BY b.id").rows([user.id]) { Self.addressBook(from: $0, userID: user.id) }
                + Self.sharedAddressBooks(for: user, db: db)
        }
    }

    /// The user's address book called `name`, or nil.
    public func addressBook(named name: String, for user: User) throws -> AddressBook? {
        try addressBookWithCredentials(named: name, for: user)?.book
    }

    /// The live address book holding contact `id` (live or in that book's trash) among the
    /// user's own and those shared with them (with the access the share gives now), or nil:
    /// contact ids are unique across all books, so a contact's page needs no book in its URL.
    public func addressBook(containingContact id: Int64, for user: User) throws -> AddressBook? {
        guard let bookID = try queue.read({ db in
            try db.statement("SELECT book_id FROM contacts WHERE id = ?").firstRow([id]) { $0.int64(0) }
        }) else { return nil }
        return try addressBooks(for: user).first { $0.scope.bookID == bookID }
    }

    /// `name` as books are kept; for a name no book can have, "", which no book has either: a
    /// statement looking a book up by it finds none and still reads what it reads beside it.
    static func bookNameToFind(_ name: String) -> String {
        addressBookName(name) ?? ""
    }

    /// The user's address book called `name` (nil when there is none) with the account's
    /// credentials generation (see `credentialsGeneration(of:)`), from one statement; nil when
    /// the user no longer exists. A `SharedBookSegment` finds the book shared with the user
    /// under it, as the share stands now.
    /// - Parameter check: login failures to read in the same statement (`failures`; nil without a check).
    public func addressBookWithCredentials(named name: String, for user: User, checking check: LoginFailureCheck? = nil) throws
        -> (credentialsGeneration: Int64, book: AddressBook?, failures: CountedFailures?)? {
        if let segment = SharedBookSegment(name) { return try sharedAddressBookWithCredentials(segment, for: user, checking: check) }
        let name = Self.bookNameToFind(name)
        let failures = Self.failureColumns(check)
        return try queue.readSingle { db in
            try db.statement("""
                SELECT u.credentials_generation, \(Self.addressBookColumns)\(failures.sql)
                FROM users u LEFT JOIN address_books b ON b.user_id = u.id AND b.name = ? AND b.deleted_at IS NULL WHERE u.id = ?
                """).firstRow(failures.parameters + [name, user.id]) { row in
                (row.int64(0), row.isNull(1) ? nil : Self.addressBook(from: row, userID: user.id, startingAt: 1),
                 check?.failures(in: row, from: 1 + Self.addressBookColumnCount))
            }
        }
    }

    /// Makes an empty address book for the user. A book of that name in the trash is deleted
    /// for good to make way for it.
    /// - Parameters:
    ///   - name: its URL segment, as `addressBookName` allows and keeps it (in NFC), and not the
    ///     name of another of the user's live books (names are case-sensitive).
    ///   - displayName: not the display name of another of the user's live books (see
    ///     `isSameDisplayName`).
    public func createAddressBook(named name: String, displayName: String, for user: User) throws -> AddressBook {
        guard let name = Self.addressBookName(name) else { throw StoreError.invalidAddressBookName(name) }
        return try makeAddressBook(displayName: displayName, for: user) { db in
            guard try db.statement("SELECT 1 FROM address_books WHERE user_id = ? AND name = ? AND deleted_at IS NULL")
                .firstRow([user.id, name], { _ in true }) == nil else { throw StoreError.addressBookNameTaken(name) }
            try db.run("DELETE FROM address_books WHERE user_id = ? AND name = ? AND deleted_at IS NOT NULL", user.id, name)
            return name
        }
    }

    /// Makes an empty address book for the user, its URL segment made from `displayName`
    /// (`LatinSlug`: `家人` → `jiaren`, `Work` → `work`; `book` when nothing in it reads as a
    /// letter) and numbered (`work-2`, `work-3`…) past every name the user's books have, those in
    /// the trash included, so that no book is pushed out of the trash to make way.
    /// - Parameter displayName: not the display name of another of the user's live books.
    public func createAddressBook(displayName: String, for user: User) throws -> AddressBook {
        let slug = LatinSlug.make(displayName)
        let base = slug.isEmpty ? "book" : slug
        return try makeAddressBook(displayName: displayName, for: user) { db in
            let taken = Set(try db.statement("SELECT name FROM address_books WHERE user_id = ?").rows([user.id]) { $0.text(0) })
            var (name, number) = (base, 1)
            while taken.contains(name) {
                number += 1
                name = "\(base)-\(number)"
            }
            return name
        }
    }

    /// Makes an address book named by `chooseName` (run in the transaction that inserts it),
    /// checking that the user exists, has room for one more book and shows no other by `displayName`.
    private func makeAddressBook(displayName: String, for user: User, chooseName: (any SQLConnection) throws -> String) throws -> AddressBook {
        let now = now()
        return try queue.write(.account(user.id)) { db in
            guard try db.statement("SELECT 1 FROM users WHERE id = ?").firstRow([user.id], { _ in true }) != nil else {
                throw StoreError.userNotFound(user.username)
            }
            try Self.requireUnusedDisplayName(displayName, userID: user.id, except: nil, db: db)
            let name = try chooseName(db)
            let books = try db.statement("SELECT count(*) FROM address_books WHERE user_id = ?").firstRow([user.id]) { $0.int(0) } ?? 0
            guard books < StoreError.StoreLimit.addressBooks.maximum else { throw StoreError.limitReached(.addressBooks) }
            let id = try Self.insertAddressBook(userID: user.id, name: name, displayName: displayName, now: now, db: db)
            let scope = AddressBookScope(userID: user.id, bookID: id)
            guard let token = try Self.syncPosition(in: scope, db: db) else { preconditionFailure("the book just made is gone") }
            return AddressBook(scope: scope, name: name, displayName: displayName, syncToken: token)
        }
    }

    /// Renames the address book as people see it (its URL segment stays). The name may not be
    /// another of the account's live books' (see `isSameDisplayName`).
    public func setDisplayName(_ displayName: String, of scope: AddressBookScope) throws {
        // The whole account: the set of its books' names is what the check reads.
        try queue.write(.account(scope.userID)) { db in
            try Self.checkShare(of: scope, managingBook: true, db: db)
            try Self.requireUnusedDisplayName(displayName, userID: scope.userID, except: scope.bookID, db: db)
            try db.run("UPDATE address_books SET display_name = ? WHERE id = ? AND user_id = ? AND deleted_at IS NULL",
                       displayName, scope.bookID, scope.userID)
            guard db.changes == 1 else { throw StoreError.addressBookNotFound }
        }
    }

    /// Whether two display names name the same book to a person: equal once trimmed of white
    /// space, in NFC, and in lowercase (`Work`, ` work ` and `WORK` are one name).
    public static func isSameDisplayName(_ one: String, _ other: String) -> Bool {
        displayNameKey(one) == displayNameKey(other)
    }

    private static func displayNameKey(_ name: String) -> String {
        NameText.nfc(name.trimmed).lowercased()
    }

    /// Throws `addressBookDisplayNameTaken` when one of the user's live books but `bookID` is
    /// shown by `displayName` (see `isSameDisplayName`).
    static func requireUnusedDisplayName(_ displayName: String, userID: Int64, except bookID: Int64?, db: any SQLConnection) throws {
        let others = try db.statement("SELECT id, display_name FROM address_books WHERE user_id = ? AND deleted_at IS NULL")
            .rows([userID]) { (id: $0.int64(0), displayName: $0.text(1)) }
        let key = displayNameKey(displayName)
        guard !others.contains(where: { $0.id != bookID && displayNameKey($0.displayName) == key }) else {
            throw StoreError.addressBookDisplayNameTaken(displayName.trimmed)
        }
    }

    /// The properties clients set on the address book that the server keeps without interpreting
    /// (WebDAV dead properties), ordered by namespace and name.
    public func deadProperties(of scope: AddressBookScope) throws -> [DeadProperty] {
        try queue.readSingle { db in
            try db.statement("SELECT namespace, name, value, attributes, content_xml FROM dav_properties WHERE book_id = ? ORDER BY namespace, name")
                .rows([scope.bookID]) { row in
                    DeadProperty(namespace: row.text(0), name: row.text(1), value: row.text(2),
                                 attributes: DeadProperty.Attribute.decode(row.text(3)), contentXML: row.optionalText(4))
                }
        }
    }

    /// Sets a dead property of the address book (replacing its value, attributes and content
    /// whole), or removes it when `property` is nil.
    public func setDeadProperty(namespace: String, name: String, to property: DeadProperty?, of scope: AddressBookScope) throws {
        try writing(scope, managingBook: true) { db in
            guard try Self.isLiveBook(scope, db: db) else { throw StoreError.addressBookNotFound }
            if let property {
                try db.run("""
                    INSERT INTO dav_properties (book_id, namespace, name, value, attributes, content_xml) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (book_id, namespace, name) DO UPDATE
                        SET value = excluded.value, attributes = excluded.attributes, content_xml = excluded.content_xml
                    """, scope.bookID, namespace, name, property.value, DeadProperty.Attribute.encode(property.attributes),
                           property.contentXML)
            } else {
                try db.run("DELETE FROM dav_properties WHERE book_id = ? AND namespace = ? AND name = ?", scope.bookID, namespace, name)
            }
        }
    }

    /// Sets a dead property whose value is text, or removes it when `value` is nil.
    public func setDeadProperty(namespace: String, name: String, value: String?, of scope: AddressBookScope) throws {
        try setDeadProperty(namespace: namespace, name: name,
                            to: value.map { DeadProperty(namespace: namespace, name: name, value: $0) }, of: scope)
    }

    /// Adds an address book with an id never handed out before, no changes yet and a fresh
    /// random salt for its sync tokens and ETags; returns the id.
    static func insertAddressBook(userID: Int64, name: String, displayName: String, now: Int64, db: any SQLConnection) throws -> Int64 {
        let id = try Counter.addressBookID.next(db: db)
        try db.run("""
            INSERT INTO address_books (id, user_id, name, display_name, created_at, last_change, sync_salt)
            VALUES (?, ?, ?, ?, ?, 0, ?)
            """, id, userID, name, displayName, now, newSalt())
        return id
    }

    /// Signs every session out and gives every address book a new salt, in one transaction: after
    /// a restore, clients' sync tokens and ETags name a history the store no longer has, so their
    /// tokens are refused (they sync from scratch) and their ETags match no card.
    public func forgetSessionsAndSyncHistory() throws {
        try queue.write(.database) { db in
            try AccountStore.endAllSessions(db: db)
            let books = try db.statement("SELECT id FROM address_books").rows { $0.int64(0) }
            for id in books {
                try db.run("UPDATE address_books SET sync_salt = ? WHERE id = ?", Self.newSalt(), id)
            }
        }
    }

    /// A new salt: 16 random lowercase hexadecimal digits (`SyncToken.isSalt`).
    static func newSalt() -> String {
        SecretToken.randomBytes(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The columns of an address book `b` that `addressBook(from:userID:startingAt:)` reads.
    static let addressBookColumns = "b.id, b.name, b.display_name, b.sync_salt, b.last_change"
    static let addressBookColumnCount: Int32 = 5

    /// The user's books with their sync tokens; the user's id is its one parameter.
    private static let addressBookQuery = "SELECT \(addressBookColumns) FROM address_books b WHERE b.user_id = ? AND b.deleted_at IS NULL"

    /// Whether the scope's book exists, is its user's and is not in the trash.
    static func isLiveBook(_ scope: AddressBookScope, db: any SQLConnection) throws -> Bool {
        try db.statement("SELECT 1 FROM address_books WHERE id = ? AND user_id = ? AND deleted_at IS NULL")
            .firstRow([scope.bookID, scope.userID], { _ in true }) != nil
    }

    /// The book whose `addressBookColumns` begin at column `first` of `row`.
    static func addressBook(from row: any SQLRow, userID: Int64, startingAt first: Int32 = 0) -> AddressBook {
        AddressBook(scope: AddressBookScope(userID: userID, bookID: row.int64(first)), name: row.text(first + 1),
                    displayName: row.text(first + 2), syncToken: SyncToken(salt: row.text(first + 3), change: row.int64(first + 4)))
    }
}
