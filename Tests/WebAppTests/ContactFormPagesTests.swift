import ContactsCore
import ContactsStore
import Foundation
import Testing
import VCard

/// The add and edit forms with every field: labelled rows of each kind, custom labels, the name's
/// parts, the company, structured addresses; what a save keeps that the form does not show, and a
/// stale save merged field by field.
@Suite struct ContactFormPagesTests {
    let app: RunningApp
    let alice: WebSession
    let scope: AddressBookScope

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts/new")
        scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
    }

    private func onlyContact() throws -> Contact { try #require(try app.store.contacts(in: scope).first) }

    private func stored(_ id: Int64) throws -> Contact { try app.store.contact(id: id, in: scope) }

    /// The edit page's form as served.
    func editForm(_ id: Int64) throws -> ServedForm { try ServedForm(try alice.get("/contacts/\(id)/edit").body) }

    func save(_ id: Int64, _ form: ServedForm) throws -> WebSession.Reply {
        try alice.postMultipart("/contacts/\(id)", form.fields.map { ($0.name, $0.value) })
    }

    /// One row of a kind: its inputs, the label picker's choice and the custom label text.
    func row(_ kind: String, _ inputs: [(String, String)], label: String, custom: String = "") -> [(String, String)] {
        inputs + [(kind + "_label", label), (kind + "_label_custom", custom)]
    }

    private func address(_ parts: [String], label: String) -> [(String, String)] {
        row("address", zip(["street", "city", "region", "postcode", "country"].map { "address_" + $0 }, parts).map { ($0, $1) },
            label: label)
    }

    @Test func anAddWithEveryKindStoresExactlyWhatWasPosted() throws {
        let posted: [(String, String)] = [("name", "Anna Li"), ("nickname", "Annie"), ("organization", "Acme"),
                                          ("department", "Sales"), ("job_title", "Lead"), ("sex", "unset")]
            + row("phone", [("phone", "138 0013 8000")], label: "mobile")
            + row("phone", [("phone", "139 0000 0000")], label: "custom", custom: "Beeper")
            + row("phone", [("phone", "")], label: "mobile")
            + row("email", [("email", "anna@home.example")], label: "home")
            + row("email", [("email", "anna@acme.example")], label: "work")
            + row("email", [("email", "a@other.example")], label: "other")
            + address(["1 Main St\r\nFlat 2", "Springfield", "IL", "62701", "USA"], label: "home")
            + address(["建国路 1 号", "北京", "北京市", "100022", "中国"], label: "work")
            + address(["", "", "", "", ""], label: "home")
            + row("im", [("im_service", "wechat"), ("im_handle", "anna_li")], label: "other")
            + row("date", [("date_year", "2015"), ("date_month", "6"), ("date_day", "12")], label: "anniversary")
            + row("related", [("related", "Bo Li")], label: "spouse")
        #expect(try alice.postMultipart("/contacts", posted).status == 303)
        let expected = ContactDetails(
            name: "Anna Li", nickname: "Annie", organization: "Acme", department: "Sales", jobTitle: "Lead",
            phones: [PhoneNumber("138 0013 8000", label: .mobile), PhoneNumber("139 0000 0000", label: ContactLabel("Beeper"))],
            emails: [EmailAddress("anna@home.example", label: .home), EmailAddress("anna@acme.example", label: .work),
                     EmailAddress("a@other.example", label: .other)],
            addresses: [PostalAddress(label: .home, street: "1 Main St\nFlat 2", city: "Springfield", region: "IL", postcode: "62701", country: "USA"),
                        PostalAddress(label: .work, street: "建国路 1 号", city: "北京", region: "北京市", postcode: "100022", country: "中国")],
            instantMessages: [ServiceHandle(service: "WeChat", handle: "anna_li", label: .other)],
            dates: [LabelledDate(CalendarDate(year: 2015, month: 6, day: 12), label: .anniversary)],
            relatedNames: [RelatedName("Bo Li", label: .spouse)])
        #expect(try onlyContact().details == expected)
    }

    @Test func anEditKeepsWhatTheFormDoesNotShowAndAnAppleCardsUnchangedLines() throws {
        let card = try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Li\r\nN:Li;Anna;;;\r\n"
            + "item1.TEL;type=pref:+86 138 0013 8000\r\nitem1.X-ABLabel:Beeper\r\n"
            + "item2.ADR;type=HOME:;;建国路 1 号;北京;;100022;中国\r\nitem2.X-ABADR:cn\r\n"
            + "CATEGORIES:Family\r\nX-FAVOURITE:yes\r\nEND:VCARD\r\n")
        var details = try ContactDetails(card: card)
        details.photo = try Photo(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let id = try app.store.addContact(details, to: scope).id
        let group = try #require(try app.store.group(named: "Family", in: scope))
        let before = try stored(id).details

        var form = try editForm(id)
        form.set("note", "met in Beijing")
        #expect(try save(id, form).status == 303)
        var expected = before
        expected.note = "met in Beijing"
        #expect(try stored(id).details == expected, "extra properties, photo, parts and country code kept")
        #expect(try app.store.group(id: group.id, in: scope).memberCount == 1)
        let vcard = try alice.get("/contacts/\(id)/vcard").body
        #expect(vcard.contains("item1.TEL;TYPE=pref:+86 138 0013 8000\r\nitem1.X-ABLABEL:Beeper\r\n"), "\(vcard)")
        #expect(vcard.contains("X-FAVOURITE:yes") && vcard.contains("X-ABADR:cn"), "\(vcard)")
    }

    @Test func aCompanyWithoutANameIsSavedAndListedUnderItsCompany() throws {
        let posted = [("name", ""), ("organization", "Zenith Tools"), ("is_company", "on"), ("sex", "unset")]
            + row("phone", [("phone", "")], label: "mobile")
        #expect(try alice.postMultipart("/contacts", posted).status == 303)
        let contact = try onlyContact()
        #expect(contact.details.name == "Zenith Tools" && contact.details.isCompany && contact.details.organization == "Zenith Tools")
        let list = try alice.get("/contacts").body
        let section = try #require(list.range(of: "section-Z")?.lowerBound)
        #expect(list[section...].contains("Zenith Tools"))
    }

    @Test func aCustomLabelIsOfferedAsChosenAndKeptOnASaveAsServed() throws {
        let id = try app.store.addContact(.init(name: "Anna", phones: [PhoneNumber("1", label: ContactLabel("Beeper"))]), to: scope).id
        let page = try alice.get("/contacts/\(id)/edit").body
        #expect(page.contains(#"<option value="Beeper" selected>Beeper</option>"#))
        #expect(page.contains(#"<option value="custom">custom…</option>"#))
        var form = try ServedForm(page)
        #expect(form.values("phone") == ["1", ""], "the row and one spare row")
        #expect(form.values("phone_label_custom") == ["", ""])
        form.set("phone", "2", at: 1)
        form.set("phone_label", "custom", at: 1)
        form.set("phone_label_custom", "Boat phone", at: 1)
        #expect(try save(id, form).status == 303)
        #expect(try stored(id).details.phones == [PhoneNumber("1", label: ContactLabel("Beeper")),
                                                  PhoneNumber("2", label: ContactLabel("Boat phone"))])
    }

    @Test func theNamesPartsFollowWhatThePersonChanged() throws {
        let id = try app.store.addContact(.init(name: "Anna Li"), to: scope).id
        var form = try editForm(id)
        #expect(form.values("name_given") == ["Anna"] && form.values("name_family") == ["Li"], "filled from the name")
        #expect(try save(id, form).status == 303)
        #expect(try stored(id).details.nameParts.isEmpty, "the prefill left alone stays unsaid")

        form = try editForm(id)
        form.set("name_family", "Lee")
        #expect(try save(id, form).status == 303)
        #expect(try stored(id).details.name == "Anna Lee")
        #expect(try stored(id).details.nameParts == NameParts(given: "Anna", family: "Lee"))

        form = try editForm(id)
        form.set("name", "Anna Maria Lee")
        #expect(try save(id, form).status == 303)
        #expect(try stored(id).details.nameParts == NameParts(splitting: "Anna Maria Lee"))
    }

    @Test func anUnreadableDateIsRefusedWithTheFormAgainInBothLanguages() throws {
        let posted = [("name", "Anna"), ("sex", "unset")]
            + row("date", [("date_year", "someday"), ("date_month", "6"), ("date_day", "12")], label: "anniversary")
        let english = try alice.postMultipart("/contacts", posted)
        #expect(english.status == 422 && english.body.contains("Date &quot;someday-06-12&quot; is not a date"))
        #expect(english.body.contains(#"id="name" name="name" autocomplete="off" maxlength="200" value="Anna""#), "the form again, as typed")
        let chinese = try app.session(acceptLanguage: "zh-CN")
        try chinese.logIn("alice", "password1")
        try chinese.get("/contacts/new")
        #expect(try chinese.postMultipart("/contacts", posted).body.contains("日期“someday-06-12”不是有效日期"))
        #expect(try app.store.contacts(in: scope).isEmpty)
    }

    @Test func aStaleSaveIsMergedFieldByFieldForTheNewFields() throws {
        let id = try app.store.addContact(.init(name: "Anna", organization: "Acme", phones: [PhoneNumber("1")]), to: scope).id
        var form = try editForm(id)
        form.set("organization", "Acme Asia")
        var phoneSide = try stored(id).details
        phoneSide.phones.append(PhoneNumber("2", label: .work))
        _ = try app.store.updateContact(id: id, with: phoneSide, in: scope)
        #expect(try save(id, form).status == 303)
        #expect(try stored(id).details.organization == "Acme Asia")
        #expect(try stored(id).details.phones == [PhoneNumber("1"), PhoneNumber("2", label: .work)])

        form = try editForm(id)
        form.set("organization", "Acme Europe")
        var other = try stored(id).details
        other.organization = "Acme Americas"
        _ = try app.store.updateContact(id: id, with: other, in: scope)
        let refused = try save(id, form)
        #expect(refused.status == 409)
        #expect(refused.body.contains("The other version has Company: Acme Americas<"), "\(refused.body)")
        #expect(try stored(id).details.organization == "Acme Americas")
    }

    @Test func withoutScriptEveryKindHasASpareRowAndTheServicesAreSuggested() throws {
        let form = try ServedForm(try alice.get("/contacts/new").body)
        for name in ["phone", "email", "address_street", "address_country", "url", "im_service", "im_handle",
                     "social_service", "social_handle", "date_year", "date_month", "date_day", "related"] {
            #expect(form.values(name) == [""], "\(name)")
        }
        #expect(form.values("im_label") == ["home"] && form.values("related_label") == ["mother"])
        let page = try alice.get("/contacts/new").body
        #expect(page.contains(#"list="im_service-choices""#) && page.contains(#"<option value="WeChat">"#))
    }
}
