import ContactsCore
import ContactsStore
import Foundation
import StoreOpening
import Testing

@Suite struct ContactPagesTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts/new")
    }

    @discardableResult
    private func add(_ name: String, phone: String = "138 0013 8000") throws -> WebSession.Reply {
        try alice.postMultipart("/contacts", [("name", name), ("phone", phone), ("phone_label", "mobile"), ("sex", "unset")])
    }

    private func ids() throws -> [Int64] {
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        return try app.store.contacts(in: scope).map(\.id)
    }

    @Test func addedContactsAppearInSectionsAndOrder() throws {
        for name in ["张三", "Émile", "单田芳"] { #expect(try add(name).status == 303) }
        let page = try alice.get("/contacts").body
        let positions = ["section-E", "Émile", "section-S", "单田芳", "section-Z", "张三"].map { page.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(page.contains("3 contacts"))
    }

    @Test func namesAreEscaped() throws {
        #expect(try add("<script>alert(1)</script>").status == 303)
        let page = try alice.get("/contacts").body
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<script>alert(1)</script>"))
    }

    @Test func validationErrorsAreShownInTheVisitorsLanguageAndNothingIsSaved() throws {
        let english = try alice.postMultipart("/contacts", [("name", " "), ("phone", "123")])
        #expect(english.status == 422)
        #expect(english.body.contains("Enter a name"))
        let nameless = try alice.postMultipart("/contacts", [("name", ""), ("phone", "123")])
        #expect(nameless.body.contains("Enter a name or a company"))
        let age = try alice.postMultipart("/contacts", [("name", "A"), ("phone", "1"), ("age", "200")])
        #expect(age.body.contains("Age must be 0–150"))
        try alice.get("/contacts/new?lang=zh-Hans")
        try alice.get("/contacts/new")
        let chinese = try alice.postMultipart("/contacts", [("name", ""), ("phone", "123")])
        #expect(chinese.body.contains("请输入姓名或公司"))
        #expect(try ids().isEmpty)
    }

    @Test func photoMustBeAnImage() throws {
        let text = NSTemporaryDirectory() + UUID().uuidString + ".jpg"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        let refused = try alice.postMultipart("/contacts", [("name", "A"), ("phone", "1")], files: [("photo", text)])
        #expect(refused.status == 422)
        #expect(refused.body.contains(#"id="form-error">Unsupported image"#))
        let png = NSTemporaryDirectory() + UUID().uuidString + ".png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2]).write(to: URL(fileURLWithPath: png))
        defer { try? FileManager.default.removeItem(atPath: png) }
        #expect(try alice.postMultipart("/contacts", [("name", "A"), ("phone", "1")], files: [("photo", png)]).status == 303)
        let id = try #require(try ids().first)
        let photo = try alice.get("/contacts/\(id)/photo")
        #expect(photo.status == 200)
        #expect(photo.header("Content-Type") == "image/png")
    }

    @Test func viewEditAndSave() throws {
        try add("李四")
        let id = try #require(try ids().first)
        let view = try alice.get("/contacts/\(id)")
        #expect(view.body.contains(#"href="tel:13800138000""#))
        #expect(view.body.contains(#"id="contact-card""#) && !view.body.contains("readonly"))
        let opened = try alice.openEditForm(id)
        let saved = try alice.postMultipart("/contacts/\(id)", [("name", "李思"), ("phone", "139"), ("phone_label", "work"),
                                                                ("email", "li@example.com"), ("sex", "female")] + opened)
        #expect(saved.status == 303)
        let contact = try app.store.contact(id: id, in: try app.store.defaultAddressBook(for: try app.store.user(named: "alice")))
        #expect(contact.details.name == "李思")
        #expect(contact.details.phones == [PhoneNumber("139", label: .work)])
        #expect(contact.details.sex == .female)
        #expect(try alice.get("/contacts/\(id)").body.contains(#"href="mailto:li@example.com""#))
    }

    @Test func deleteAndUndo() throws {
        try add("王五")
        let id = try #require(try ids().first)
        try alice.get("/contacts")
        let deleted = try alice.post("/contacts/\(id)/delete")
        #expect(deleted.header("Location") == "/contacts?deleted=\(id)")
        let list = try alice.get("/contacts?deleted=\(id)")
        #expect(list.body.contains("Deleted"))
        #expect(list.body.contains(#"<input type="hidden" name="operation" value="restore"><input type="hidden" name="ids" value="\#(id)">"#))
        #expect(try ids().isEmpty)
        #expect(try alice.post("/contacts/\(id)/restore").status == 303)
        #expect(try ids() == [id])
    }

    @Test func anotherUsersContactIsNotFound() throws {
        try add("Secret")
        let id = try #require(try ids().first)
        let bob = app.session()
        try bob.logIn("bob", "password1")
        try bob.get("/contacts")
        #expect(try bob.get("/contacts/\(id)").status == 404)
        #expect(try bob.get("/contacts/\(id)/edit").status == 404)
        #expect(try bob.get("/contacts/\(id)/photo").status == 404)
        #expect(try bob.post("/contacts/\(id)/delete").status == 404)
        #expect(try bob.postMultipart("/contacts/\(id)", [("name", "Mine"), ("phone", "1")]).status == 404)
        #expect(try ids() == [id])
        #expect(try bob.get("/contacts/999999").status == 404)
    }

    /// Every row of a listing or a search, following the script's `X-Next` cursor page by page.
    private func allRows(_ query: String) throws -> (names: [String], pages: Int, count: String?) {
        var names: [String] = []
        var pages = 0
        var path = "/contacts/rows?" + query
        var count: String?
        while true {
            let page = try alice.get(path)
            pages += 1
            count = page.header("X-Count")
            names += page.body.components(separatedBy: #"<span class="row-name">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
            guard let next = page.header("X-Next") else { return (names, pages, count) }
            path = "/contacts/rows?\(query)&after=\(next)"
        }
    }

    @Test func searchAndPaging() throws {
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        let many = (0..<150).map { ContactDetails(name: String(format: "Person %03d", $0), phones: [.init("1")]) }
        _ = try app.store.addContacts(many, to: scope)
        try add("张三")
        let first = try alice.get("/contacts")
        #expect(first.body.contains("Person 000"))
        #expect(!first.body.contains("Person 149"))
        #expect(first.body.contains("151 contacts"))
        #expect(first.body.contains(#"id="more" href="/contacts?after="#))
        let listing = try allRows("")
        #expect(listing.names == many.map(\.name) + ["张三"])
        #expect(listing.pages > 1)
        #expect(listing.count == "151")
        let search = try allRows("q=person+1")
        #expect(search.names == (100..<150).map { String(format: "Person %03d", $0) })
        #expect(search.count == "50")
        let found = try alice.get("/contacts?q=zs")
        #expect(found.body.contains("张三") && !found.body.contains("Person 0"))
        #expect(found.body.contains("1 contact"))
        let section = try alice.get("/contacts?section=Z")
        #expect(section.body.contains("张三") && !section.body.contains("Person 000"))
    }
}
