@testable import Accounts
import ContactsCore
import Foundation
import SQLEngine
import PostgreSQL
import SQLite
import StoreOpening
import Testing
import VCard
@testable import ContactsStore

/// Migration 2 on a file that migration 1 made and the first release wrote to.
@Suite(.enabled(if: TestEngine.isSQLite)) struct MigrationTests {
    let directory = TemporaryDirectory()

    /// A version-1 database: alice's default book with two live contacts (one UID has a slash),
    /// one in the trash and one already purged, each with the change log the first release wrote.
    private func makeVersion1Database() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        try Migrator(Array(Schema.migrations.prefix(1))).migrate(db)
        #expect(try db.schemaVersion() == 1)
        try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (1, 'alice', 'alice', ?, 0)",
                   PasswordHasher.hash("password1"))
        try db.run("INSERT INTO address_books (id, user_id, name, display_name, created_at) VALUES (1, 1, 'default', 'Contacts', 0)")
        func contact(_ id: Int64, uid: String, name: String, deletedAt: Int64? = nil) throws {
            try db.run("""
                INSERT INTO contacts (book_id, sort_key, name, uid, id, phones, emails, sex, age, birthday, address, note,
                                      extra_properties, has_photo, section, search_text, created_at, updated_at, deleted_at)
                VALUES (1, ?, ?, ?, ?, '', '', '', NULL, NULL, '', '', '', 0, 'A', ?, 0, 0, ?)
                """, name.lowercased(), name, uid, id, name.lowercased(), deletedAt)
        }
        func change(_ id: Int64, uid: String, _ kind: String) throws {
            try db.run("INSERT INTO changes (book_id, contact_id, uid, kind, changed_at) VALUES (1, ?, ?, ?, 0)", id, uid, kind)
        }
        try contact(1, uid: "AAAA", name: "Anna")
        try contact(2, uid: "http://example.com/b", name: "Bert")
        try contact(3, uid: "CCCC", name: "Carl", deletedAt: 0)
        try change(1, uid: "AAAA", "create")           // seq 1
        try change(2, uid: "http://example.com/b", "create")  // seq 2
        try change(3, uid: "CCCC", "create")           // seq 3
        try change(4, uid: "DDDD", "create")           // seq 4: contact 4, purged since
        try change(1, uid: "AAAA", "update")           // seq 5
        try change(3, uid: "CCCC", "delete")           // seq 6
        try change(4, uid: "DDDD", "delete")           // seq 7
        try db.run("UPDATE counters SET value = 4 WHERE name = 'contact_id'")
    }

    private func query<T>(_ sql: String, _ transform: (any SQLRow) -> T) throws -> [T] {
        try Database(path: directory.databasePath).statement(sql).rows([], transform)
    }

    @Test func contactsGetNamesAndRevisionsAndTheLogGetsNames() throws {
        try makeVersion1Database()
        _ = try directory.store()
        #expect(try Database(path: directory.databasePath).schemaVersion() == Schema.migrations.count)
        let contacts = try query("SELECT id, href, revision FROM contacts ORDER BY id") { ($0.int64(0), $0.text(1), $0.int64(2)) }
        #expect(contacts.map(\.0) == [1, 2, 3])
        #expect(contacts[0].1 == "AAAA.vcf")
        #expect(contacts[1].1.wholeMatch(of: /[0-9a-f]{32}\.vcf/) != nil, "a UID with a slash makes no resource name")
        #expect(contacts[2].1 == "CCCC.vcf")
        #expect(contacts.map(\.2) == [5, 2, 6])
        let log = try query("SELECT seq, href FROM changes ORDER BY seq") { ($0.int64(0), $0.text(1)) }
        #expect(log.map(\.1) == ["AAAA.vcf", contacts[1].1, "CCCC.vcf", "DDDD.vcf", "AAAA.vcf", "CCCC.vcf", "DDDD.vcf"])
    }

    @Test func migratedBookServesCardDAV() throws {
        try makeVersion1Database()
        let store = try directory.store()
        let alice = try store.user(named: "alice")
        #expect(try store.authenticate(username: "alice", password: "password1") == alice)
        #expect(try store.authenticateForSync(username: "alice", password: "password1")?.user == alice)
        let books = try store.addressBooks(for: alice)
        #expect(books.map(\.name) == [ContactStore.defaultAddressBookName])
        let book = try #require(books.first)
        #expect(book.syncToken.change == 7)
        #expect(try store.defaultAddressBook(for: alice) == book.scope)
        let salt = book.syncToken.salt
        #expect(try store.cardList(in: book.scope).map(\.etag).sorted() == ["\"\(salt)-2\"", "\"\(salt)-5\""])
        #expect(try store.card(href: "AAAA.vcf", in: book.scope)?.contact.details.name == "Anna")
        #expect(try store.card(href: "CCCC.vcf", in: book.scope) == nil)
        // Removed before and after the trash: both by name.
        let since = try #require(try store.changes(in: book.scope, since: SyncToken(salt: salt, change: 3), limit: nil))
        #expect(since.written.map(\.href) == ["AAAA.vcf"])
        #expect(Set(since.removed) == ["CCCC.vcf", "DDDD.vcf"])
        #expect(since.token == book.syncToken)
        #expect(try store.phoneticNames(for: alice))
        #expect(try store.credentialsGeneration(of: alice) == 0)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func newWritesAfterTheMigrationContinueTheCounters() throws {
        try makeVersion1Database()
        let store = try directory.store()
        let alice = try store.user(named: "alice")
        let scope = try store.defaultAddressBook(for: alice)
        let added = try store.addContact(.init(name: "Dora", phones: [.init("1")]), to: scope)
        #expect(added.id >= OpaqueIDs.first, "past every id the counter handed out before, which keep naming their contacts")
        let salt = try #require(try store.addressBooks(for: alice).first).syncToken.salt
        #expect(try store.card(href: added.uid + ".vcf", in: scope)?.etag == "\"\(salt)-8\"")
        let bob = try store.createUser(username: "bob", password: "password1")
        #expect(bob.id == 2)
        #expect(try store.defaultAddressBook(for: bob) != scope)
        #expect(try store.credentialsGeneration(of: bob) == 1)
        // The purged contact's name is free again.
        let put = try store.putCard(href: "DDDD.vcf", uid: "DDDD", details: .init(name: "Dirk"), in: scope, precondition: .ifNoneMatchAny)
        #expect(put.created)
    }

    @Test func namesStoredBeforeTraditionalReadingAreFiledAgain() throws {
        let store = try directory.store()
        let alice = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        let liu = try store.addContact(.init(name: "劉德華", phones: [.init("138 0000 0000")]), to: alice)
        let shan = try store.addContact(.init(name: "單田芳", phones: [.init("139 0000 0000")]), to: alice)
        let revisions = try query("SELECT revision FROM contacts ORDER BY id") { $0.int64(0) }
        // As the release before this one stored them: traditional characters read as they are.
        let db = try Database(path: directory.databasePath)
        try db.run("UPDATE contacts SET section = 'D', sort_key = 'dan tian fang', search_text = '單田芳' WHERE id = ?", shan.id)
        try db.run("UPDATE contacts SET section = '#', sort_key = '{', search_text = '劉德華' WHERE id = ?", liu.id)
        let names = try #require(Schema.migrations.firstIndex { $0.name.hasPrefix("Names: sections, sort keys") })
        try db.execute("PRAGMA user_version = \(names)")

        let reopened = try directory.store()
        let rows = try query("SELECT section, sort_key FROM contacts ORDER BY id = \(shan.id)") { ($0.text(0), $0.text(1)) }
        #expect(rows.map(\.0) == ["L", "S"])
        #expect(rows.map(\.1) == ["liu de hua", "shan tian fang"])
        #expect(try reopened.search("刘", in: alice).map(\.details.name) == ["劉德華"])
        #expect(try reopened.search("stf", in: alice).map(\.details.name) == ["單田芳"])
        #expect(try query("SELECT revision FROM contacts ORDER BY id") { $0.int64(0) } == revisions)
    }
}

