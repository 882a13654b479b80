import Accounts
import ContactsCore
import ContactsStore
import Foundation
import Testing

/// A contact's History page and Restore this version; who the history says made a browser's
/// changes; the ways there (the contact's page, Recently Deleted); other accounts' and read-only
/// shares' reach.
@Suite struct HistoryPagesTests {
    let app: RunningApp
    let alice: WebSession
    var store: ContactStore { app.store }

    static let chromeOnMac = "User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func book(_ user: String = "alice") throws -> AddressBookScope { try app.defaultBook(of: user) }

    /// Ann with a phone, then edited in alice's browser: named Anna, a second phone, a long note.
    private func editedContact() throws -> Int64 {
        let id = try store.addContacts([ContactDetails(name: "Ann", phones: [PhoneNumber("138 0013 8000")])], to: try book())[0]
        let form = try alice.openEditForm(id) + [("name", "Anna"), ("phone_label", "mobile"), ("phone", "138 0013 8000"),
                                                 ("phone_label", "work"), ("phone", "010 1234 5678"),
                                                 ("note", "Met at the conference.\nLikes tea."), ("sex", "unset")]
        let saved = try alice.postMultipart("/contacts/\(id)", form, headers: [Self.chromeOnMac])
        #expect(saved.status == 303)
        return id
    }

    @Test func aBrowsersChangesAreItsSessionsNamedAfterItsBrowser() throws {
        let id = try editedContact()
        let versions = try store.history(ofContact: id, in: try book())
        let client = try #require(versions.first?.client)
        #expect(client.kind == .web && client.name == "Chrome on macOS" && client.userAgent?.hasPrefix("Mozilla/5.0 (Macintosh") == true)
        let session = try #require(alice.jar["pc_session"])
        #expect(client.key.hasPrefix("session:") && !client.key.contains(session) && !client.key.contains(String(session.prefix(8))))
        #expect(versions.last?.client == .server, "the contact was made outside any request")

        // The same session keeps its key; another session of the same account has its own.
        try alice.post("/contacts/\(id)/delete", headers: [Self.chromeOnMac])
        #expect(try store.history(ofContact: id, in: try book()).first?.client?.key == client.key)
        let again = app.session()
        try again.logIn("alice", "password1")
        try again.get("/contacts")
        try again.post("/contacts/\(id)/restore")
        let other = try #require(try store.history(ofContact: id, in: try book()).first?.client)
        #expect(other.kind == .web && other.key != client.key && other.name == "", "no User-Agent: no name")
    }

    @Test func theHistoryListsEachVersionWithWhatItChanged() throws {
        let id = try editedContact()
        #expect(try alice.get("/contacts/\(id)").body.contains(#"<a href="/contacts/\#(id)/history" id="history-link">History</a>"#))
        let page = try alice.get("/contacts/\(id)/history")
        #expect(page.status == 200)
        let body = page.body
        #expect(body.contains("<h1>History</h1>") && body.contains(#"id="bar-subtitle">Anna</p>"#))
        #expect(body.contains(#"href="/contacts/\#(id)" id="back-button""#))
        let versions = try store.history(ofContact: id, in: try book())
        let (newest, oldest) = (versions[0].number, versions[1].number)
        let newestRow = try #require(body.range(of: #"id="version-\#(newest)""#))
        let oldestRow = try #require(body.range(of: #"id="version-\#(oldest)""#))
        #expect(newestRow.lowerBound < oldestRow.lowerBound, "newest first")
        let edit = String(body[newestRow.lowerBound..<oldestRow.lowerBound])
        #expect(edit.contains("Changed · <time datetime="))
        #expect(edit.contains(#"<span class="inset-detail version-client">Chrome on macOS</span>"#))
        #expect(edit.contains("<li>Name: Ann → Anna</li>") && edit.contains("<li>Phone added: 010 1234 5678 (work)</li>")
                && edit.contains("<li>Note added</li>"), "a note of two lines is named, not shown")
        #expect(!edit.contains("138 0013 8000"), "the phone kept is not a change")
        #expect(edit.contains(#"<span class="version-current">Current</span>"#) && !edit.contains("Restore this version"))
        let first = String(body[oldestRow.lowerBound...])
        #expect(first.contains("Created · ") && first.contains("<li>Name added: Ann</li>") && first.contains("<li>Phone added: 138 0013 8000 (mobile)</li>"))
        #expect(first.contains(#"<input type="hidden" name="ids" value="\#(id)"><button type="submit" class="link version-restore" id="version-\#(oldest)-restore""#))
        #expect(first.contains(#"data-confirm="Restore this version" data-confirm-message="The contact will be as it was on "#))

