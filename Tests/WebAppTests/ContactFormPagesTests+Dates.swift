import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The contact form's dates in their parts (year, month, day in the interface language's order):
/// the birthday and the labelled dates read back as posted, a date without a year kept as one,
/// anything partial or unreal refused with the parts quoted, and the birthday winning over a typed age.
extension ContactFormPagesTests {
    private func contacts() throws -> [Contact] { try app.store.contacts(in: scope) }

    /// Adds a contact named Anna with the birthday's parts and `more` fields.
    private func add(birthday: (String, String, String), _ more: [(String, String)] = []) throws -> WebSession.Reply {
        try alice.postMultipart("/contacts", [("name", "Anna"), ("sex", "unset"), ("birthday_year", birthday.0),
                                              ("birthday_month", birthday.1), ("birthday_day", birthday.2)] + more)
    }

    /// One labelled date row's fields.
    private func dateRow(_ year: String, _ month: String, _ day: String) -> [(String, String)] {
        row("date", [("date_year", year), ("date_month", month), ("date_day", day)], label: "anniversary")
    }

    private func session(_ language: String) throws -> WebSession {
        let session = app.session(acceptLanguage: language)
        try session.logIn("alice", "password1")
        return session
    }

    @Test func aBirthdayInItsPartsIsStoredAndShownInTheLanguagesOrderAndWords() throws {
        #expect(try add(birthday: ("1979", "1", "18")).status == 303)
        let contact = try #require(try contacts().first)
        #expect(contact.details.birthday == CalendarDate(year: 1979, month: 1, day: 18))

        let english = try alice.get("/contacts/\(contact.id)/edit").body
        let form = try ServedForm(english)
        #expect(form.values("birthday_year") == ["1979"] && form.values("birthday_month") == ["1"] && form.values("birthday_day") == ["18"])
        #expect(english.contains(#"<option value="1" selected>January</option>"#))
        #expect(english.contains(#"role="group" aria-label="Birthday">"#) && english.contains(#"aria-label="Birthday · Year""#))
        #expect(try Self.order(of: ["birthday_month", "birthday_day", "birthday_year"], in: english), "month, day, year")
        #expect(try alice.get("/contacts/\(contact.id)").body.contains("January 18, 1979"))

        let chinese = try session("zh-CN")
        let page = try chinese.get("/contacts/\(contact.id)/edit").body
        #expect(try Self.order(of: ["birthday_year", "birthday_month", "birthday_day"], in: page), "年, 月, 日")
        #expect(page.contains(#"<option value="1" selected>1月</option>"#) && page.contains(#"<option value="18" selected>18日</option>"#))
        #expect(page.contains(#"aria-label="生日 · 年""#) && page.contains(#"<span class="date-suffix" aria-hidden="true">年</span>"#))
        #expect(try chinese.get("/contacts/\(contact.id)").body.contains("1979年1月18日"))
    }

    /// Whether the fields named `names` come in that order in `page`.
    private static func order(of names: [String], in page: String) throws -> Bool {
        let positions = try names.map { name in
            try #require(page.range(of: #"name="\#(name)""#)?.lowerBound, "\(name)")
        }
        return positions == positions.sorted()
    }

    @Test func aBirthdayWithoutAYearIsShownAndKeptAsOneAndEmptyPartsClearIt() throws {
        #expect(try add(birthday: ("", "5", "17")).status == 303)
        let id = try #require(try contacts().first).id
        #expect(try contacts().first?.details.birthday == CalendarDate(year: nil, month: 5, day: 17))
        var form = try editForm(id)
        #expect(form.values("birthday_year") == [""] && form.values("birthday_month") == ["5"] && form.values("birthday_day") == ["17"])
        form.set("note", "met in May")
        #expect(try save(id, form).status == 303)
        #expect(try contacts().first?.details.birthday == CalendarDate(year: nil, month: 5, day: 17), "what is shown is what is saved")
        #expect(try alice.get("/contacts/\(id)").body.contains("May 17<"))

        form = try editForm(id)
        form.set("birthday_month", "")
        form.set("birthday_day", "")
        #expect(try save(id, form).status == 303)
        #expect(try contacts().first?.details.birthday == nil)
    }

    @Test(arguments: [
        (("1979", "2", "30"), "1979-02-30"),        // no such day
        (("1979", "", ""), "1979--"),               // a year alone
        (("", "5", ""), "--05-"),                   // a month without a day
        (("1979", "", "18"), "1979--18"),           // a day without a month
        (("19a9", "1", "18"), "19a9-01-18"),        // a year that is not digits
        (("12345", "1", "18"), "12345-01-18"),      // five digits
        (("-979", "1", "18"), "-979-01-18"),
        (("1979", "13", "1"), "1979-13-01"),
        (("1979", "x", "1"), "1979-x-01"),
        (("1979", "1", "032"), "1979-01-032"),
        (("1979", "+1", "1"), "1979-+1-01"),
        (("١٩٧٩", "1", "18"), "١٩٧٩-01-18"),        // digits, but not ASCII ones
    ])
    func aPartialOrUnrealBirthdayIsRefusedQuotingItsParts(parts: (String, String, String), quoted: String) throws {
        let reply = try add(birthday: parts)
        #expect(reply.status == 422)
        #expect(reply.body.contains("Birthday &quot;\(quoted)&quot; is not a date"), "\(parts)")
        #expect(try contacts().isEmpty)
    }

