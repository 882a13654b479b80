import ContactsStore
import Foundation
import HTTP
import StoreOpening
import Testing

/// What caches may keep of a signed-in page, and what a TLS proxy in front changes: Secure
/// cookies and HSTS; and which logins a locked account still takes.
@Suite struct CachingAndProxyTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    /// The id of alice's contact, made with a photo through the form.
    private func contactWithPhoto() throws -> Int64 {
        let png = NSTemporaryDirectory() + UUID().uuidString + ".png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2]).write(to: URL(fileURLWithPath: png))
        defer { try? FileManager.default.removeItem(atPath: png) }
        #expect(try alice.postMultipart("/contacts", [("name", "Anna"), ("phone", "1")], files: [("photo", png)]).status == 303)
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        return try #require(try app.store.contacts(in: scope).first?.id)
    }

    @Test func signedInPagesAreNeverStoredAndPhotosAreAskedForAgain() throws {
        let id = try contactWithPhoto()
        let group = try alice.post("/groups", [("name", "Family")])
        #expect(group.status == 303)
        for path in ["/contacts", "/contacts/\(id)", "/contacts/\(id)/edit", "/birthdays", "/duplicates", "/groups", "/books",
                     "/contacts?q=ann", "/contacts/rows?after=0", "/login", "/logout"] {
            let reply = try alice.get(path)
            #expect(reply.header("Cache-Control") == "no-store", "\(path): \(reply.status) \(reply.header("Cache-Control") ?? "none")")
        }
        let photo = try alice.get("/contacts/\(id)/photo")
        #expect(photo.status == 200 && photo.header("Cache-Control") == "private, no-cache")
        let etag = try #require(photo.header("ETag"))
        #expect(try alice.send("GET", "/contacts/\(id)/photo", headers: ["If-None-Match: \(etag)"]).status == 304)
        // The static files keep their long lifetime.
        let page = try alice.get("/contacts")
        let stylesheet = try #require(page.body.firstMatch(of: /href="(\/static\/[^"]+\.css)"/)?.output.1)
        #expect(try alice.get(String(stylesheet)).header("Cache-Control") == "public, max-age=31536000, immutable")
    }

    @Test func behindATLSProxyEveryCookieIsSecureAndHSTSIsSent() throws {
        let session = app.session()
        let login = try session.send("GET", "/login", headers: ["X-Forwarded-Proto: https", "X-Forwarded-For: 203.0.113.7"])
        #expect(login.header("Strict-Transport-Security") == "max-age=31536000")
        let reply = try session.post("/login", [("account", "alice"), ("password", "password1"), ("remember", "on")],
                                     headers: ["X-Forwarded-Proto: https", "X-Forwarded-For: 203.0.113.7"])
        #expect(reply.status == 303)
        let cookies = reply.headers("Set-Cookie")
        #expect(cookies.count >= 3 && cookies.allSatisfy { $0.contains("; Secure") }, "\(cookies)")
        // Over plain HTTP, no proxy saying otherwise: neither.
        let plain = try app.session().post("/login", [("account", "alice"), ("password", "password1")])
        #expect(plain.headers("Set-Cookie").allSatisfy { !$0.contains("Secure") } && plain.header("Strict-Transport-Security") == nil)
    }

    @Test func aLockedAccountTakesItsRememberTokenButNotItsPassword() throws {
        let device = app.session()
        try device.logIn("alice", "password1", remember: true)
        for _ in 0..<5 { try app.throttle.recordFailure(account: "alice", address: "203.0.113.7") }
        #expect(try app.session().logIn("alice", "password1").status == 429)
        let fresh = app.session()
        fresh.jar = device.jar
        fresh.jar["pc_session"] = nil
        try fresh.get("/login")
        #expect(try fresh.post("/login", [("account", "alice"), ("password", ""), ("remember", "on")]).status == 303)
    }
}
