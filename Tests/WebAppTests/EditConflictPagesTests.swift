import ContactsCore
import ContactsStore
import Foundation
import Testing

/// A save from a form opened before another device changed the contact: merged field by field,
/// refused (409) only for a field both changed, and never over the other change unseen.
@Suite struct EditConflictPagesTests {
    let app: RunningApp
    let alice: WebSession
    let scope: AddressBookScope
    let id: Int64

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts/new")
        scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        id = try app.store.addContact(.init(name: "李四", phones: [.init("138 0013 8000")], note: "老同学"), to: scope).id
    }

    /// What the form holds as served, with `changes` made to it.
    private func form(_ changes: [String: String]) -> [(String, String)] {
        let served = ["name": "李四", "phone": "138 0013 8000", "phone_label": "mobile", "sex": "unset", "note": "老同学"]
        return served.merging(changes) { $1 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Another device (a phone over CardDAV) saves `change` to the contact.
    private func changeElsewhere(_ change: (inout ContactDetails) -> Void) throws {
        let card = try #require(try app.store.cardList(in: scope).first)
        var contact = try app.store.contact(id: id, in: scope)
        change(&contact.details)
        _ = try app.store.putCard(href: card.href, uid: contact.uid, details: contact.details, in: scope, precondition: .none)
    }

    @Test func changesToDifferentFieldsAreMergedAndBothKept() throws {
        let opened = try alice.openEditForm(id)
        try changeElsewhere { $0.note = "from the phone" }
        let saved = try alice.postMultipart("/contacts/\(id)", form(["name": "李思"]) + opened)
        #expect(saved.status == 303)
        let contact = try app.store.contact(id: id, in: scope)
        #expect(contact.details.name == "李思")
        #expect(contact.details.note == "from the phone")
    }

    @Test func aFieldChangedOnBothSidesIsRefusedWithTheEditKeptAndTheOtherValueShown() throws {
        let opened = try alice.openEditForm(id)
        try changeElsewhere {
            $0.note = "from the phone"
            $0.emails = ["li@example.com"]
        }
        let refused = try alice.postMultipart("/contacts/\(id)", form(["name": "李思", "note": "from the web"]) + opened)
        #expect(refused.status == 409)
        #expect(refused.body.contains("changed on another device"))
        #expect(refused.body.contains("The other version has Note: from the phone<"), "only the field both changed")
        #expect(refused.body.contains(#"value="李思""#) && refused.body.contains(">from the web</textarea>"))
        #expect(refused.body.contains(#"value="li@example.com""#), "the other side's change is in the form")
        #expect(refused.body.contains(" data-unsaved novalidate"))
        let kept = try app.store.contact(id: id, in: scope)
        #expect(kept.details.name == "李四" && kept.details.note == "from the phone")

        // Saving the form as served again is a knowing choice, and is written.
        let again = try WebSession.versionFields(refused.body)
        let saved = try alice.postMultipart("/contacts/\(id)", form(["name": "李思", "note": "from the web", "email": "li@example.com", "email_label": "other"]) + again)
        #expect(saved.status == 303)
        let contact = try app.store.contact(id: id, in: scope)
        #expect(contact.details.name == "李思" && contact.details.note == "from the web" && contact.details.emails == ["li@example.com"])
    }

    @Test func aFormWithoutTheFieldsItWasFilledFromOverwritesNothingItDiffersFrom() throws {
        let revision = try #require(try alice.openEditForm(id).first)
        try changeElsewhere { $0.note = "from the phone" }
        let refused = try alice.postMultipart("/contacts/\(id)", form(["name": "李思"]) + [revision])
        #expect(refused.status == 409)
        #expect(refused.body.contains("Name: 李四 · Note: from the phone<"))
        #expect(try app.store.contact(id: id, in: scope).details.note == "from the phone")
    }

    @Test func aFormWithoutARevisionReplacesNothingBlindly() throws {
        try alice.get("/contacts/\(id)/edit")
        for revision in [[], [("revision", "")], [("revision", "abc")], [("revision", "9999999999999999999999")]] {
            let refused = try alice.postMultipart("/contacts/\(id)", form(["name": "李思"]) + revision)
            #expect(refused.status == 409, "\(revision)")
            #expect(refused.body.contains("The other version has Name: 李四<"))
        }
        #expect(try app.store.contact(id: id, in: scope).details.name == "李四")
    }

    @Test func hostileBaseValuesAreNoBaseAndBreakNothing() throws {
        let revision = try #require(try alice.openEditForm(id).first)
        try changeElsewhere { $0.note = "from the phone" }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let hostile = ["", "null", "[]", "\"name\"", deep, "{\"name\": 1}", "{\"name\":\"李四\u{0}\"}",
                       "\u{FEFF}{\"name\":\"李四\"}", String(repeating: "{", count: 1 << 20)]
        for base in hostile {
            let reply = try alice.postMultipart("/contacts/\(id)", form(["name": "李思"]) + [revision, ("base", base)])
            #expect(reply.status == 409, "\(base.prefix(20))")
        }
        #expect(try app.store.contact(id: id, in: scope).details.name == "李四")
    }
}
