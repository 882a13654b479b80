import ContactsCore
import Foundation
import Testing

/// `contacts birthdays` and `contacts birthdays feed`, run as a person runs them.
@Suite struct BirthdayCommandTests {
    let cli = CLIRunner()
    let today = CalendarDate(Date())

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    /// Adds a contact whose birthday is `days` from today, born in 1988 (a leap year, so that
    /// any month and day is a valid date) or in no known year.
    private func add(_ name: String, inDays days: Int, withYear: Bool = true, user: String = "alice") throws {
        let day = try #require(today.adding(days: days))
        let birthday = withYear ? String(format: "1988-%02d-%02d", day.month, day.day) : String(format: "--%02d-%02d", day.month, day.day)
        let result = try cli.run(["add", "--user", user, "--name", name, "--phone", "1", "--birthday", birthday])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func theComingDaysSoonestFirstAsTextAndJSON() throws {
        try add("Later", inDays: 20, withYear: false)
        try add("Today", inDays: 0)
        try add("Far", inDays: 60)
        try add("Bob's", inDays: 1, user: "bob")
        let text = try cli.run(["birthdays", "--user", "alice"])
        #expect(text.status == 0, "\(text.error)")
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let age = try #require(today.year) - 1988
        #expect(lines.first?.hasPrefix("\(today)  Today\t") == true && lines.first?.hasSuffix("\tToday\tturns \(age)") == true)
        #expect(lines.last?.contains("\tLater") == true)

        let json = try cli.run(["birthdays", "--user", "alice", "--days", "90", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["name"] as? String } == ["Today", "Later", "Far"])
        #expect(objects[0]["turning"] as? Int == (today.year ?? 0) - 1988)
        #expect(objects[1]["turning"] == nil)
        #expect(objects[0]["date"] as? String == today.description && objects[0]["lunar"] as? Bool == false)

        #expect(try cli.run(["birthdays", "--user", "bob", "--days", "0"]).output == "No birthdays today\n")
    }

    @Test(arguments: [["--days", "367"], ["--days", "-1"], ["--days", "soon"]])
    func badDaysAreRefused(_ days: [String]) throws {
        let result = try cli.run(["birthdays", "--user", "alice"] + days)
        #expect(result.status == 2)
        #expect(result.error.contains("--days must be a number from 0 to 366"), "\(result.error)")
    }

    @Test func theFeedAddressIsShownOnceThenOnlyRotatedOrTurnedOff() throws {
        let first = try cli.run(["birthdays", "feed", "--user", "alice", "--base-url", "https://contacts.example.org/"])
        #expect(first.status == 0, "\(first.error)")
        let address = first.output.trimmingCharacters(in: .newlines)
        #expect(address.hasPrefix("https://contacts.example.org/birthdays.ics?token=") && address.hasSuffix("&language=en"))
        let again = try cli.run(["birthdays", "feed", "--user", "alice", "--base-url", "https://contacts.example.org"])
        #expect(again.status == 1 && again.output.isEmpty, "the address is kept only as a hash")
        #expect(again.error == "contacts: the birthday calendar is on, and its address is kept only as a hash, so it cannot be shown again; "
                + "for a new address (calendars subscribed to the old one stop updating): contacts birthdays feed --user alice --rotate\n",
                "\(again.error)")
        let rotated = try cli.run(["birthdays", "feed", "--user", "alice", "--rotate"],
                                  environment: ["CONTACTS_BASE_URL": "http://10.0.0.2:8080", "LANG": "zh_CN.UTF-8"])
        #expect(rotated.output.hasPrefix("http://10.0.0.2:8080/birthdays.ics?token=") && rotated.output.hasSuffix("&language=zh-Hans\n"))
        #expect(rotated.output.components(separatedBy: "token=")[1] != first.output.components(separatedBy: "token=")[1])
        let bobs = try cli.run(["birthdays", "feed", "--user", "bob"])
        #expect(bobs.output.hasPrefix("http://localhost:8080/birthdays.ics?token=") && bobs.output != rotated.output)
        #expect(try cli.run(["birthdays", "feed", "--user", "alice", "--off"]).status == 0)
        let renewed = try cli.run(["birthdays", "feed", "--user", "alice"])
        #expect(renewed.output.components(separatedBy: "token=")[1] != rotated.output.components(separatedBy: "token=")[1],
                "turned off, the next address is a new one")
    }

    @Test(arguments: ["ftp://example.org", "example.org", "https://", "https://example.org/?a=b", "http://host#x"])
    func aBaseURLThatIsNotAWebAddressIsRefused(_ base: String) throws {
        let result = try cli.run(["birthdays", "feed", "--user", "alice", "--base-url", base])
        #expect(result.status == 2)
        #expect(result.error.contains("--base-url must be the server's address"), "\(result.error)")
    }

    @Test func rotateAndOffTogetherAreRefused() throws {
        let result = try cli.run(["birthdays", "feed", "--user", "alice", "--rotate", "--off"])
        #expect(result.status == 2 && result.error.contains("--rotate"))
    }
}
