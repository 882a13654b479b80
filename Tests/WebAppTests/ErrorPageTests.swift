import ContactsCore
import ContactsStore
import Foundation
import HTTP
import SQLite
import StoreOpening
import TestSupport
import Testing
import WebApp

/// Errors of the store answered with the web app's own pages, over a real database another
/// connection locks or breaks.
@Suite final class ErrorPageTests {
    let directory = NSTemporaryDirectory() + "webapp-errors-" + UUID().uuidString
    let store: ContactStore
    let http: InProcessClient
    let log = LogRecorder()
    let contact: Int64

    init() throws {
        store = try ContactStore(directory: directory, busyTimeoutMilliseconds: 50)
        let alice = try store.createUser(username: "alice", password: "password1")
        contact = try store.addContact(ContactDetails(name: "Ann", phones: [.init("123")]), to: try store.defaultAddressBook(for: alice)).id
        let app = WebApp(store: store, setupCode: nil, log: log.sink)
        http = InProcessClient(responder: try app.responder())
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private var databasePath: String { directory + "/" + ContactStore.fileName }

    private func loggedIn(_ language: String) throws -> WebSession {
        let session = WebSession(http: http, acceptLanguage: language)
        try session.logIn("alice", "password1")
        try session.get("/contacts")
        return session
    }

    @Test func aBusyDatabaseIsAnswered503WithRetryAfterOnAPageInTheUsersLanguage() throws {
        let english = try loggedIn("en"), chinese = try loggedIn("zh-CN")
        let other = try Database(path: databasePath)
        try other.execute("BEGIN EXCLUSIVE")
        for (session, message) in [(english, "The server is busy. Try again in a moment."), (chinese, "服务器繁忙，请稍后再试")] {
            let reply = try session.post("/contacts/\(contact)/delete")
            #expect(reply.status == 503)
            #expect(reply.header("Retry-After") == "5")
            #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(reply.body.contains(message))
            #expect(reply.header("Content-Security-Policy") != nil, "an error page gets the security headers too")
        }
        try other.execute("COMMIT")
        #expect(try english.post("/contacts/\(contact)/delete").status == 303)
        #expect(log.lines.isEmpty, "a busy database is no failure of the server's")
    }

    @Test func aFailingDatabaseIsAnswered500WithAGenericPageAndTheDetailOnlyInTheLog() throws {
        let alice = try loggedIn("en")
        try Database(path: databasePath).execute("DROP TABLE contacts")
        let reply = try alice.get("/contacts/\(contact)")
        #expect(reply.status == 500)
        #expect(reply.body.contains("Something went wrong on the server."))
        #expect(!reply.body.contains("no such table") && !reply.body.contains("SQLite"))
        #expect(log.lines.contains { $0.hasPrefix("error: GET /contacts/\(contact): ") && $0.contains("no such table") })
    }
}
