import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The possible duplicates page: groups and why, Merge with the name picked, its Undo, Not
/// duplicates remembered, the menu's count, and no reach into another account's contacts.
@Suite struct DuplicatePagesTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func book(_ user: String = "alice") throws -> AddressBookScope {
        try app.store.defaultAddressBook(for: try app.store.user(named: user))
    }

    @discardableResult
    private func add(_ name: String, phone: String, email: String? = nil, for user: String = "alice") throws -> Contact {
        var details = ContactDetails(name: name, phones: [PhoneNumber(phone)])
        details.emails = email.map { [EmailAddress($0)] } ?? []
        return try app.store.addContact(details, to: try book(user))
    }

    @Test func thePageShowsEachGroupAndWhy() throws {
        let zhang = try add("张三", phone: "+1 212 555 0123")
        let pinyin = try add("Zhang San", phone: "(212) 555-0123")
        try add("Li Si", phone: "13900139000")
        let page = try alice.get("/duplicates").body
        #expect(page.contains(#"<h2 class="group-heading" id="duplicates-1">Same name · Same phone +12125550123</h2>"#))
        #expect(page.contains(#"name="ids" value="\#(zhang.id),\#(pinyin.id)""#))
        #expect(page.contains(#"<input type="radio" name="name-from" value="\#(zhang.id)" checked>"#))
        #expect(!page.contains("Li Si"))
        #expect(try alice.get("/duplicates/count").body == #"{"count":1}"#)
        try alice.get("/contacts?lang=zh-Hans")
        let chinese = try alice.get("/duplicates").body
        #expect(chinese.contains(#"id="duplicates-1">姓名相同</h2>"#), "read in China, (212) 555-0123 is not the New York number")
        #expect(try alice.get("/contacts").body.contains(#"<a href="/duplicates" id="duplicates-link">可能重复的联系人"#))
    }

    @Test func mergeKeepsThePickedNameAndUndoTakesItBack() throws {
        let dad = try add("Dad", phone: "13800138000", email: "dad@example.com")
        let named = try add("王建国", phone: "13900139000", email: "DAD@example.com")
        let merged = try alice.post("/duplicates/merge", [("ids", "\(dad.id),\(named.id)"), ("name-from", "\(named.id)")])
        #expect(merged.status == 303)
        #expect(merged.headers["Location"] == "/duplicates?merged=\(dad.id)&count=2")
        let contact = try app.store.contact(id: dad.id, in: try book())
        #expect(contact.details.name == "王建国" && contact.details.phones.count == 2 && contact.details.emails == ["dad@example.com"])
        #expect(try app.store.trash(in: try book()).map(\.contact.id) == [named.id])
        let notice = try alice.get("/duplicates?merged=\(dad.id)&count=2").body
        #expect(notice.contains("Merged 2 contacts into 王建国.") && notice.contains(#"action="/duplicates/undo""#))

        let undo = try alice.post("/duplicates/undo", [("id", "\(dad.id)")])
        #expect(undo.status == 303 && undo.headers["Location"] == "/contacts/\(dad.id)")
        #expect(try app.store.contact(id: dad.id, in: try book()).details.name == "Dad")
        #expect(try app.store.contact(id: named.id, in: try book()).details.name == "王建国")
        #expect(try alice.post("/duplicates/undo", [("id", "\(dad.id)")]).status == 404)
    }

    @Test func theColumnsShowEveryFieldAndWhoseCompanyToKeep() throws {
        let pony = try app.store.addContact(ContactDetails(
            name: "Pony Ma", organization: "Tencent", jobTitle: "CEO", phones: [PhoneNumber("13800138000", label: .work)],
            instantMessages: [ServiceHandle(service: "WeChat", handle: "ponyma")]), to: try book())
        let ma = try app.store.addContact(ContactDetails(
            name: "马化腾", organization: "腾讯", phones: [PhoneNumber("13800138000")],
            instantMessages: [ServiceHandle(service: "weixin", handle: "PonyMa")], relatedNames: [RelatedName("Li Na", label: .spouse)], note: "Shenzhen"), to: try book())
        let page = try alice.get("/duplicates").body
        for line in ["Company</span> Tencent", "Job title</span> CEO", "WeChat</span> ponyma", "work</span> 13800138000",
                     "Company</span> 腾讯", "mobile</span> 13800138000", "spouse</span> Li Na", "Note</span> Shenzhen"] {
            #expect(page.contains(#"<li><span class="compare-label">"# + line + "</li>"), "\(line)")
        }
        #expect(page.contains("Same WeChat ponyma"))
        #expect(page.contains("Company, title and nickname to keep"))
        #expect(page.contains(#"<input type="radio" name="details-from" value="\#(ma.id)""#))
        let merged = try alice.post("/duplicates/merge", [("ids", "\(pony.id),\(ma.id)"), ("name-from", "\(pony.id)"),
                                                         ("details-from", "\(ma.id)")])
        #expect(merged.status == 303)
        let contact = try app.store.contact(id: pony.id, in: try book())
        #expect((contact.details.name, contact.details.organization, contact.details.jobTitle) == ("Pony Ma", "腾讯", "CEO"))
        #expect(contact.details.instantMessages.map { $0.handle.lowercased() } == ["ponyma"] && contact.details.relatedNames.map(\.name) == ["Li Na"])
    }

    @Test func notDuplicatesIsRemembered() throws {
        let one = try add("Li Lei", phone: "13800138000")
        let other = try add("Li Lei", phone: "13900139000")
        let reply = try alice.post("/duplicates/dismiss", [("ids", "\(one.id),\(other.id)")])
        #expect(reply.status == 303 && reply.headers["Location"] == "/duplicates?dismissed=1")
        let page = try alice.get("/duplicates?dismissed=1").body
        #expect(page.contains("Marked as different people.") && page.contains(#"id="no-duplicates""#))
        #expect(try alice.get("/duplicates/count").body == #"{"count":0}"#)
    }

    @Test func anotherAccountsContactsAreOutOfReach() throws {
        let mine = try add("Same", phone: "13800138000")
        let bobs = try add("Same", phone: "13800138000", for: "bob")
        #expect(try alice.post("/duplicates/merge", [("ids", "\(mine.id),\(bobs.id)")]).status == 404)
        #expect(try alice.post("/duplicates/dismiss", [("ids", "\(mine.id),\(bobs.id)")]).status == 303, "harmless: pairs of alice's book")
        #expect(try app.store.contact(id: bobs.id, in: try book("bob")).details.name == "Same")
        #expect(try alice.post("/duplicates/undo", [("id", "\(bobs.id)")]).status == 404)
        #expect(try alice.get("/duplicates?merged=\(bobs.id)&count=2").body.contains("Merged") == false)
    }

    @Test(arguments: ["", "1", "1,x", "1,,2", "-1,2", "1,\u{0}2", "１,２", "1, 2", String(repeating: "1,", count: 60) + "1",
                      String(repeating: "9", count: 10_000) + ",1"])
    func badIDListsAreRefused(_ ids: String) throws {
        #expect(try alice.post("/duplicates/merge", [("ids", ids)]).status == 400)
    }

    @Test(arguments: ["x", "", "\u{0}", "-3", "1e3"])
    func aChoiceThatIsNoIDIsRefusedAndMergesNothing(_ choice: String) throws {
        let one = try add("A", phone: "13800138000")
        let other = try add("B", phone: "13800138000")
        #expect(try alice.post("/duplicates/merge", [("ids", "\(one.id),\(other.id)"), ("name-from", choice)]).status == 400)
        #expect(try alice.post("/duplicates/merge", [("ids", "\(one.id),\(other.id)"), ("photo-from", choice)]).status == 400)
        #expect(try alice.post("/duplicates/merge", [("ids", "\(one.id),\(other.id)"), ("details-from", choice)]).status == 400)
        #expect(try app.store.count(in: try book()) == 2)
    }

    @Test func everyWriteNeedsTheFormsToken() throws {
        let one = try add("A", phone: "13800138000")
        let other = try add("A", phone: "13800138000")
        #expect(try alice.post("/duplicates/merge", [("ids", "\(one.id),\(other.id)")], csrf: false).status == 403)
        #expect(try app.store.count(in: try book()) == 2)
        #expect(try app.session().get("/duplicates").status == 303, "logged out: to the login page")
    }
}
