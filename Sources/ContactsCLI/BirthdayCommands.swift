import ContactsCore
import ContactsStore
import Foundation
import WebApp
import Wording

/// `contacts birthdays` and `contacts birthdays feed`: the coming days' birthdays, and the
/// address of the account's private birthday calendar.
enum BirthdayCommands {
    private static let user = OptionSpec.value("--user")

    static let all: [Command] = [
        Command(words: ["birthdays"], summary: "List the birthdays of the coming days (30 unless --days), soonest first.",
                usage: "birthdays --user U [--days N] [--json]", options: [user, .value("--days"), .flag("--json")],
                notes: "Today counts as day 0. Lunar birthdays are listed on the day they fall on this year.") { context in
            _ = try context.arguments.positionals()
            let days = try context.arguments.value("--days").map { text in
                guard let days = Int(text), (0...366).contains(days) else { throw UsageError { $0.mustBeNumber("--days", from: 0, to: 366) } }
                return days
            } ?? 30
            let (store, scope) = try context.openAddressBook()
            let today = CalendarDate(Date())
            let found = try store.birthdays(in: scope, from: today, days: days)
            if context.arguments.has("--json") {
                context.console.print(try json(found))
            } else {
                context.console.print(found.isEmpty ? context.catalogue.noBirthdays(inDays: days) : found.map { entry in
                    let detail = context.catalogue.birthdayDetail(entry.birthday)
                    return "\(entry.birthday.date)  \(context.catalogue.birthdayDay(entry.birthday.date, today: today))\t"
                        + "\(entry.contact.id)\t\(entry.contact.details.name)" + (detail.isEmpty ? "" : "\t" + detail)
                }.joined(separator: "\n"))
            }
        },
        Command(words: ["birthdays", "feed"],
                summary: "Print the address of the account's birthday calendar, turning it on if it is off.",
                usage: "birthdays feed --user U [--rotate | --off] [--base-url URL]",
                options: [user, .flag("--rotate"), .flag("--off"), .value("--base-url")],
                notes: """
                    The address is private: whoever has it sees the account's contacts' names and birthdays. It is shown \
                    once, when the calendar is turned on: only its hash is kept. --rotate \
                    gives a new address (calendars subscribed to the old one stop updating); --off turns the calendar off. \
                    --base-url is the server's address as calendars reach it (else $CONTACTS_BASE_URL, else http://localhost:8080).
                    """) { context in
            _ = try context.arguments.positionals()
            let arguments = context.arguments
            if arguments.has("--rotate") && arguments.has("--off") { throw UsageError { $0.notBoth("--rotate", "--off") } }
            let base = try baseURL(context)
            let store = try context.openStore()
            let user = try context.user(in: store)
            if arguments.has("--off") {
                try store.removeBirthdayFeed(for: user)
                return
            }
            if !arguments.has("--rotate"), try store.hasBirthdayFeed(for: user) {
                let rotate = "contacts birthdays feed --user \(user.username) --rotate"
                throw CommandFailure { $0.birthdayCalendarAddressNotKept(rotate: rotate) }
            }
            let token = try store.renewBirthdayFeedToken(for: user)
            let language = CommandLineTool.language(of: context.environment)
            context.console.print(base + BirthdayFeed.path(token: token, language: language))
        },
    ]

    /// `--base-url`, else `$CONTACTS_BASE_URL`, else the server's default address; without a
    /// trailing slash.
    private static func baseURL(_ context: CommandContext) throws -> String {
        let given = context.arguments.value("--base-url") ?? context.environment["CONTACTS_BASE_URL"] ?? "http://localhost:8080"
        var base = given
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil else {
            throw UsageError { $0.notAWebAddress("--base-url", given: given) }
        }
        return base
    }

    /// One object per birthday, soonest first: the contact's id, UID and name, the day, whether
    /// it is the lunar birthday, and the age turned when the year of birth is known.
    private struct JSONBirthday: Encodable {
        let id: Int64
        let uid: String
        let name: String
        let date: String
        let lunar: Bool
        let turning: Int?
    }

    private static func json(_ birthdays: [ContactBirthday]) throws -> String {
        try ContactOutput.encode(birthdays.map { entry in
            JSONBirthday(id: entry.contact.id, uid: entry.contact.uid, name: entry.contact.details.name,
                         date: entry.birthday.date.description, lunar: entry.birthday.isLunar, turning: entry.birthday.turning)
        })
    }
}
