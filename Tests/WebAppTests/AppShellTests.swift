import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Testing
import Wording

/// The app on the home screen: the manifest, the service worker, what the worker may keep, the
/// logout that clears it, and the list pane beside a contact on wide screens.
@Suite struct AppShellTests {
    let app: RunningApp

    init() throws {
        app = try RunningApp()
    }

    @discardableResult
    private func add(_ name: String, for user: String = "alice") throws -> Contact {
        try app.store.addContact(ContactDetails(name: name, phones: [.init("1")]),
                                 to: try app.store.defaultAddressBook(for: try app.store.user(named: user)))
    }

    private static func json(_ reply: WebSession.Reply) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
    }

    @Test func theManifestIsServedWithoutALoginInTheBrowsersLanguage() throws {
        for (language, name, shortName) in [("en", "Personal Contacts", "Contacts"), ("zh-CN", "私人通讯录", "通讯录")] {
            let reply = try app.session(acceptLanguage: language).get("/manifest.webmanifest")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/manifest+json")
            #expect(reply.header("Vary") == "Cookie, Accept-Language")
            #expect(reply.header("Content-Security-Policy")?.contains("script-src 'self';") == true)
            let manifest = try Self.json(reply)
            #expect(manifest["name"] as? String == name)
            #expect(manifest["short_name"] as? String == shortName)
            #expect(manifest["start_url"] as? String == "/contacts")
            #expect(manifest["scope"] as? String == "/")
            #expect(manifest["display"] as? String == "standalone")
            #expect(manifest["theme_color"] as? String == "#f2f2f7")
            #expect(manifest["background_color"] as? String == "#f2f2f7")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(Set(icons.map { "\($0["sizes"]!) \($0["purpose"]!)" }) == ["192x192 any", "512x512 any", "512x512 maskable"])
            for icon in icons {
                let file = try app.session().get(try #require(icon["src"]))
                #expect(file.status == 200 && file.header("Content-Type") == "image/png", "\(icon)")
            }
        }
    }

    @Test func theManifestNamesNothingOfTheSignedInUser() throws {
        let alice = try app.aliceBesideBob(on: "/contacts")
        try add("Zhang San")
        let mine = try alice.get("/manifest.webmanifest").body
        #expect(mine == (try app.session().get("/manifest.webmanifest").body))
        #expect(!mine.contains("alice") && !mine.contains("Zhang"))
    }

    @Test func theWorkerIsServedAtTheRootWithTheShellsURLs() throws {
        let session = app.session()
        let worker = try session.get("/service-worker.js")
        #expect(worker.status == 200)
        #expect(worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.header("Cache-Control") == "no-cache")
        #expect(worker.header("Content-Security-Policy") != nil)
        // The version and every file a page loads, so that the shell works offline and a new version drops the old.
        let page = try session.get("/login").body
        let stylesheet = try #require(page.firstMatch(of: #/<link rel="stylesheet" href="(/static/[^"]+/)app\.css">/#)?.output.1)
        #expect(worker.body.hasPrefix(#"const VERSION = "\#(stylesheet)";"#))
        let linked = page.matches(of: #/(?:href|src)="(/static/[^"]+)"/#).map { String($0.output.1) }
        #expect(linked.count > 5)
        for url in linked { #expect(worker.body.contains(#""\#(url)""#), "\(url)") }
        #expect(try session.get("/favicon.ico").header("Content-Type") == "image/x-icon")
    }

    @Test func everyPageLinksTheManifestAndOpensWithoutTheBrowsersChrome() throws {
        for (language, offline) in [("en", "You are offline"), ("zh-CN", "当前离线")] {
            let page = try app.session(acceptLanguage: language).get("/login").body
            #expect(page.contains(#"<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">"#))
            #expect(page.contains(#"<meta name="mobile-web-app-capable" content="yes">"#))
            #expect(page.contains(#"<meta name="apple-mobile-web-app-capable" content="yes">"#))
            #expect(page.contains(#"<meta name="apple-mobile-web-app-status-bar-style" content="default">"#))
            #expect(page.contains(##"<meta name="theme-color" content="#f2f2f7" media="(prefers-color-scheme: light)">"##))
            #expect(page.contains("viewport-fit=cover"))
            let touchIcon = try #require(page.firstMatch(of: #/<link rel="apple-touch-icon" href="([^"]+)">/#)?.output.1)
            #expect(try app.session().get(String(touchIcon)).header("Content-Type") == "image/png")
            #expect(page.contains(#"<div class="offline-banner" id="offline-banner" role="status" hidden>\#(offline)"#))
        }
    }

    @Test func logoutTellsTheBrowserToClearItsCachesAndTheWorker() throws {
        let alice = try app.aliceBesideBob(on: "/logout")
        let reply = try alice.post("/logout")
        #expect(reply.status == 303)
        #expect(reply.header("Clear-Site-Data") == #""cache", "storage""#)
        #expect(try alice.get("/login").header("Clear-Site-Data") == nil)
    }

    @Test func onlyTheSignedInUsersListIsMarkedForTheOfflineCopy() throws {
        let alice = try app.aliceBesideBob(on: "/contacts")
        let contact = try add("Zhang San")
        #expect(try alice.get("/contacts").header("X-Offline-Copy") == "list")
        for path in ["/contacts?q=zhang", "/contacts?edit=1", "/contacts/\(contact.id)", "/contacts/new", "/birthdays"] {
            #expect(try alice.get(path).header("X-Offline-Copy") == nil, "\(path)")
        }
        // A list answered with a cookie (here a new CSRF cookie) is not kept.
        let sessionOnly = try alice.send("GET", "/contacts", headers: ["Cookie: pc_session=\(try #require(alice.jar["pc_session"]))"])
        #expect(sessionOnly.status == 200 && !sessionOnly.headers("Set-Cookie").isEmpty)
        #expect(sessionOnly.header("X-Offline-Copy") == nil)
        // Nobody's list without a login: the redirect is not marked either.
        #expect(try app.session().get("/contacts").header("X-Offline-Copy") == nil)
    }

    @Test func aContactsPageCarriesTheListPaneWithTheContactMarked() throws {
        let alice = try app.aliceBesideBob(on: "/contacts")
        let anna = try add("Anna")
        try add("<b>Bold</b>")
        try add("Bob's friend", for: "bob")
        let page = try alice.get("/contacts/\(anna.id)").body
        let pane = try #require(page.firstMatch(of: #/<aside class="list-pane"[\s\S]*?</aside>/#)?.output)
        #expect(pane.contains(#"<h2 class="bar-title" id="list-pane-title">Contacts</h2>"#))
        #expect(pane.contains(#"<a class="row-link" href="/contacts/\#(anna.id)" aria-current="page">"#))
        #expect(pane.matches(of: #/aria-current/#).count == 1)
        #expect(pane.contains("&lt;b&gt;Bold&lt;/b&gt;") && !pane.contains("<b>"))
        #expect(!pane.contains("Bob's friend") && !pane.contains("row-delete"))
        #expect(pane.contains(#"id="pane-search""#))
        let new = try alice.get("/contacts/new").body
        #expect(new.contains(#"<aside class="list-pane""#) && new.contains("Anna") && !new.contains("aria-current"))
        let list = try alice.get("/contacts").body
        #expect(!list.contains("list-pane") && list.contains(#"class="detail-placeholder""#))
    }

    @Test func theListPaneIsTheFirstScreenOrElseStartsAtTheContactsSection() throws {
        let alice = try app.aliceBesideBob(on: "/contacts")
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        let many = (0..<60).map { ContactDetails(name: String(format: "Person %03d", $0), phones: [.init("1")]) }
        _ = try app.store.addContacts(many, to: scope)
        try add("Anna")
        try add("Zoe")
        func pane(_ name: String) throws -> Substring {
            let id = try #require(try app.store.search(name, in: scope).first).id
            let pane = try #require(try alice.get("/contacts/\(id)").body.firstMatch(of: #/<aside class="list-pane"[\s\S]*?</aside>/#)?.output)
            #expect(pane.contains(#"href="/contacts/\#(id)" aria-current="page""#), "\(name)")
            return pane
        }
        // On the first screen (Anna, Person 000–048): the first screen, with a link to more.
        let early = try pane("Person 048")
        #expect(early.contains(">Anna<") && early.contains(#"<a class="more" href="/contacts?after="#))
        // Further on: from the contact's section.
        let later = try pane("Person 049")
        #expect(!later.contains(">Anna<") && later.contains(">Person 000<") && !later.contains("Zoe"))
        #expect(!(try alice.get("/contacts").body.contains("Zoe")))
        let last = try pane("Zoe")
        #expect(!last.contains("Person") && !last.contains(#"class="more""#))
    }
}
