import ContactsCore
import ContactsStore
import Foundation
import Testing
import Wording

/// The lunar birthday on the add, view and edit pages.
@Suite struct LunarBirthdayPagesTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts/new")
    }

    private var scope: AddressBookScope {
        get throws { try app.store.defaultAddressBook(for: try app.store.user(named: "alice")) }
    }

    private func contacts() throws -> [Contact] { try app.store.contacts(in: try scope) }

    private func fields(_ name: String, _ lunar: [(String, String)]) -> [(String, String)] {
        [("name", name), ("phone", "138 0013 8000"), ("phone_label", "mobile"), ("sex", "unset")] + lunar
    }

    /// "next: YYYY-MM-DD" as the page computes it today.
    private func next(_ date: LunarDate) throws -> String {
        try #require(date.nextOccurrence(onOrAfter: Date())).description
    }

    @Test func formOffersMonthDayAndLeapAsPlainFields() throws {
        let page = try alice.get("/contacts/new").body
        #expect(page.contains(#"<select id="lunar-month" name="lunar_month""#))
        #expect(page.contains(#"<select id="lunar-day" name="lunar_day""#))
        #expect(page.contains(#"<input type="checkbox" id="lunar-leap" name="lunar_leap" value="on">"#))
        #expect(page.contains(#"<option value="12">12</option>"#) && page.contains(#"<option value="30">30</option>"#))
        #expect(page.contains(#"<label class="field-label" for="lunar-month">Lunar birthday</label>"#))
        #expect(!page.contains("style="))
        try alice.get("/contacts/new?lang=zh-Hans")
        let chinese = try alice.get("/contacts/new").body
        #expect(chinese.contains("农历生日"))
        #expect(chinese.contains(#"<option value="1">正月</option>"#) && chinese.contains(#"<option value="12">腊月</option>"#))
        #expect(chinese.contains(#"<option value="15">十五</option>"#) && chinese.contains(#"<option value="1">初一</option>"#))
        #expect(chinese.contains("> 闰</label>"))
    }

    @Test func addAndShow() throws {
        let reply = try alice.postMultipart("/contacts", fields("张三", [("lunar_month", "8"), ("lunar_day", "15")]))
        #expect(reply.status == 303)
        let contact = try #require(try contacts().first)
        let date = try #require(LunarDate(month: 8, day: 15))
        #expect(contact.details.lunarBirthday == date)
        let edit = try alice.get("/contacts/\(contact.id)/edit").body
        #expect(edit.contains(#"<option value="8" selected>8</option>"#))
        #expect(edit.contains(#"<option value="15" selected>15</option>"#))
        // Viewing: a row of the card, labelled.
        let view = try alice.get("/contacts/\(contact.id)").body
        #expect(view.contains(#"<li class="card-row lunar-row"><span class="row-label">Lunar birthday</span>"#))
        #expect(view.contains(#"id="lunar-birthday-summary">Lunar 8/15 · next: \#(try next(date))</span>"#))
        try alice.get("/contacts/new?lang=zh-Hans")
        let chinese = try alice.get("/contacts/\(contact.id)").body
        #expect(chinese.contains("农历八月十五 · 下次：\(try next(date))"))
        #expect(try alice.get("/contacts/\(contact.id)/edit").body.contains(#"<option value="8" selected>八月</option>"#))
    }

    @Test func leapMonth() throws {
        #expect(try alice.postMultipart("/contacts", fields("李四", [("lunar_month", "4"), ("lunar_day", "15"), ("lunar_leap", "on")])).status == 303)
        let contact = try #require(try contacts().first)
        let date = try #require(LunarDate(month: 4, day: 15, isLeapMonth: true))
        #expect(contact.details.lunarBirthday == date)
        #expect(contact.details.extraProperties == ["X-ALTBDAY;CALSCALE=chinese:--04L15"])
        #expect(try alice.get("/contacts/\(contact.id)/edit").body.contains(#"id="lunar-leap" name="lunar_leap" value="on" checked>"#))
        let view = try alice.get("/contacts/\(contact.id)").body
        #expect(view.contains("Lunar leap 4/15 · next: \(try next(date))"))
        try alice.get("/contacts/new?lang=zh-Hans")
        #expect(try alice.get("/contacts/\(contact.id)").body.contains("农历闰四月十五"))
        let card = try alice.get("/contacts/\(contact.id)/vcard").body
        #expect(card.contains("X-ALTBDAY;CALSCALE=chinese:--04L15\r\n"))
    }

    @Test(arguments: [
        [("lunar_month", "8")], [("lunar_day", "15")], [("lunar_leap", "on")],
        [("lunar_month", "13"), ("lunar_day", "1")], [("lunar_month", "1"), ("lunar_day", "31")],
        [("lunar_month", "x"), ("lunar_day", "1")], [("lunar_month", "0"), ("lunar_day", "0")],
    ])
    func monthAndDayBothOrNeither(lunar: [(String, String)]) throws {
        let reply = try alice.postMultipart("/contacts", fields("王五", lunar))
        #expect(reply.status == 422)
        #expect(reply.body.contains(#"id="form-error">Choose both a month and a day for the lunar birthday</p>"#))
        #expect(try contacts().isEmpty)
    }

    @Test func errorInChinese() throws {
        try alice.get("/contacts/new?lang=zh-Hans")
        let reply = try alice.postMultipart("/contacts", fields("王五", [("lunar_day", "15")]))
        #expect(reply.status == 422)
        #expect(reply.body.contains("农历生日请同时选择月和日"))
    }

    @Test func editChangesClearsAndKeepsTheYear() throws {
        var details = ContactDetails(name: "赵六", phones: [PhoneNumber("1")])
        details.lunarBirthday = LunarDate(year: 2014, month: 3, day: 18)
        let id = try app.store.addContact(details, to: try scope).id
        // The same month and day: the year the card had is kept, and so is its line.
        var opened = try alice.openEditForm(id)
        #expect(try alice.postMultipart("/contacts/\(id)", fields("赵六", [("lunar_month", "3"), ("lunar_day", "18")]) + opened).status == 303)
        #expect(try app.store.contact(id: id, in: try scope).details.extraProperties == ["X-ALTBDAY;CALSCALE=chinese:007800310318"])
        opened = try alice.openEditForm(id)
        #expect(try alice.postMultipart("/contacts/\(id)", fields("赵六", [("lunar_month", "3"), ("lunar_day", "19")]) + opened).status == 303)
        #expect(try app.store.contact(id: id, in: try scope).details.lunarBirthday == LunarDate(month: 3, day: 19))
        opened = try alice.openEditForm(id)
        #expect(try alice.postMultipart("/contacts/\(id)", fields("赵六", [("lunar_month", ""), ("lunar_day", "")]) + opened).status == 303)
        let cleared = try app.store.contact(id: id, in: try scope).details
        #expect(cleared.lunarBirthday == nil)
        #expect(cleared.extraProperties.isEmpty)
        #expect(!(try alice.get("/contacts/\(id)").body.contains("lunar-birthday-summary")))
    }

    @Test func editLeavesAMalformedValueAlone() throws {
        let details = ContactDetails(name: "孙七", phones: [PhoneNumber("1")], extraProperties: ["X-ALTBDAY;CALSCALE=chinese:bogus"])
        let id = try app.store.addContact(details, to: try scope).id
        let view = try alice.get("/contacts/\(id)").body
        #expect(!view.contains("lunar-birthday-summary"))
        #expect(try alice.postMultipart("/contacts/\(id)", fields("孙七", []) + (try alice.openEditForm(id))).status == 303)
        #expect(try app.store.contact(id: id, in: try scope).details.extraProperties == ["X-ALTBDAY;CALSCALE=chinese:bogus"])
    }
}
