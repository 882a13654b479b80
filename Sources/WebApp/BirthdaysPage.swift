import ContactsCore
import ContactsStore
import Wording

/// The birthday page: the next days' birthdays, and the private calendar feed's address with
/// the controls that turn it on, renew it and turn it off.
enum BirthdaysPage {
    /// The calendar feed as the page shows it: off, on (its address kept only as a hash), or
    /// with the address just made, shown this once.
    enum Feed {
        case off, on
        case made(address: String)
    }

    static func render(upcoming: [ContactBirthday], today: CalendarDate, feed state: Feed, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/contacts")))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.birthdays))<div class="bar-right"></div>"#
        let list = upcoming.isEmpty
            ? #"<p class="empty" id="no-birthdays">\#(HTML.escape(strings.noBirthdays(inDays: WebApp.upcomingBirthdayDays)))</p>"#
            : rows(upcoming, today: today, headingID: "upcoming-heading", strings: strings)
        let onActions = """
            <div class="feed-actions">\(button(strings.newBirthdayCalendarAddress, action: "/birthdays/feed", id: "new-feed-address", context: context))\
            \(button(strings.turnOffBirthdayCalendar, action: "/birthdays/feed/off", id: "turn-off-feed", destructive: true, context: context))</div>
            """
        let feed = switch state {
        case .made(let address):
            """
            <div class="field-group"><div class="field"><input id="feed-address" readonly value="\(HTML.escape(address))" aria-label="\(HTML.escape(strings.birthdayCalendar))">\
            <button type="button" class="copy-button link" id="copy-feed-address" data-copy-from="#feed-address" data-copied="\(HTML.escape(strings.copied))" hidden>\(HTML.escape(strings.copyAddress))</button></div>\
            <a class="field feed-subscribe" id="subscribe-feed" href="\(HTML.escape(webcal(address)))">\(HTML.escape(strings.subscribeInCalendar))</a></div>
            <p class="help"><strong>\(HTML.escape(strings.birthdayCalendarAddressShownOnce))</strong> \(HTML.escape(strings.birthdayCalendarHelp))</p>
            \(onActions)
            """
        case .on:
            """
            <p class="help" id="feed-on">\(HTML.escape(strings.birthdayCalendarIsOn))</p>
            \(onActions)
            """
        case .off:
            """
            <p class="help" id="feed-off">\(HTML.escape(strings.birthdayCalendarIsOff)) \(HTML.escape(strings.birthdayCalendarHelp))</p>
            <div class="feed-actions">\(button(strings.turnOnBirthdayCalendar, action: "/birthdays/feed", id: "turn-on-feed", context: context))</div>
            """
        }
        let main = """
            <section class="upcoming-birthdays" aria-labelledby="upcoming-heading"><h2 class="group-heading" id="upcoming-heading">\(HTML.escape(strings.upcomingBirthdays))</h2>\(list)</section>
            <section class="birthday-calendar" id="birthday-calendar" aria-labelledby="calendar-heading"><h2 class="group-heading" id="calendar-heading">\(HTML.escape(strings.birthdayCalendar))</h2>
            \(feed)</section>
            """
        return Layout.page(title: strings.birthdays, bodyClass: "birthdays-page", bar: bar, main: main, context: context)
    }

    /// Birthdays as rows (avatar, name, when and the age turned), each a link to its contact;
    /// the list page shows the same rows above its sections.
    static func rows(_ upcoming: [ContactBirthday], today: CalendarDate, headingID: String, strings: any Catalogue) -> String {
        let items = upcoming.map { entry in
            let when = [strings.birthdayDay(entry.birthday.date, today: today), strings.birthdayDetail(entry.birthday)]
                .filter { !$0.isEmpty }.joined(separator: " · ")
            let today = entry.birthday.date == today ? " today" : ""
            return #"<li class="row birthday-row\#(today)"><a class="row-link" href="/contacts/\#(entry.contact.id)">\#(Avatar.render(entry.contact))<span class="row-text"><span class="row-name">\#(HTML.escape(entry.contact.details.displayName))</span><span class="row-phone">\#(HTML.escape(when))</span></span><span class="chevron" aria-hidden="true"></span></a></li>"#
        }
        return #"<ul class="birthday-rows" aria-labelledby="\#(headingID)">\#(items.joined())</ul>"#
    }

    /// The feed's address with the `webcal` scheme, which a phone or desktop opens in its
    /// calendar app as a subscription: the same host and path as the http(s) address.
    static func webcal(_ address: String) -> String {
        guard let colon = address.firstIndex(of: ":"), ["http", "https"].contains(address[..<colon].lowercased()) else { return address }
        return "webcal" + address[colon...]
    }

    private static func button(_ title: String, action: String, id: String, destructive: Bool = false, context: WebContext) -> String {
        #"<form method="post" action="\#(action)">\#(context.csrfField)<button type="submit" id="\#(id)" class="wide \#(destructive ? "destructive" : "primary-text")">\#(HTML.escape(title))</button></form>"#
    }
}
