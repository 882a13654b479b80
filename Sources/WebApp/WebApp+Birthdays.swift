import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Wording

/// The private birthday calendar's address: a query carries the token, so that the access log,
/// which keeps paths and never queries, never holds it.
public enum BirthdayFeed {
    /// The feed's path and query for `token`, its events worded in `language`.
    public static func path(token: String, language: Language) -> String {
        "/birthdays.ics?token=\(HTML.urlComponent(token))&language=\(language.rawValue)"
    }
}

extension WebApp {
    /// How many days from today the list and the birthday page look ahead.
    static let upcomingBirthdayDays = 30
    /// How many of those birthdays the list shows above its sections, and the birthday page.
    static let birthdaysOnTheList = 5
    static let birthdaysOnTheirPage = 500

    /// The birthday page, turning the calendar feed on, renewing or off, and the feed itself.
    func addBirthdayRoutes(to router: Router) {
        router.get("/birthdays") { [self] request, _ in
            let (context, user, scope) = try request.requireLogin()
            let feed: BirthdaysPage.Feed = try store.hasBirthdayFeed(for: user) ? .on : .off
            return .html(try birthdaysPage(feed: feed, context: context, scope: scope))
        }
        // The new address is in this answer alone (the store keeps its hash), so it is no redirect.
        router.post("/birthdays/feed") { [self] request, _ in
            let (context, user, scope) = try request.requireLogin()
            let token = try store.renewBirthdayFeedToken(for: user)
            let address = Self.siteAddress(of: request) + BirthdayFeed.path(token: token, language: context.language)
            return .html(try birthdaysPage(feed: .made(address: address), context: context, scope: scope))
        }
        router.post("/birthdays/feed/off") { [self] request, _ in
            let (_, user, _) = try request.requireLogin()
            try store.removeBirthdayFeed(for: user)
            return .redirect(to: "/birthdays#birthday-calendar")
        }
        router.get("/birthdays.ics") { [self] request, _ in
            guard let token = request.query["token"], let user = try store.user(forBirthdayFeed: token) else { throw HTTPError(404) }
            let language = request.query["language"].flatMap { Language(matching: $0) } ?? request.context.language
            let people = try store.contactsWithBirthdays(in: try store.defaultAddressBook(for: user)).map {
                BirthdayCalendar.Person(uid: $0.uid, details: $0.details)
            }
            let now = clock()
            let strings = language.catalogue
            let body = BirthdayCalendar.ics(title: strings.birthdays, people: people,
                                            years: BirthdayCalendar.years(around: CalendarDate(now).year ?? 2000), stamp: now,
                                            summary: strings.birthdayEvent)
            return Response(status: 200, headers: ["Content-Type": "text/calendar; charset=utf-8",
                                                   "Cache-Control": "private, max-age=3600"], body: body)
        }
    }

    private func birthdaysPage(feed: BirthdaysPage.Feed, context: WebContext, scope: AddressBookScope) throws -> String {
        let today = CalendarDate(clock())
        let upcoming = try store.birthdays(in: scope, from: today, days: Self.upcomingBirthdayDays, limit: Self.birthdaysOnTheirPage)
        return BirthdaysPage.render(upcoming: upcoming, today: today, feed: feed, context: context)
    }

    /// The site's address as the browser reached it (`https://host:port`), for an address to
    /// copy elsewhere; https when the connection, a trusted proxy in front or the server's
    /// public address says so (`TrustedProxies`, `HTTPServer.Configuration.alwaysSecure`).
    static func siteAddress(of request: Request) -> String {
        guard let host = request.headers["Host"], !host.isEmpty,
              host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && !"/\\?#@\"<>".unicodeScalars.contains($0) })
        else { return "" }
        return (request.isSecure ? "https://" : "http://") + host
    }
}
