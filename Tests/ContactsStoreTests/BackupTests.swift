import ContactsCore
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
@testable import ContactsStore
import Wording

/// `ContactStore.backUp(to:)` and `ContactStore.restore(directory:from:keepingReplacedDataAt:)`.
@Suite(.enabled(if: TestEngine.isSQLite)) struct BackupTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    let elsewhere = TemporaryDirectory()

    init() throws {
        fixture = try TwoUserStore()
        try FileManager.default.createDirectory(atPath: elsewhere.path, withIntermediateDirectories: true)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        var details = TwoUserStore.details("张三")
        details.photo = try Photo(data: png)
        _ = try store.addContact(details, to: fixture.aliceBook)
        let trashed = try store.addContact(TwoUserStore.details("李四"), to: fixture.aliceBook)
        try store.deleteContact(id: trashed.id, in: fixture.aliceBook)
        try fixture.put("bob-card.vcf", uid: "bob-1", name: "王五", in: fixture.bobBook)
    }

    private func listing(_ store: ContactStore, _ username: String) throws -> [String] {
        let book = try store.defaultAddressBook(for: try store.user(named: username))
        return try store.contacts(in: book).map { "\($0.details.name) \($0.details.phones.map(\.number)) photo:\($0.hasPhoto)" }
    }

    private func files(in directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) ?? []
    }

    @Test func aBackupRestoredIntoANewDirectoryHoldsEverything() throws {
        let path = elsewhere.path + "/backup.sqlite3"
        let summary = try store.backUp(to: path)
        #expect(summary.users == 2 && summary.contacts == 2 && summary.bytes > 0)
        #expect(files(in: elsewhere.path) == ["backup.sqlite3"], "one self-contained file, no partial or WAL left")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let restoredDirectory = TemporaryDirectory()
        let (restored, kept) = try ContactStore.restore(directory: restoredDirectory.path, from: path,
                                                        keepingReplacedDataAt: elsewhere.path + "/kept.sqlite3")
        #expect(restored.users == 2 && restored.contacts == 2)
        #expect(!kept && files(in: elsewhere.path) == ["backup.sqlite3"], "an empty store has nothing to keep")
        let copy = try restoredDirectory.store()
        #expect(try listing(copy, "alice") == listing(store, "alice"))
        #expect(try listing(copy, "bob") == listing(store, "bob"))
        let bobBook = try copy.defaultAddressBook(for: try copy.user(named: "bob"))
        #expect(try copy.cardList(in: bobBook).map(\.href) == ["bob-card.vcf"])
        #expect(try copy.trash(in: try copy.defaultAddressBook(for: try copy.user(named: "alice"))).map(\.contact.details.name) == ["李四"])
        let aliceBook = try copy.defaultAddressBook(for: try copy.user(named: "alice"))
        let zhang = try #require(try copy.contacts(in: aliceBook).first)
        #expect(try copy.photo(ofContact: zhang.id, in: aliceBook)?.data == store.photo(ofContact: zhang.id, in: fixture.aliceBook)?.data)
        #expect(try copy.authenticate(username: "alice", password: "password1") != nil)
    }

    @Test func restoringReplacesTheDataAndSignsEveryoneOut() throws {
        let path = elsewhere.path + "/backup.sqlite3"
        _ = try store.backUp(to: path)
        let token = try store.issueToken(.session, for: fixture.alice, lifetime: 3_600)
        _ = try store.addContact(TwoUserStore.details("赵六"), to: fixture.aliceBook)
        _ = try store.createUser(username: "carol", password: "password1")

        let kept = elsewhere.path + "/kept.sqlite3"
        #expect(try ContactStore.restore(directory: fixture.directory.path, from: path, keepingReplacedDataAt: kept).keptReplacedData)
        #expect(try ContactStore(path: kept).users().map(\.username) == ["alice", "bob", "carol"])
        let reopened = try fixture.directory.store()
        #expect(try reopened.users().map(\.username) == ["alice", "bob"])
        #expect(try listing(reopened, "alice").map { $0.hasPrefix("张三") } == [true])
        #expect(try reopened.user(forToken: token, kind: .session) == nil)
        #expect(try Database(path: fixture.directory.databasePath).integrityProblems().isEmpty)
    }

    @Test func tokensAndETagsFromBeforeARestoreAreRefused() throws {
        let path = elsewhere.path + "/backup.sqlite3"
        _ = try store.backUp(to: path)
        // Written after the backup: the restore loses it, and the numbers it had come round again.
        let lost = try fixture.put("x.vcf", uid: "x", name: "Lost", in: fixture.aliceBook)
        let lostToken = try store.addressBooks(for: fixture.alice)[0].syncToken
        _ = try ContactStore.restore(directory: fixture.directory.path, from: path, keepingReplacedDataAt: elsewhere.path + "/kept.sqlite3")
        let reopened = try fixture.directory.store()
        let alice = try reopened.defaultAddressBook(for: try reopened.user(named: "alice"))
        let remade = try reopened.putCard(href: "x.vcf", uid: "x", details: TwoUserStore.details("Made again"), in: alice, precondition: .none)
        let token = try reopened.addressBooks(for: try reopened.user(named: "alice"))[0].syncToken
        #expect(token.change == lostToken.change && token.salt != lostToken.salt)
        #expect(remade.card.etag != lost.etag)
        #expect(try reopened.changes(in: alice, since: lostToken, limit: nil) == nil)
        #expect(throws: StoreError.preconditionFailed) {
            try reopened.putCard(href: "x.vcf", uid: "x", details: TwoUserStore.details("Blind"), in: alice, precondition: .ifMatch(lost.etag))
        }
        #expect(try reopened.changes(in: alice, since: nil, limit: nil)?.token == token)
    }

    @Test func aBackupNeverReplacesAFile() throws {
        let path = elsewhere.path + "/taken.sqlite3"
        try Data("an earlier backup".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.backupExists(path: path)) { try store.backUp(to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "an earlier backup")
        #expect(files(in: elsewhere.path) == ["taken.sqlite3"])
    }

    @Test func aBackupThatCannotBeWrittenSaysWhyAndLeavesNothing() throws {
        let path = elsewhere.path + "/no/such/directory/backup.sqlite3"
        #expect(throws: StoreError.cannotWriteBackup(path: path, reason: "No such file or directory")) { try store.backUp(to: path) }
        #expect(files(in: elsewhere.path).isEmpty)
    }

    @Test(arguments: ["missing", "text", "other-app", "newer", "itself"])
    func restoreRefusesWhatIsNotABackupAndTouchesNothing(_ kind: String) throws {
        var path = elsewhere.path + "/" + kind + ".sqlite3"
        switch kind {
        case "missing": break
        case "text":
            try Data(String(repeating: "not a database ", count: 20).utf8).write(to: URL(fileURLWithPath: path))
        case "other-app":
            try Database(path: path).execute("CREATE TABLE notes (body TEXT); PRAGMA user_version = 3; PRAGMA journal_mode = DELETE")
        case "newer":
            _ = try store.backUp(to: path)
            try Database(path: path).execute("PRAGMA user_version = 99; PRAGMA journal_mode = DELETE")
        default:
            path = fixture.directory.databasePath
        }
        let before = try listing(store, "alice")
        let kept = elsewhere.path + "/kept.sqlite3"
        #expect(throws: (any Error).self) { try ContactStore.restore(directory: fixture.directory.path, from: path, keepingReplacedDataAt: kept) }
        do {
            _ = try ContactStore.restore(directory: fixture.directory.path, from: path, keepingReplacedDataAt: kept)
        } catch let error as StoreError {
            let message = error.description
            let expected = ["missing": "no such file", "text": "file is not a database", "other-app": "not one of PersonalContacts",
                            "itself": "the data directory's own database"][kind]
            #expect(expected.map(message.contains) == true, "\(message)")
        } catch let error as MigrationError {
            #expect(kind == "newer" && error == .newerSchema(version: 99, known: Schema.migrations.count))
        }
        #expect(try listing(fixture.directory.store(), "alice") == before)
        #expect(!FileManager.default.fileExists(atPath: kept), "nothing is kept before the backup passed its checks")
    }
}
