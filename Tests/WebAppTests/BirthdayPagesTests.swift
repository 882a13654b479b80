import ContactsCore
import ContactsStore
import Foundation
import Testing

/// Upcoming birthdays on the list, the age turned on the contact page, and the birthday page's
/// calendar feed: turned on, renewed, off, and served only for its token.
@Suite struct BirthdayPagesTests {
    let app: RunningApp
    let alice: WebSession
    /// Today as the app counts days (UTC), and the year of birth used, a leap year so that any
    /// today's month and day is a valid birthday.
    let today = CalendarDate(Date())
    let born = 1988

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func add(_ name: String, inDays days: Int, withYear: Bool = true, for user: String = "alice") throws {
        let day = try #require(today.adding(days: days))
        var details = ContactDetails(name: name, phones: [PhoneNumber("1")])
        details.birthday = CalendarDate(year: withYear ? born : nil, month: day.month, day: day.day)
        _ = try app.store.addContact(details, to: try app.store.defaultAddressBook(for: try app.store.user(named: user)))
    }

    /// The age a birthday `days` from today turns.
    private func age(inDays days: Int) throws -> Int { try #require(today.adding(days: days)?.year) - born }

    @Test func theListShowsTheNextThirtyDaysAboveTheSections() throws {
        try add("Today Person", inDays: 0)
        try add("Soon Person", inDays: 5, withYear: false)
        try add("Far Person", inDays: 40)
        try add("Bob Person", inDays: 1, for: "bob")
        let page = try alice.get("/contacts").body
        let block = try #require(page.firstRange(of: #"id="upcoming-birthdays""#).map { String(page[$0.lowerBound...]) })
            .components(separatedBy: "</section>")[0]
        #expect(block.contains(">Upcoming birthdays</a>"))
        #expect(block.contains("Today · turns \(try age(inDays: 0))"))
        let soon = try #require(today.adding(days: 5))
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        #expect(block.contains(#"<span class="row-phone">\#(months[soon.month - 1]) \#(soon.day)</span>"#))
        let order = ["Today Person", "Soon Person"].compactMap { block.range(of: $0)?.lowerBound }
        #expect(order.count == 2 && order[0] < order[1])
        #expect(!block.contains("Far Person") && !page.contains("Bob Person"))
        #expect(try !alice.get("/contacts?q=Person").body.contains("upcoming-birthdays"), "not over search results")
        #expect(try !alice.get("/contacts?section=S").body.contains("upcoming-birthdays"), "not on a jump to a letter")
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/contacts").body.contains("今天 · \(try age(inDays: 0)) 岁"))
    }

    @Test func theListShowsTheFirstFiveAndTheBirthdayPageAll() throws {
        for index in 0..<7 { try add("Person \(index)", inDays: index) }
        let rows = { (page: String) in page.components(separatedBy: #"<li class="row birthday-row"#).count - 1 }
        #expect(rows(try alice.get("/contacts").body) == 5)
        let page = try alice.get("/birthdays").body
        #expect(rows(page) == 7)
        #expect(page.contains(">Person 6<") && page.contains(#"<a class="bar-left" href="/contacts""#))
    }

    @Test func theContactPageSaysTheAgeTurned() throws {
        try add("Soon Person", inDays: 3)
        let contact = try #require(try app.store.contacts(in: try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))).first)
        let page = try alice.get("/contacts/\(contact.id)").body
        #expect(page.contains(#"<span class="row-detail" id="birthday-summary">Turns \#(try age(inDays: 3)) on "#))
        try add("No Year", inDays: 3, withYear: false)
        let yearless = try #require(try app.store.search("No Year", in: try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))).first)
        #expect(try !alice.get("/contacts/\(yearless.id)").body.contains("birthday-summary"))
    }

    /// The feed's address as the birthday page shows it, entities decoded.
    private func feedAddress() throws -> String? {
        address(in: try alice.get("/birthdays").body)
    }

    /// The address that turning the feed on or renewing it shows, this once.
    private func newFeedAddress() throws -> String? {
        let reply = try alice.post("/birthdays/feed")
        #expect(reply.status == 200 && reply.header("Cache-Control") == "no-store")
        return address(in: reply.body)
    }

    private func address(in page: String) -> String? {
        page.firstMatch(of: #/id="feed-address" readonly value="([^"]*)"/#).map { String($0.output.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    private func fetchFeed(_ address: String) throws -> WebSession.Reply {
        let path = String(address.dropFirst("http://\(RunningApp.host)".count))
        return try app.session().get(path)
    }

    @Test func theFeedIsOffUntilTurnedOnAndAnswersOnlyItsCurrentAddress() throws {
        try add("Today Person", inDays: 0)
        try add("Bob Person", inDays: 0, for: "bob")
        #expect(try alice.get("/birthdays").body.contains("The birthday calendar is off."))
        #expect(try feedAddress() == nil)
        #expect(try alice.post("/birthdays/feed", csrf: false).status == 403)
        #expect(try feedAddress() == nil)

        let first = try #require(try newFeedAddress())
        #expect(try feedAddress() == nil, "kept as a hash, the address is shown once")
        #expect(try alice.get("/birthdays").body.contains("The birthday calendar is on."))
        #expect(first.hasPrefix("http://\(RunningApp.host)/birthdays.ics?token=") && first.hasSuffix("&language=en"))
        let calendar = try fetchFeed(first)
        #expect(calendar.status == 200)
        #expect(calendar.header("Content-Type") == "text/calendar; charset=utf-8")
        #expect(calendar.body.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && calendar.body.hasSuffix("END:VCALENDAR\r\n"))
        #expect(calendar.body.contains("SUMMARY:Today Person's birthday (\(try age(inDays: 0)))\r\n"))
        #expect(!calendar.body.contains("Bob Person"), "only the account's own contacts")
        let chinese = try fetchFeed(first.replacingOccurrences(of: "language=en", with: "language=zh-Hans"))
        #expect(chinese.body.contains("SUMMARY:Today Person的生日（\(try age(inDays: 0)) 岁）\r\n"))

        try alice.get("/birthdays")
        let second = try #require(try newFeedAddress())
        #expect(second != first)
        #expect(try fetchFeed(first).status == 404, "a renewed address replaces the old one")
        #expect(try fetchFeed(second).status == 200)
        #expect(try alice.post("/birthdays/feed/off").status == 303)
        #expect(try fetchFeed(second).status == 404)
        #expect(try alice.get("/birthdays").body.contains("The birthday calendar is off."))
        for guess in ["/birthdays.ics", "/birthdays.ics?token=", "/birthdays.ics?token=%00", "/birthdays.ics?token=../../etc"] {
            #expect(try app.session().get(guess).status == 404)
        }
    }

    @Test func theBirthdayPageNeedsALogin() throws {
        let stranger = app.session()
        #expect(try stranger.get("/birthdays").status == 303)
        #expect(try stranger.post("/birthdays/feed", csrf: false).status != 303)
    }
}
