import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The list's edit mode: a checkbox on every row and a form acting on those checked: Delete with
/// one Undo, Move and Copy to another book, Export as one .vcf; never on another account's contacts.
@Suite struct BulkPagesTests {
    let app: RunningApp
    let alice: WebSession
    var store: ContactStore { app.store }

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func book(_ user: String = "alice") throws -> AddressBookScope { try app.defaultBook(of: user) }

    private func add(_ names: String..., user: String = "alice") throws -> [Int64] {
        try names.map { try store.addContact(ContactDetails(name: $0, phones: [PhoneNumber("13800138000")]), to: try book(user)).id }
    }

    private func bulk(_ action: String, _ ids: [Int64], _ extra: [(String, String)] = [], path: String = "/contacts/bulk",
                      csrf: Bool = true) throws -> WebSession.Reply {
        try alice.post(path, [("operation", action)] + ids.map { ("ids", String($0)) } + extra, csrf: csrf)
    }

    @Test func editModeHasACheckboxPerRowAndTheActionsForm() throws {
        let ids = try add("Ann <b>")
        _ = try store.createAddressBook(named: "work", displayName: "Work", for: try store.user(named: "alice"))
        let page = try alice.get("/contacts?edit=1").body
        #expect(page.contains(#"<input type="checkbox" class="row-select" name="ids" value="\#(ids[0])" form="bulk-form" aria-label="Select Ann &lt;b&gt;">"#))
        #expect(page.contains(#"<form class="bulk-actions" id="bulk-form" method="post" action="/contacts/bulk" aria-label="Selected contacts">"#))
        #expect(page.contains(#"<select name="to" aria-label="Address book"><option value="work">Work</option></select>"#))
        #expect(try alice.get("/contacts?book=work&edit=1").body.contains(#"action="/contacts/bulk?book=work""#))
    }

    @Test func deleteTakesTheSelectionAndOneUndoBringsItAllBack() throws {
        let ids = try add("Ann", "Bea", "Cy")
        let deleted = try bulk("delete", [ids[0], ids[2]], [("confirmed", "1")])
        #expect(deleted.status == 303 && deleted.header("Location") == "/contacts?deleted=\(ids[0]),\(ids[2])")
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Bea"])
        let toast = try alice.get("/contacts?deleted=\(ids[0]),\(ids[2])").body
        #expect(toast.contains(#"<input type="hidden" name="ids" value="\#(ids[0])"><input type="hidden" name="ids" value="\#(ids[2])">"#))
        #expect(try bulk("restore", [ids[0], ids[2]]).status == 303)
        #expect(try store.count(in: try book()) == 3)
    }

    /// Without the script, Delete answers with the question, naming how many; only its own
    /// button, which sends the same form confirmed, deletes.
    @Test(arguments: [("en", "Delete 2 Contacts"), ("zh-Hans", "删除 2 个联系人")])
    func deleteAsksFirstNamingHowMany(language: String, button: String) throws {
        let ids = try add("Ann", "Bea", "Cy")
        #expect(try alice.get("/contacts?lang=\(language)").status == 303)
        let asked = try bulk("delete", [ids[0], ids[2]])
        #expect(asked.status == 200)
        #expect(try store.count(in: try book()) == 3, "nothing deleted yet")
        let page = asked.body
        #expect(page.contains(#"id="confirm-button">\#(button)</button>"#))
        #expect(page.contains(#"<input type="hidden" name="operation" value="delete"><input type="hidden" name="ids" value="\#(ids[0])"><input type="hidden" name="ids" value="\#(ids[2])"><input type="hidden" name="confirmed" value="1">"#))
        #expect(page.contains(#"href="/contacts?edit=1" role="button""#), "Cancel goes back to edit mode")
        let list = try alice.get("/contacts?edit=1").body
        #expect(list.contains(#"data-confirm="\#(button.replacingOccurrences(of: "2", with: "{n}"))""#))
        #expect(!list.contains("row-delete button") && list.contains(#"<dialog class="sheet confirm-sheet" id="confirm-sheet""#))
        #expect(try bulk("delete", [ids[0], ids[2]], [("confirmed", "1")]).status == 303)
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Bea"])
    }

    @Test func moveCopyAndExportTakeTheSelection() throws {
        let ids = try add("Ann", "Bea", "Cy")
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: try store.user(named: "alice"))
        #expect(try bulk("copy", [ids[0]], [("to", "work")]).status == 303)
        #expect(try bulk("move", [ids[1], ids[2]], [("to", "work")]).status == 303)
        #expect(try store.contacts(in: try book()).map(\.details.name) == ["Ann"])
        #expect(try store.contacts(in: work.scope).map(\.details.name) == ["Ann", "Bea", "Cy"])
        let workIDs = try store.contacts(in: work.scope).map(\.id)
        let export = try bulk("export", [workIDs[0], workIDs[2]], path: "/contacts/bulk?book=work")
        #expect(export.status == 200 && export.header("Content-Type") == "text/vcard; charset=utf-8")
        #expect(export.body.components(separatedBy: "BEGIN:VCARD").count == 3)
        #expect(export.body.contains("FN:Ann") && export.body.contains("FN:Cy") && !export.body.contains("FN:Bea"))
    }

    @Test func badInputIs400AndNothingIsHalfDone() throws {
        let ids = try add("Ann", "Bea")
        #expect(try bulk("delete", []).status == 400)
        #expect(try bulk("delete", [ids[0]], [("ids", "x")]).status == 400)
        #expect(try bulk("explode", [ids[0]]).status == 400)
        #expect(try bulk("delete", Array(1...5_001)).status == 400)
        #expect(try bulk("move", [ids[0]], [("to", "nowhere")]).status == 404)
        #expect(try bulk("delete", [ids[0], 999_999]).status == 404)
        #expect(try store.count(in: try book()) == 2, "one id of no contact: nothing deleted")
    }

    @Test func theFormNeedsItsTokenAndNeverReachesAnotherAccount() throws {
        let mine = try add("Ann")
        let bobs = try add("Bob's", user: "bob")
        _ = try store.createAddressBook(named: "secret", displayName: "Secret", for: try store.user(named: "bob"))
        #expect(try bulk("delete", mine, csrf: false).status == 403)
        #expect(try bulk("delete", bobs).status == 404)
        #expect(try bulk("export", bobs).status == 404)
        #expect(try bulk("move", mine, [("to", "secret")]).status == 404)
        #expect(try bulk("delete", mine, path: "/contacts/bulk?book=secret").status == 404)
        #expect(try store.count(in: try book()) == 1 && store.count(in: try book("bob")) == 1)
    }
}