    @Test func aRefusedDateKeepsEverythingElseTypedInTheFormShownAgain() throws {
        let refused = try add(birthday: ("1979", "2", "30"), [("note", "met in Beijing"), ("nickname", "Annie")]
                              + dateRow("2015", "6", "12"))
        #expect(refused.status == 422 && refused.body.contains("Birthday &quot;1979-02-30&quot; is not a date"))
        var form = try ServedForm(refused.body)
        #expect(form.values("note") == ["met in Beijing"] && form.values("nickname") == ["Annie"])
        #expect(form.values("date_year").first == "2015", "the rows after the birthday too")

        #expect(try add(birthday: ("", "", "")).status == 303)
        let id = try #require(try contacts().first).id
        form = try editForm(id)
        form.set("note", "typed before the mistake")
        form.set("date_year", "2015")
        form.set("date_month", "2")
        form.set("date_day", "29")
        let edit = try save(id, form)
        #expect(edit.status == 422 && edit.body.contains("Date &quot;2015-02-29&quot; is not a date"))
        #expect(try ServedForm(edit.body).values("note") == ["typed before the mistake"], "the edit is not lost")
        #expect(try contacts().first?.details.note == "", "nothing half-saved")
    }

    @Test func hostilePartsAreRefusedWithoutACrashAndQuotedShort() throws {
        let nul = try add(birthday: ("19\u{0}79", "1\u{0}", "18"))
        #expect(nul.status == 422 && !nul.body.contains("\u{0}"))
        #expect(nul.body.contains("Birthday &quot;1979-01-18&quot; is not a date"), "control characters left out of the quote")
        let long = try add(birthday: (String(repeating: "9", count: 100_000), "1", "18"))
        #expect(long.status == 422 && long.body.contains("Birthday &quot;999999999999-01-18&quot;"), "cut to 12 characters")
        let markup = try add(birthday: ("<b>", "\"", "18"))
        #expect(markup.status == 422 && markup.body.contains("Birthday &quot;&lt;b&gt;-&quot;-18&quot;"))
        #expect(try contacts().isEmpty)
    }

    @Test func labelledDatesAreReadByRowWithOrWithoutAYear() throws {
        let reply = try add(birthday: ("", "", ""), dateRow("2015", "6", "12") + dateRow("", "3", "8") + dateRow("", "", ""))
        #expect(reply.status == 303)
        let contact = try #require(try contacts().first)
        #expect(contact.details.birthday == nil)
        #expect(contact.details.dates == [LabelledDate(CalendarDate(year: 2015, month: 6, day: 12), label: .anniversary),
                                          LabelledDate(CalendarDate(year: nil, month: 3, day: 8), label: .anniversary)])
        let form = try editForm(contact.id)
        #expect(form.values("date_year") == ["2015", "", ""] && form.values("date_month") == ["6", "3", ""]
            && form.values("date_day") == ["12", "8", ""], "the two dates and the spare row")

        let refused = try add(birthday: ("", "", ""), dateRow("2015", "2", "29"))
        #expect(refused.status == 422 && refused.body.contains("Date &quot;2015-02-29&quot; is not a date"))
        let chinese = try session("zh-CN")
        try chinese.get("/contacts/new")
        let partial = try chinese.postMultipart("/contacts", [("name", "Anna")] + dateRow("2015", "", ""))
        #expect(partial.status == 422 && partial.body.contains("日期“2015--”不是有效日期"))
        #expect(try contacts().count == 1)
    }

    @Test func aBirthdayWinsOverATypedAgeAndTheFormSaysSo() throws {
        let new = try alice.get("/contacts/new").body
        #expect(new.contains(#"<span class="field-hint" id="age-hint" hidden>With a birthday, the age comes from it: one typed here is not kept</span>"#))
        #expect(try add(birthday: ("1979", "1", "18"), [("age", "30")]).status == 303)
        let contact = try #require(try contacts().first)
        #expect(contact.details.age == nil && contact.details.birthday == CalendarDate(year: 1979, month: 1, day: 18))
        let edit = try alice.get("/contacts/\(contact.id)/edit").body
        #expect(edit.contains(#"<span class="field-hint" id="age-hint">With a birthday, the age comes from it"#), "shown while a birthday is set")
        #expect(edit.contains(#"placeholder="\#(contact.details.age(on: Date())!)" aria-describedby="age-hint""#), "the age it gives")
        let chinese = try session("zh-CN")
        #expect(try chinese.get("/contacts/\(contact.id)/edit").body.contains("填写生日后，年龄按生日计算，此处填写的不保存"))

        // A birthday without a year wins too (a contact has an age or a birthday), and the age's text is not read.
        #expect(try add(birthday: ("", "5", "17"), [("age", "30")]).status == 303)
        #expect(try add(birthday: ("1979", "5", "17"), [("age", "old")]).status == 303)
        #expect(try contacts().allSatisfy { $0.details.age == nil })
        #expect(try add(birthday: ("", "", ""), [("age", "old")]).status == 422, "without a birthday the age is read")
        #expect(try contacts().count == 3)
    }
}