/// The migration that gives dead properties their attributes and child elements, on a file
/// whose dav_properties held text only.
@Suite(.enabled(if: TestEngine.isSQLite)) struct DeadPropertyMigrationTests {
    let directory = TemporaryDirectory()

    @Test func propertiesStoredAsTextKeepTheirTextAndGainAttributes() throws {
        let store = try directory.store()
        let book = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        try store.setDeadProperty(namespace: "urn:example", name: "color", value: "teal & blue", of: book)
        let db = try Database(path: directory.databasePath)
        try db.execute("ALTER TABLE dav_properties DROP COLUMN attributes; ALTER TABLE dav_properties DROP COLUMN content_xml")
        let index = try #require(Schema.migrations.firstIndex { $0.name.hasPrefix("CardDAV: dead properties keep") })
        try db.execute("PRAGMA user_version = \(index)")

        let reopened = try directory.store()
        #expect(try reopened.deadProperties(of: book) == [DeadProperty(namespace: "urn:example", name: "color", value: "teal & blue")])
        let attributes = [DeadProperty.Attribute(namespace: "http://www.w3.org/XML/1998/namespace", name: "lang", value: "en")]
        let rich = DeadProperty(namespace: "urn:example", name: "color", value: "teal", attributes: attributes,
                                contentXML: #"<p:b xmlns:p="urn:example">teal</p:b>"#)
        try reopened.setDeadProperty(namespace: "urn:example", name: "color", to: rich, of: book)
        #expect(try reopened.deadProperties(of: book) == [rich])
        // Running it again (a file rolled back by hand) changes nothing.
        try Database(path: directory.databasePath).execute("PRAGMA user_version = \(index)")
        #expect(try directory.store().deadProperties(of: book) == [rich])
    }
}

/// Migration 4 on a file the previous release wrote: change numbers per address book.
@Suite(.enabled(if: TestEngine.isSQLite)) struct PerBookChangeNumberMigrationTests {
    let directory = TemporaryDirectory()

    /// A version-3 database: alice's and bob's default books, whose changes the one global
    /// sequence numbered in turn, with cards their clients sent.
    private func makeVersion3Database() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        try Migrator(Array(Schema.migrations.prefix(3))).migrate(db)
        #expect(try db.schemaVersion() == 3)
        for (id, name) in [(1, "alice"), (2, "bob")] {
            try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?, 0)",
                       id, name, name, PasswordHasher.hash("password1"))
            try db.run("INSERT INTO address_books (id, user_id, name, display_name, created_at) VALUES (?, ?, 'contacts', 'Contacts', 0)", id, id)
        }
        func contact(_ id: Int64, book: Int64, uid: String, revision: Int64, deletedAt: Int64? = nil) throws {
            try db.run("""
                INSERT INTO contacts (book_id, sort_key, name, uid, id, phones, emails, sex, age, birthday, address, note,
                                      extra_properties, has_photo, section, search_text, created_at, updated_at, deleted_at, href, revision)
                VALUES (?, ?, ?, ?, ?, '', '', '', NULL, NULL, '', '', '', 0, 'A', ?, 0, 0, ?, ?, ?)
                """, book, uid, uid, uid, id, uid, deletedAt, uid + ".vcf", revision)
        }
        func change(_ book: Int64, _ id: Int64, uid: String, _ kind: String) throws {
            try db.run("INSERT INTO changes (book_id, contact_id, uid, href, kind, changed_at) VALUES (?, ?, ?, ?, ?, 0)",
                       book, id, uid, uid + ".vcf", kind)
        }
        try change(1, 1, uid: "a1", "create")  // seq 1: alice 1
        try change(2, 2, uid: "b1", "create")  // seq 2: bob 1
        try change(1, 3, uid: "a2", "create")  // seq 3: alice 2
        try change(2, 4, uid: "b2", "create")  // seq 4: bob 2
        try change(2, 2, uid: "b1", "update")  // seq 5: bob 3
        try change(1, 1, uid: "a1", "update")  // seq 6: alice 3
        try change(1, 5, uid: "a3", "create")  // seq 7: alice 4, purged since
        try change(2, 4, uid: "b2", "delete")  // seq 8: bob 4
        try change(1, 5, uid: "a3", "delete")  // seq 9: alice 5
        try contact(1, book: 1, uid: "a1", revision: 6)
        try contact(2, book: 2, uid: "b1", revision: 5)
        try contact(3, book: 1, uid: "a2", revision: 3)
        try contact(4, book: 2, uid: "b2", revision: 8, deletedAt: 0)
        // a1's text is its latest write; b1's belongs to its creation, before an update; a2's to no change at all.
        for (id, revision, text) in [(1, 6, "a1 as sent"), (2, 2, "b1 as first sent"), (3, 99, "a2 from nowhere")] {
            try db.run("INSERT INTO sent_cards (contact_id, revision, version, text) VALUES (?, ?, '4.0', ?)", id, revision, text)
        }
        try db.run("UPDATE counters SET value = 5 WHERE name = 'contact_id'")
        try db.run("UPDATE counters SET value = 2 WHERE name IN ('user_id', 'address_book_id')")
    }

    private func query<T>(_ sql: String, _ transform: (any SQLRow) -> T) throws -> [T] {
        try Database(path: directory.databasePath).statement(sql).rows([], transform)
    }

    @Test func eachBookNumbersItsChangesInTheirOrder() throws {
        try makeVersion3Database()
        _ = try directory.store()
        #expect(try Database(path: directory.databasePath).schemaVersion() == Schema.migrations.count)
        let log = try query("SELECT book_id, number FROM changes ORDER BY seq") { [$0.int64(0), $0.int64(1)] }
        #expect(log == [[1, 1], [2, 1], [1, 2], [2, 2], [2, 3], [1, 3], [1, 4], [2, 4], [1, 5]])
        let revisions = try query("SELECT id, revision FROM contacts ORDER BY id") { [$0.int64(0), $0.int64(1)] }
        #expect(revisions == [[1, 3], [2, 3], [3, 2], [4, 4]])
        let books = try query("SELECT id, last_change, sync_salt FROM address_books ORDER BY id") { ($0.int64(0), $0.int64(1), $0.text(2)) }
        #expect(books.map(\.1) == [5, 4])
        #expect(books.allSatisfy { SyncToken.isSalt($0.2) } && books[0].2 != books[1].2)
        let sent = try query("SELECT contact_id, revision FROM sent_cards ORDER BY contact_id") { [$0.int64(0), $0.int64(1)] }
        #expect(sent == [[1, 3], [2, 1]], "a sent text keeps to its revision; one of no known change is dropped")
        let counts = try query("SELECT live_contacts FROM address_books ORDER BY id") { $0.int64(0) }
        #expect(counts == [2, 1], "each book counts its contacts out of the trash")
    }

    @Test func migratedBooksSyncFromScratchAndRefuseOldTokens() throws {
        try makeVersion3Database()
        let store = try directory.store()
        let alice = try #require(try store.addressBooks(for: try store.user(named: "alice")).first)
        let bob = try #require(try store.addressBooks(for: try store.user(named: "bob")).first)
        #expect(alice.syncToken.change == 5 && bob.syncToken.change == 4)
        let salt = alice.syncToken.salt
        // The card served as its client sent it is still the one at its revision; the stale one is not.
        let a1 = try #require(try store.card(href: "a1.vcf", in: alice.scope))
        #expect(a1.etag == "\"\(salt)-3\"" && a1.sent?.text == "a1 as sent")
        #expect(try store.card(href: "b1.vcf", in: bob.scope)?.sent == nil)
        #expect(try store.card(href: "a2.vcf", in: alice.scope)?.sent == nil)

        let initial = try #require(try store.changes(in: alice.scope, since: nil, limit: nil))
        #expect(initial.written.map(\.href).sorted() == ["a1.vcf", "a2.vcf"] && initial.removed.isEmpty)
        #expect(Set(initial.written.map(\.etag)) == ["\"\(salt)-3\"", "\"\(salt)-2\""])
        #expect(initial.token == alice.syncToken)
        let since = try #require(try store.changes(in: alice.scope, since: SyncToken(salt: salt, change: 2), limit: nil))
        #expect(since.written.map(\.href) == ["a1.vcf"] && since.removed == ["a3.vcf"])
        #expect(try store.changes(in: bob.scope, since: nil, limit: nil)?.written.map(\.href) == ["b1.vcf"])

        // Tokens of the previous release were bare sequence numbers: none reads as a token now.
        for old in ["9", "5", "0"] { #expect(SyncToken(old) == nil) }
        // Nor does one book's token serve another.
        #expect(try store.changes(in: bob.scope, since: SyncToken(salt: salt, change: 4), limit: nil) == nil)
        // An ETag of the previous release matches no card any more.
        #expect(throws: StoreError.preconditionFailed) {
            try store.putCard(href: "a1.vcf", uid: "a1", details: .init(name: "Stale"), in: alice.scope, precondition: .ifMatch("\"6\""))
        }
        #expect(throws: StoreError.preconditionFailed) { try store.deleteCard(href: "a2.vcf", in: alice.scope, ifMatch: "\"3\"") }

        // New writes continue each book's own numbers.
        _ = try store.putCard(href: "a1.vcf", uid: "a1", details: .init(name: "Fresh"), in: alice.scope, precondition: .ifMatch(a1.etag))
        #expect(try store.addressBooks(for: try store.user(named: "alice")).first?.syncToken.change == 6)
        #expect(try store.addressBooks(for: try store.user(named: "bob")).first?.syncToken == bob.syncToken)
        #expect(try store.integrityCheck() == "ok")
    }
}

