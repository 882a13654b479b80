import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The sharing page of a book (list, share, change, stop, refusals, CSRF, both languages), a
/// shared book opened with `?book=` (read-only: write controls disabled and writes refused),
/// who last changed a contact, and no reach into books not shared.
@Suite struct SharingPagesTests {
    let app: RunningApp
    let alice: WebSession
    let bob: WebSession
    let family: AddressBook
    static let shared = "?book=~alice~family"

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
        bob = app.session()
        try bob.logIn("bob", "password1")
        try bob.get("/contacts")
        family = try app.store.createAddressBook(named: "family", displayName: "Family", for: try app.store.user(named: "alice"))
    }

    private func add(_ name: String) throws -> Contact {
        try app.store.addContact(ContactDetails(name: name, phones: [PhoneNumber("13800138000")]), to: family.scope)
    }

    @Test func theOwnerSharesChangesAndStopsSharing() throws {
        let empty = try alice.get("/sharing?book=family")
        #expect(empty.status == 200 && empty.body.contains("<title>Sharing Family · ") && empty.body.contains("Not shared with anyone."))
        let shared = try alice.post("/sharing?book=family", [("account", "bob"), ("access", "read-only")])
        #expect(shared.status == 303 && shared.headers["Location"] == "/sharing?book=family")
        #expect(try app.store.shares(of: family.scope) == [BookShare(account: "bob", access: .readOnly)])
        let page = try alice.get("/sharing?book=family").body
        #expect(page.contains(#"<span class="inset-title share-account">bob</span>"#) && page.contains(#"<option value="read-only" selected>Read-only</option>"#))
        #expect(!page.contains(#"id="no-shares""#))
        #expect(page.contains(#"aria-label="Stop sharing · bob""#))
        #expect(try alice.post("/sharing?book=family", [("account", "bob"), ("access", "read-write")]).status == 303)
        #expect(try app.store.shares(of: family.scope) == [BookShare(account: "bob", access: .readWrite)])
        #expect(try alice.post("/sharing/remove?book=family", [("account", "bob")]).status == 303)
        #expect(try app.store.shares(of: family.scope).isEmpty)
        #expect(try alice.post("/sharing/remove?book=family", [("account", "bob")]).status == 404)
    }

    @Test func theMenuLeadsToTheCurrentBooksSharingPageInBothLanguages() throws {
        #expect(try alice.get("/contacts").body.contains(#"<a href="/sharing" id="sharing-link">Sharing</a>"#))
        #expect(try alice.get("/contacts?book=family").body.contains(#"<a href="/sharing?book=family" id="sharing-link">Sharing</a>"#))
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/contacts").body.contains(#"id="sharing-link">共享</a>"#))
        #expect(try alice.get("/sharing?book=family").body.contains("<title>共享“Family”"))
        try app.store.share(family.scope, with: "bob", access: .readOnly)
        #expect(!(try bob.get("/contacts" + Self.shared).body.contains("sharing-link")), "only the owner shares")
    }

    /// An unknown name gets the message the CLI gives; the form keeps what was typed.
    @Test func refusedNamesSayWhyAndShareNothing() throws {
        let unknown = try alice.post("/sharing?book=family", [("account", "<carol>"), ("access", "read-only")])
        #expect(unknown.status == 422 && unknown.body.contains("no user named &quot;&lt;carol&gt;&quot;"))
        #expect(unknown.body.contains(#"value="&lt;carol&gt;""#))
        let own = try alice.post("/sharing?book=family", [("account", "Alice"), ("access", "read-write")])
        #expect(own.status == 422 && own.body.contains("an address book cannot be shared with its owner"))
        #expect(try alice.post("/sharing?book=family", [("account", "bob"), ("access", "owner")]).status == 400)
        #expect(try alice.post("/sharing?book=family", [("account", ""), ("access", "read-only")]).status == 400)
        #expect(try alice.post("/sharing?book=family", [("account", String(repeating: "b", count: 300)), ("access", "read-only")]).status == 400)
        #expect(try alice.post("/sharing?book=family", [("account", "bob"), ("access", "read-only")], csrf: false).status == 403)
        #expect(try app.store.shares(of: family.scope).isEmpty)
    }

    @Test func aReadOnlyShareShowsItsWriteControlsDisabledAndRefusesWrites() throws {
        let anna = try add("Anna")
        try app.store.share(family.scope, with: "bob", access: .readOnly)
        let list = try bob.get("/contacts" + Self.shared).body
        #expect(list.contains("Anna") && list.contains("Shared with you by alice, read-only"))
        #expect(list.contains(#"<button type="button" id="add-button" class="add" aria-label="Add" disabled>+</button>"#))
        #expect(list.contains(#"<button type="button" id="edit-toggle" disabled>Edit</button>"#))
        let page = try bob.get("/contacts/\(anna.id)" + Self.shared).body
        #expect(page.contains(#"<button type="button" id="edit-button" disabled>Edit</button>"#))
        #expect(page.contains(#"id="delete-contact" disabled>"#))
        #expect(try bob.post("/contacts/\(anna.id)/delete" + Self.shared).status == 403)
        #expect(try bob.postMultipart("/contacts" + Self.shared, [("name", "Bo"), ("phone", "123")]).status == 403)
        #expect(try app.store.contacts(in: family.scope).map(\.details.name) == ["Anna"])
        #expect(try bob.get("/sharing" + Self.shared).status == 403, "a sharee does not share the book on")
    }

    @Test func aReadWriteShareWritesAndTheContactSaysWhoChangedItLast() throws {
        try app.store.share(family.scope, with: "bob", access: .readWrite)
        let list = try bob.get("/contacts" + Self.shared).body
        #expect(list.contains(#"<a id="add-button" class="add" href="/contacts/new?book=~alice~family""#))
        let added = try bob.postMultipart("/contacts" + Self.shared, [("name", "Bo"), ("phone", "123")])
        #expect(added.status == 303)
        let bo = try #require(try app.store.contacts(in: family.scope).first)
        let page = try alice.get("/contacts/\(bo.id)?book=family").body
        #expect(page.contains(#"<p class="last-changed" id="last-changed">Last changed by bob, "#))
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/contacts/\(bo.id)?book=family").body.contains("最后由 bob 于 "))
        let own = try app.store.addContact(ContactDetails(name: "Own", phones: [PhoneNumber("1")]), to: try app.store.defaultAddressBook(for: try app.store.user(named: "alice")))
        #expect(!(try alice.get("/contacts/\(own.id)").body.contains("last-changed")), "not in a book nobody else sees")
    }

    /// Bob reaches alice's contacts only through the share, by its segment, while it lasts.
    @Test func guessedBooksAndIdsFindNothing() throws {
        let anna = try add("Anna")
        let work = try app.store.createAddressBook(named: "work", displayName: "Work", for: try app.store.user(named: "alice"))
        let boss = try app.store.addContact(ContactDetails(name: "Boss", phones: [PhoneNumber("1")]), to: work.scope)
        try app.store.share(family.scope, with: "bob", access: .readWrite)
        // A contact's page finds its book among those the account may open: anna's through the share.
        #expect(try bob.get("/contacts/\(anna.id)").status == 200)
        for path in ["/contacts/\(boss.id)", "/contacts/\(boss.id)" + Self.shared, "/contacts/\(boss.id)?book=~alice~work",
                     "/contacts?book=~alice~work", "/contacts?book=family", "/contacts?book=~carol~family", "/sharing?book=~alice~work"] {
            #expect(try bob.get(path).status == 404, "\(path)")
        }
        #expect(try bob.post("/contacts/\(boss.id)/delete" + Self.shared).status == 404)
        try app.store.unshare(family.scope, with: "bob")
        #expect(try bob.get("/contacts/\(anna.id)" + Self.shared).status == 404, "revoked on the next request")
        #expect(try app.store.contacts(in: work.scope).count == 1 && app.store.contacts(in: family.scope).count == 1)
    }
}
