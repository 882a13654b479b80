@testable import Accounts
import ContactsCore
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
import VCard
@testable import ContactsStore

/// `ContactStore.copyEverything(to:progress:)`: a whole installation moved to a new store, here
/// SQLite to SQLite through the engine-neutral seam.
@Suite struct TransferTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var alice: AddressBookScope { fixture.aliceBook }
    let elsewhere = TemporaryDirectory()
    let sentText = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:sent\r\nFN:Sent As Is\r\nX-CLIENT:kept\r\nEND:VCARD\r\n"
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    /// Every kind of row: cards with a photo, one as its client sent it, one trashed and one
    /// deleted by sync, a second book with a dead property, sessions, an app password, a secret.
    init() throws {
        fixture = try TwoUserStore()
        var details = TwoUserStore.details("张三")
        details.photo = try Photo(data: Self.png)
        _ = try fixture.store.addContact(details, to: fixture.aliceBook)
        try fixture.put("a.vcf", uid: "a", name: "A", in: fixture.aliceBook)
        try fixture.put("gone.vcf", uid: "gone", name: "Gone", in: fixture.aliceBook)
        try fixture.store.deleteCard(href: "gone.vcf", in: fixture.aliceBook, ifMatch: nil)
        _ = try fixture.store.putCard(href: "sent.vcf", uid: "sent", details: TwoUserStore.details("Sent As Is"), in: fixture.aliceBook,
                                      precondition: .none, sent: SentCard(text: sentText, version: .v4_0))
        try fixture.put("bob.vcf", uid: "bob-1", name: "王五", in: fixture.bobBook)
        let work = try fixture.store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        try fixture.store.setDeadProperty(namespace: "urn:example", name: "color", value: "teal",
                                          of: work.scope)
        _ = try fixture.store.secretKey(named: "csrf")
    }

    /// Every row of every table, as the engine's catalogue lists them.
    private func rows(of store: ContactStore) throws -> StoredRows { try StoredRows(of: store) }

    private func token(_ store: ContactStore, _ user: User) throws -> SyncToken {
        try #require(try store.addressBook(named: ContactStore.defaultAddressBookName, for: user)).syncToken
    }

    @Test func everythingArrivesSoClientsAndLoginsCarryOn() throws {
        let appPassword = try store.addAppPassword(username: "alice", device: "Phone")
        let browser = RequestClient(userAgent: "Mozilla/5.0 (Macintosh) Firefox/133.0", address: "198.51.100.4")
        let session = try store.issueToken(.session, for: fixture.alice, lifetime: 3600, client: browser)
        let remember = try store.issueToken(.remember, for: fixture.alice, lifetime: 3600)
        let browsers = try store.signedInBrowsers(of: fixture.alice, current: session)
        let etags = try store.cardList(in: alice)
        let before = try token(store, fixture.alice)
        let photoID = try #require(try store.contacts(in: alice).first { $0.details.name == "张三" }).id

        let target = try elsewhere.store(clock: fixture.clock.function)
        var reported: [(Int, Int)] = []
        let summary = try store.copyEverything(to: target) { reported.append(($0, $1)) }

        let source = try rows(of: store)
        #expect(try rows(of: target) == source, "every column of every row")
        #expect(summary.rows == source.rows.mapValues(\.count))
        #expect(summary.users == 2 && summary.sentCards == 1 && summary.contacts == 5 && summary.changes == 6)
        #expect(reported.first?.0 == 0 && reported.last?.0 == summary.total && reported.allSatisfy { $0.1 == summary.total })

        let user = try target.user(named: "alice")
        let book = try target.defaultAddressBook(for: user)
        #expect(try target.cardList(in: book) == etags, "the same ETags")
        #expect(try target.count(in: book) == store.count(in: alice), "the book's count of its contacts")
        #expect(try token(target, user) == before)
        let unchanged = try #require(try target.changes(in: book, since: before, limit: nil))
        #expect(unchanged.written.isEmpty && unchanged.removed.isEmpty && unchanged.token == before, "no full resync")
        try target.deleteCard(href: "a.vcf", in: book, ifMatch: etags.first { $0.href == "a.vcf" }?.etag)
        _ = try target.putCard(href: "new.vcf", uid: "new", details: TwoUserStore.details("New"), in: book, precondition: .ifNoneMatchAny)
        let next = try #require(try target.changes(in: book, since: before, limit: nil))
        #expect(next.written.map(\.href) == ["new.vcf"] && next.removed == ["a.vcf"], "only what was written after")

        #expect(try target.authenticate(username: "alice", password: "password1") == user)
        #expect(try target.authenticateForSync(username: "alice", password: appPassword)?.user == user)
        #expect(try target.user(forToken: session, kind: .session) == user)
        #expect(try target.signedInBrowsers(of: user, current: session) == browsers, "the signed-in browsers, whole")
        guard case .valid(user, _, _) = try target.useRememberToken(remember, lifetime: 3600) else {
            Issue.record("the remember token no longer works")
            return
        }
        #expect(try target.photo(ofContact: photoID, in: book)?.data == Self.png)
        #expect(try target.card(href: "sent.vcf", in: book)?.sent?.text == sentText)
        #expect(try target.secretKey(named: "csrf") == store.secretKey(named: "csrf"))
        let work = try #require(try target.addressBooks(for: user).first { $0.name == "work" })
        #expect(try target.deadProperties(of: work.scope).map(\.value) == ["teal"])

        // Ids go on from the source's counters, and sessions and app passwords number on.
        let carol = try target.createUser(username: "carol", password: "password1")
        #expect(carol.id > fixture.bob.id)
        let later = try target.addContact(TwoUserStore.details("Later"), to: book).id
        #expect(later != photoID)
        _ = try target.issueToken(.session, for: carol, lifetime: 3600)
        _ = try target.addAppPassword(username: "alice", device: "Laptop")
        #expect(try rows(of: store) == source, "the source is left as it was")
        let new = try #require(try target.card(href: "new.vcf", in: book)).contact.id
        #expect(try ["New", "Later"].map { try store.addContact(TwoUserStore.details($0), to: alice).id } == [new, later],
                "the ids' key and counter came along: the source's next ids are the target's")
    }

    @Test func aTargetWithUsersIsRefusedAndLeftAsItWas() throws {
        let target = try elsewhere.store()
        _ = try target.createUser(username: "carol", password: "password1")
        let before = try rows(of: target)
        #expect(throws: StoreError.targetNotEmpty) { try store.copyEverything(to: target) }
        #expect(try rows(of: target) == before)
        #expect(throws: StoreError.targetNotEmpty) { try store.copyEverything(to: store) }
    }

    @Test func countsAreCheckedBeforeAnythingIsCommitted() throws {
        let target = try elsewhere.store()
        try target.queue.write(.database) { db in
            switch db.dialect {
            case .sqlite:
                try db.execute("CREATE TRIGGER lose_photos AFTER INSERT ON photos BEGIN DELETE FROM photos WHERE contact_id = NEW.contact_id; END")
            case .postgresql:
                try db.execute("""
                    CREATE FUNCTION lose_photo() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN DELETE FROM photos WHERE contact_id = NEW.contact_id; RETURN NULL; END $$;
                    CREATE TRIGGER lose_photos AFTER INSERT ON photos FOR EACH ROW EXECUTE FUNCTION lose_photo();
                    """)
            }
        }
        let empty = try rows(of: target)
        #expect(throws: StoreError.storageFailed("the copy of photos has 0 rows, the source 1")) { try store.copyEverything(to: target) }
        #expect(try rows(of: target) == empty, "all or nothing")
    }

    @Test func anEmptyStoreCopiesItsCountersAndSecrets() throws {
        let sourceDirectory = TemporaryDirectory()
        let source = try sourceDirectory.store()
        let key = try source.secretKey(named: "csrf")
        let target = try elsewhere.store()
        _ = try target.secretKey(named: "csrf")
        let summary = try source.copyEverything(to: target)
        #expect(summary.users == 0 && summary.total == summary.rows["counters"]! + 1)
        #expect(try target.secretKey(named: "csrf") == key, "the source's secret replaces the target's")
        #expect(try target.users().isEmpty)
        _ = try target.createUser(username: "carol", password: "password1")
    }

    /// A store on PostgreSQL (on SQLite: one seen the engine-neutral way only, as one on
    /// PostgreSQL is): its backup is copied row by row into a new SQLite file, then finished like
    /// any other.
    @Test func aBackupOfAStoreOnAnotherEngineIsCopiedRowByRow() throws {
        let neutral = try TestEngine.isSQLite ? ContactStore(clock: fixture.clock.function) {
            SeamOnly(base: try DatabaseQueue(path: fixture.directory.databasePath, migrator: Schema.migrator))
        } : store
        try FileManager.default.createDirectory(atPath: elsewhere.path, withIntermediateDirectories: true)
        let path = elsewhere.path + "/backup.sqlite3"
        var reported = 0
        let summary = try neutral.backUp(to: path) { copied, _ in reported = copied }
        let total = try rows(of: store).rows.values.map(\.count).reduce(0, +)
        #expect(summary.users == 2 && summary.contacts == 4 && reported == total)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["backup.sqlite3"])
        let copy = try ContactStore(path: path)
        #expect(try rows(of: copy) == rows(of: store))
        #expect(try copy.integrityCheck() == "ok")
    }
}

/// A SQLite database seen through the seam alone, as the store sees one on another engine.
private struct SeamOnly: SQLDatabase {
    let base: DatabaseQueue
    var dialect: SQLDialect { base.dialect }
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T { try base.read(body) }
    func readSingle<T>(_ body: (any SQLConnection) throws -> T) throws -> T { try base.readSingle(body) }
    func write<T>(_ locks: WriteLocks, _ body: (any SQLConnection) throws -> T) throws -> T { try base.write(locks, body) }
    func refreshStatistics() throws { base.refreshStatistics() }
    func integrityCheck() throws -> String { try base.integrityCheck() }
}