/// The live-count migration on a PostgreSQL database at the first version of its own history,
/// numbered as releases before the shared numbering did: each book counts its live contacts.
@Suite(.enabled(if: !TestEngine.isSQLite)) struct PostgreSQLLiveCountMigrationTests {
    let directory = TemporaryDirectory()

    @Test func booksOfTheFirstSchemaCountTheirContacts() throws {
        let db = try PostgreSQLHistory.connection(to: directory)
        try PostgreSQLHistory.make(db, atOwnVersion: 1)
        try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (1, 'alice', 'alice', ?, 0)",
                   PasswordHasher.hash("password1"))
        try db.run("INSERT INTO address_books (id, user_id, name, display_name, created_at, sync_salt) VALUES (1, 1, 'contacts', 'Contacts', 0, 'salt')")
        for (id, deletedAt) in [(1001, nil), (1002, nil), (1003, Int64?.some(0))] as [(Int64, Int64?)] {
            try db.run("""
                INSERT INTO contacts (book_id, sort_key, name, uid, id, phones, emails, sex, age, birthday, address, note,
                                      extra_properties, has_photo, section, search_text, created_at, updated_at, deleted_at, href, revision)
                VALUES (1, ?, ?, ?, ?, '', '', '', NULL, NULL, '', '', '', 0, 'A', '', 0, 0, ?, ?, 1)
                """, "c\(id)", "c\(id)", "c\(id)", id, deletedAt, "c\(id).vcf")
        }
        let store = try directory.store()
        let book = try store.defaultAddressBook(for: try store.user(named: "alice"))
        #expect(try store.count(in: book) == 2)
        _ = try store.putCard(href: "new.vcf", uid: "new", details: .init(name: "New"), in: book, precondition: .ifNoneMatchAny)
        try store.deleteCard(href: "c1001.vcf", in: book, ifMatch: nil)
        _ = try store.putCard(href: "c1003.vcf", uid: "c1003", details: .init(name: "Back"), in: book, precondition: .none)
        #expect(try store.count(in: book) == 3)
    }
}

