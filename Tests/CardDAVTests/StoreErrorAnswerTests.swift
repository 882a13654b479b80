import Accounts
import ContactsStore
import Foundation
import HTTP
import SQLite
import StoreOpening
import TestSupport
import Testing
import WebApp
@testable import CardDAV

/// Store errors answered the DAV way, by the DAV server itself, whatever else the process links
/// (the test bundle links the web app too, whose pages must not answer DAV clients).
@Suite final class StoreErrorAnswerTests {
    let directory = NSTemporaryDirectory() + "carddav-busy-" + UUID().uuidString
    let store: ContactStore
    let log = LogRecorder()
    let alice: DAVClient

    init() throws {
        store = try ContactStore(directory: directory, busyTimeoutMilliseconds: 50)
        _ = try store.createUser(username: "alice", password: "password1")
        let dav = CardDAVServer(store: store, throttle: LoginThrottle(store: store), gate: PasswordGate(), log: log.sink)
        alice = DAVClient(http: InProcessClient(responder: dav.responder()), user: "alice", password: "password1")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    @Test func aBusyDatabaseIsAnswered503WithRetryAfterAndAPlainBody() throws {
        let book = "/dav/addressbooks/alice/contacts/"
        #expect(try alice.put(book + "a.vcf", vcard("UID:a", "FN:Ann")).status == 201)
        let other = try Database(path: directory + "/" + ContactStore.fileName)
        try other.execute("BEGIN EXCLUSIVE")
        let busy = try alice.put(book + "b.vcf", vcard("UID:b", "FN:Bea"))
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "5")
        #expect(busy.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(busy.header("Cache-Control") == "no-store")
        #expect(busy.body.contains("busy"))
        try other.execute("COMMIT")
        #expect(try alice.put(book + "b.vcf", vcard("UID:b", "FN:Bea")).status == 201)
        #expect(log.lines.isEmpty, "a busy database is no failure of the server's")
    }
}

@Suite struct DAVErrorMappingTests {
    @Test func aStoreErrorRendersNothingItselfEvenWithTheWebAppLinked() {
        // Linked (and imported here), the web app once made every StoreError render a web page.
        _ = WebApp.self
        let error: any Error = StoreError.cardNotFound(href: "a.vcf")
        #expect(!(error is any HTTPResponseConvertibleError))
    }

    @Test func everyStoreErrorHasItsDAVAnswerAndTheServersOwnFailuresHaveNone() {
        let answers: [(StoreError, Int?)] = [
            (.cardNotFound(href: "a.vcf"), 404), (.addressBookNotFound, 404), (.contactNotFound(1), 404),
            (.preconditionFailed, 412), (.uidConflict(href: "a.vcf"), 409), (.addressBookNameTaken("x"), 409),
            (.invalidHref("/"), 400), (.cannotDeleteDefaultAddressBook, 403), (.busy, 503),
            (.storageFailed("disk I/O error"), nil), (.cannotWriteBackup(path: "/b", reason: "full"), nil),
        ]
        for (error, status) in answers {
            #expect(DAVError(error)?.status == status, "\(error)")
        }
        #expect(DAVError(.invalidUID("\u{1}"))?.precondition == .cardDAV("valid-address-data"))
    }
}

extension StoreErrorAnswerTests {
    @Test func aFailingDatabaseIsAnswered500WithTheDetailOnlyInTheLog() throws {
        let book = "/dav/addressbooks/alice/contacts/"
        #expect(try alice.put(book + "a.vcf", vcard("UID:a", "FN:Ann")).status == 201)
        try Database(path: directory + "/" + ContactStore.fileName).execute("DROP TABLE contacts")
        let failed = try alice.send("GET", book + "a.vcf")
        #expect(failed.status == 500)
        #expect(!failed.body.contains("contacts") && !failed.body.contains("SQLite"))
        #expect(log.lines.contains { $0.hasPrefix("error: GET \(book)a.vcf: ") && $0.contains("no such table") })
    }
}