        try alice.get("/contacts?lang=zh-Hans")
        let chinese = try alice.get("/contacts/\(id)/history").body
        #expect(chinese.contains("<h1>历史记录</h1>") && chinese.contains("修改 · ") && chinese.contains("macOS 上的 Chrome"))
        #expect(chinese.contains("<li>姓名：Ann → Anna</li>") && chinese.contains("<li>添加了电话：010 1234 5678 (工作)</li>")
                && chinese.contains("<li>添加了备注</li>") && chinese.contains(">恢复此版本</button>") && chinese.contains(">当前版本</span>"))
    }

    @Test func restoreAsksFirstThenMakesTheContactAsItWas() throws {
        let id = try editedContact()
        let oldest = try #require(try store.history(ofContact: id, in: try book()).last?.number)
        let path = "/contacts/\(id)/history/\(oldest)/restore"
        let asked = try alice.post(path, [("ids", String(id))])
        #expect(asked.status == 200 && asked.body.contains("The contact will be as it was on "))
        #expect(asked.body.contains(#"<input type="hidden" name="confirmed" value="1"><button type="submit" class="destructive" id="confirm-button">Restore this version</button>"#))
        #expect(try store.contact(id: id, in: try book()).details.name == "Anna", "nothing restored by the question")
        let done = try alice.post(path, [("ids", String(id)), ("confirmed", "1")], headers: [Self.chromeOnMac])
        #expect(done.status == 303 && done.header("Location") == "/contacts/\(id)")
        let restored = try store.contact(id: id, in: try book()).details
        #expect(restored.name == "Ann" && restored.phones.map(\.number) == ["138 0013 8000"] && restored.note.isEmpty)
        let page = try alice.get("/contacts/\(id)/history").body
        #expect(page.contains("Restored · ") && page.contains("<li>Name: Anna → Ann</li>") && page.contains("<li>Phone removed: 010 1234 5678 (work)</li>"))
    }

    @Test func aDeletedContactsHistoryIsReachedFromRecentlyDeleted() throws {
        let id = try editedContact()
        try alice.post("/contacts/\(id)/delete")
        let trash = try alice.get("/contacts/trash").body
        #expect(trash.contains(#"<a href="/contacts/\#(id)/history" class="trash-history" aria-describedby="trashed-\#(id)">History</a>"#))
        let page = try alice.get("/contacts/\(id)/history").body
        #expect(page.contains("Deleted · ") && page.contains(#"href="/contacts/trash" id="back-button""#))
        let edit = try store.history(ofContact: id, in: try book())[1].number
        let done = try alice.post("/contacts/\(id)/history/\(edit)/restore", [("confirmed", "1")])
        #expect(done.status == 303 && done.header("Location") == "/contacts/\(id)")
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Anna"] && store.trash(in: try book()).isEmpty)
    }

    @Test func otherAccountsContactsAndVersionsAreNotFound() throws {
        let id = try editedContact()
        // Version numbers count each book's changes: Bob's fifth is a number Alice's contact has none of.
        let bobs = try store.addContacts((1...5).map { ContactDetails(name: "Bob's \($0)") }, to: try book("bob"))[4]
        let bobsVersion = try #require(try store.history(ofContact: bobs, in: try book("bob")).first?.number)
        #expect(try !store.history(ofContact: id, in: try book()).map(\.number).contains(bobsVersion))
        #expect(try alice.get("/contacts/\(bobs)/history").status == 404)
        #expect(try alice.get("/contacts/999999/history").status == 404)
        #expect(try alice.get("/contacts/x/history").status == 404)
        #expect(try alice.post("/contacts/\(bobs)/history/\(bobsVersion)/restore", [("confirmed", "1")]).status == 404)
        #expect(try alice.post("/contacts/\(id)/history/\(bobsVersion)/restore", [("confirmed", "1")]).status == 404, "another contact's version")
        #expect(try alice.post("/contacts/\(id)/history/\(bobsVersion)/restore").status == 404)
        #expect(try alice.post("/contacts/\(id)/history/x/restore", [("confirmed", "1")]).status == 404)
        let oldest = try #require(try store.history(ofContact: id, in: try book()).last?.number)
        #expect(try alice.post("/contacts/\(id)/history/\(oldest)/restore", [("confirmed", "1")], csrf: false).status == 403)
        #expect(try store.contact(id: id, in: try book()).details.name == "Anna")
        #expect(try app.session().get("/contacts/\(id)/history").header("Location") == "/login?next=%2Fcontacts%2F\(id)%2Fhistory")
    }

    /// A sharee sees the history, with each change's account; read-only, restoring is refused.
    @Test func aShareShowsTheHistoryWithAccountsAndFollowsItsAccess() throws {
        let id = try editedContact()
        let oldest = try #require(try store.history(ofContact: id, in: try book()).last?.number)
        let bob = app.session()
        try bob.logIn("bob", "password1")
        try bob.get("/contacts")
        try store.share(try book(), with: "bob", access: .readOnly)
        let shared = "?book=~alice~contacts"
        #expect(try bob.get("/contacts/\(id)").body.contains(#"<a href="/contacts/\#(id)/history\#(shared)" id="history-link">History</a>"#))
        let page = try bob.get("/contacts/\(id)/history" + shared).body
        #expect(page.contains("Chrome on macOS · alice"))
        #expect(page.contains(#"<button type="button" id="version-\#(oldest)-restore" class="link version-restore" disabled>Restore this version</button>"#))
        #expect(try bob.post("/contacts/\(id)/history/\(oldest)/restore" + shared, [("confirmed", "1")]).status == 403)
        #expect(try store.contact(id: id, in: try book()).details.name == "Anna")
        #expect(try alice.get("/contacts/\(id)/history").body.contains("Chrome on macOS · alice"), "the owner of a shared book sees accounts too")
        try store.share(try book(), with: "bob", access: .readWrite)
        #expect(try bob.post("/contacts/\(id)/history/\(oldest)/restore" + shared, [("confirmed", "1")]).status == 303)
        #expect(try store.history(ofContact: id, in: try book()).first?.account == "bob")
    }
}