/// The groups migration on a file the release before groups wrote: its group cards (stored as
/// contacts then) become groups, and the categories its contacts carry become groups too.
@Suite(.enabled(if: TestEngine.isSQLite)) struct GroupMigrationTests {
    let directory = TemporaryDirectory()

    @Test func groupCardsAndCategoriesStoredBeforeBecomeGroups() throws {
        let store = try directory.store()
        let book = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        var zhang = ContactDetails(name: "张三", phones: [.init("138 0000 0000")])
        zhang.changeCategories(adding: ["Family"], removing: [])
        let contact = try store.addContact(zhang, to: book)
        let apple = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Work\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\(contact.uid)\r\nUID:G\r\nEND:VCARD\r\n"
        _ = try store.putCard(href: "G.vcf", uid: "G", details: try ContactDetails(card: try VCard(parsing: apple)), in: book, precondition: .none)
        // As the release before groups left the file: no group cards of the server's own, the
        // iPhone's group card a contact like any other (and counted), no index of members, and
        // the contact's CATEGORIES as its own client wrote them.
        let db = try Database(path: directory.databasePath)
        try db.execute("""
            DELETE FROM contacts WHERE is_group = 1 AND uid <> 'G';
            UPDATE contacts SET is_group = 0, group_name = NULL;
            DELETE FROM group_members;
            UPDATE address_books SET live_contacts = 2;
            """)
        try db.run("UPDATE contacts SET extra_properties = ? WHERE id = ?",
                   zhang.extraProperties.joined(separator: "\n"), contact.id)
        let index = try #require(Schema.migrations.firstIndex { $0.name == Schema.groupsMigrationName })
        try db.execute("PRAGMA user_version = \(index)")

        let reopened = try directory.store()
        #expect(try reopened.count(in: book) == 1, "the group card is no longer counted as a contact")
        #expect(try reopened.contacts(in: book).map(\.id) == [contact.id])
        let groups = try reopened.groups(in: book)
        #expect(groups.map(\.name) == ["Family", "Work"] && groups.allSatisfy { $0.memberCount == 1 })
        #expect(groups.last?.uid == "G")
        #expect(Set(try reopened.contact(id: contact.id, in: book).details.categories) == ["Family", "Work"])
    }
}
