import ContactsCore
import Foundation
import SQLite
import Testing
@testable import ContactsStore

/// Migration 2 on a file that migration 1 made and the first release wrote to.
@Suite struct MigrationTests {
    let directory = TemporaryDirectory()

    /// A version-1 database: alice's default book with two live contacts (one UID has a slash),
    /// one in the trash and one already purged, each with the change log the first release wrote.
    private func makeVersion1Database() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        try Migrator(Array(Schema.migrator.migrations.prefix(1))).migrate(db)
        #expect(try db.userVersion == 1)
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

    private func query<T>(_ sql: String, _ transform: (Row) -> T) throws -> [T] {
        try Database(path: directory.databasePath).statement(sql).rows([], transform)
    }

    @Test func contactsGetNamesAndRevisionsAndTheLogGetsNames() throws {
        try makeVersion1Database()
        _ = try directory.store()
        #expect(try Database(path: directory.databasePath).userVersion == Schema.migrator.migrations.count)
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
        #expect(try store.authenticateForSync(username: "alice", password: "password1") == alice)
        let books = try store.addressBooks(for: alice)
        #expect(books.map(\.name) == [ContactStore.defaultAddressBookName])
        #expect(books.first?.syncToken == 7)
        let book = try #require(books.first)
        #expect(try store.defaultAddressBook(for: alice) == book.scope)
        #expect(try store.cardList(in: book.scope).map(\.etag).sorted() == ["\"2\"", "\"5\""])
        #expect(try store.card(href: "AAAA.vcf", in: book.scope)?.contact.details.name == "Anna")
        #expect(try store.card(href: "CCCC.vcf", in: book.scope) == nil)
        // Removed before and after the trash: both by name.
        let since = try #require(try store.changes(in: book.scope, since: 3, limit: nil))
        #expect(since.written.map(\.href) == ["AAAA.vcf"])
        #expect(Set(since.removed) == ["CCCC.vcf", "DDDD.vcf"])
        #expect(since.token == 7)
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
        #expect(added.id == 5)
        #expect(try store.card(href: added.uid + ".vcf", in: scope)?.etag == "\"8\"")
        let bob = try store.createUser(username: "bob", password: "password1")
        #expect(bob.id == 2)
        #expect(try store.defaultAddressBook(for: bob) != scope)
        #expect(try store.credentialsGeneration(of: bob) == 1)
        // The purged contact's name is free again.
        let put = try store.putCard(href: "DDDD.vcf", uid: "DDDD", details: .init(name: "Dirk"), in: scope, precondition: .ifNoneMatchAny)
        #expect(put.created)
    }
}
