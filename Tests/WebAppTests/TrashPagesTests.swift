import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The Recently Deleted page of a book: its contacts deleted in the last 30 days, Restore one or
/// all, Delete Now once confirmed; the menu's way there; a read-only share sees it and changes
/// nothing; another account's contacts are out of reach.
@Suite struct TrashPagesTests {
    let app: RunningApp
    let alice: WebSession
    var store: ContactStore { app.store }

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func book(_ user: String = "alice") throws -> AddressBookScope { try app.defaultBook(of: user) }

    /// Adds the contacts and deletes them, in order: the last is the most recently deleted.
    private func deleted(_ names: String..., user: String = "alice") throws -> [Int64] {
        let scope = try book(user)
        let ids = try names.map { try store.addContact(ContactDetails(name: $0, phones: [PhoneNumber("13800138000")]), to: scope).id }
        for id in ids {
            // Deletion times are kept to the millisecond: each deletion gets one of its own, so
            // that "most recently deleted" has one answer.
            usleep(2_000)
            try store.deleteContact(id: id, in: scope)
        }
        return ids
    }

    @Test func thePageListsTheBooksDeletedContactsWithTheirDaysLeft() throws {
        #expect(try alice.get("/contacts").body.contains(#"<a href="/contacts/trash" id="trash-link">Recently Deleted</a>"#))
        let empty = try alice.get("/contacts/trash").body
        #expect(empty.contains(#"<p class="empty" id="trash-empty">No Recently Deleted Contacts</p>"#))
        #expect(empty.contains(#"<button type="button" id="restore-all" disabled>Restore All</button>"#))
        let ids = try deleted("Ann <b>", "Bea")
        _ = try deleted("Bob's", user: "bob")
        let page = try alice.get("/contacts/trash").body
        #expect(page.contains(#"<hgroup class="bar-title"><h1>Recently Deleted</h1><p class="bar-subtitle" id="bar-subtitle">Contacts</p></hgroup>"#))
        #expect(page.contains("Ann &lt;b&gt;") && !page.contains("Bob&#39;s"))
        #expect(page.range(of: "Bea")!.lowerBound < page.range(of: "Ann &lt;b&gt;")!.lowerBound, "the most recently deleted first")
        #expect(page.contains("30 days left"))
        #expect(page.contains(#"<input type="hidden" name="ids" value="\#(ids[0])"><button type="submit" class="restore" aria-describedby="trashed-\#(ids[0])">Restore</button>"#))
        #expect(page.contains(#"data-confirm="Delete Now" data-confirm-message="Ann &lt;b&gt; will be deleted for good. This cannot be undone.""#))
        try alice.get("/contacts?lang=zh-Hans")
        let chinese = try alice.get("/contacts/trash").body
        #expect(chinese.contains("<h1>最近删除</h1>") && chinese.contains(">恢复</button>") && chinese.contains(">立即删除</button>")
                && chinese.contains(">全部恢复</button>") && chinese.contains("剩余 30 天") && chinese.contains(#"id="bar-subtitle">通讯录</p>"#))
    }

    @Test func restoreBringsOneBackAndRestoreAllTheRest() throws {
        let ids = try deleted("Ann", "Bea", "Cy")
        let one = try alice.post("/contacts/trash/restore", [("ids", String(ids[1]))])
        #expect(one.status == 303 && one.header("Location") == "/contacts/trash")
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Bea"])
        #expect(try alice.post("/contacts/trash/restore", [("ids", String(ids[1]))]).status == 404, "no longer in the trash")
        #expect(try alice.post("/contacts/trash/restore", [("all", "1")]).status == 303)
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Ann", "Bea", "Cy"])
        #expect(try store.trash(in: try book()).isEmpty)
    }

    @Test func deleteNowAsksFirstThenDeletesForGood() throws {
        let ids = try deleted("Ann", "Bea")
        let asked = try alice.post("/contacts/trash/delete", [("ids", String(ids[0]))])
        #expect(asked.status == 200 && asked.body.contains("Ann will be deleted for good."))
        #expect(asked.body.contains(#"<input type="hidden" name="ids" value="\#(ids[0])"><input type="hidden" name="confirmed" value="1"><button type="submit" class="destructive" id="confirm-button">Delete Now</button>"#))
        #expect(asked.body.contains(#"href="/contacts/trash" role="button">Cancel</a>"#))
        #expect(try store.trash(in: try book()).count == 2, "nothing deleted by the question")
        let done = try alice.post("/contacts/trash/delete", [("ids", String(ids[0])), ("confirmed", "1")])
        #expect(done.status == 303 && done.header("Location") == "/contacts/trash")
        #expect(try store.trash(in: try book()).map(\.contact.details.name) == ["Bea"])
        #expect(try alice.post("/contacts/trash/restore", [("ids", String(ids[0]))]).status == 404, "gone for good")
    }

    @Test func anotherAccountsTrashAndBadFormsAreRefused() throws {
        let bobs = try deleted("Bob's", user: "bob")
        let mine = try deleted("Ann")
        #expect(try alice.post("/contacts/trash/restore", [("ids", String(bobs[0]))]).status == 404)
        #expect(try alice.post("/contacts/trash/delete", [("ids", String(bobs[0]))]).status == 404)
        #expect(try alice.post("/contacts/trash/delete", [("ids", String(bobs[0])), ("confirmed", "1")]).status == 404)
        #expect(try alice.post("/contacts/trash/restore", []).status == 400)
        #expect(try alice.post("/contacts/trash/delete", [("ids", "x")]).status == 400)
        #expect(try alice.post("/contacts/trash/restore", [("ids", String(mine[0]))], csrf: false).status == 403)
        #expect(try store.trash(in: try book("bob")).count == 1 && store.trash(in: try book()).count == 1)
        #expect(try app.session().get("/contacts/trash").header("Location") == "/login?next=%2Fcontacts%2Ftrash")
    }

    /// A book shared read-only: its trash is shown with the buttons disabled, and its writes are
    /// refused; shared read-write, the trash is the sharee's to restore.
    @Test func aShareFollowsItsAccess() throws {
        let ids = try deleted("Ann", "Bea")
        let bob = app.session()
        try bob.logIn("bob", "password1")
        try bob.get("/contacts")
        try store.share(try book(), with: "bob", access: .readOnly)
        let shared = "?book=~alice~contacts"
        let page = try bob.get("/contacts/trash" + shared).body
        #expect(page.contains("Ann") && page.contains(#"<button type="button" id="restore-all" disabled>Restore All</button>"#))
        #expect(page.contains(#"class="restore" aria-describedby="trashed-\#(ids[0])" disabled>Restore</button>"#))
        #expect(try bob.post("/contacts/trash/restore" + shared, [("ids", String(ids[0]))]).status == 403)
        #expect(try bob.post("/contacts/trash/restore" + shared, [("all", "1")]).status == 403)
        #expect(try bob.post("/contacts/trash/delete" + shared, [("ids", String(ids[0]))]).status == 403)
        #expect(try bob.post("/contacts/trash/delete" + shared, [("ids", String(ids[0])), ("confirmed", "1")]).status == 403)
        #expect(try store.trash(in: try book()).count == 2)
        try store.share(try book(), with: "bob", access: .readWrite)
        #expect(try bob.post("/contacts/trash/restore" + shared, [("ids", String(ids[0]))]).status == 303)
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Ann"])
    }
}
