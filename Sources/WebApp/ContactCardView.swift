import ContactsCore
import Foundation
import Wording

/// A viewed contact, shaped like the phone's Contacts app: the photo, the name large with the
/// company under it, the quick actions (call, message, mail, map), then a labelled row for each
/// thing the contact has — nothing for what it lacks, nothing twice.
enum ContactCardView {
    /// The card's markup: the header, then the groups of rows.
    static func render(_ contact: Contact, now: Date, strings: any Catalogue) -> String {
        let details = contact.details
        let groups = [
            nameRows(details, strings: strings),
            details.phones.compactMap { phoneRow($0, strings: strings) },
            details.emails.filter { !$0.address.isEmpty }.map { emailRow($0, strings: strings) },
            details.urls.filter { !$0.url.isEmpty }.map { row(strings.labelName($0.label), ContactLinks.web($0.url), class: "website-row") },
            details.addresses.filter { !$0.isEmpty }.map { addressRow($0, strings: strings) },
            dateRows(details, now: now, strings: strings),
            personRows(details, strings: strings),
            details.relatedNames.filter { !$0.name.isEmpty }.map { row(strings.labelName($0.label), text($0.name), class: "related-row") },
            details.instantMessages.map { handleRow($0, strings: strings) },
            details.socialProfiles.map { handleRow($0, strings: strings) },
            details.note.isEmpty ? [] : [row(strings.note, #"<span class="note-text">\#(text(details.note))</span>"#, class: "note-row")],
        ].filter { !$0.isEmpty }
        let rows = groups.map { #"<ul class="card-group">\#($0.joined())</ul>"# }.joined()
        return #"<article class="contact-card" id="contact-card">\#(header(contact, strings: strings))\#(rows)</article>"#
    }

    // MARK: The header

    /// The photo, the name, the company lines and the quick actions.
    private static func header(_ contact: Contact, strings: any Catalogue) -> String {
        let details = contact.details
        // A company contact is titled by the company; the person's name (if any) goes under it.
        let person = details.isCompany && !details.organization.isEmpty
        let subtitles = [
            person ? details.name : "",
            [details.jobTitle, details.department].filter { !$0.isEmpty }.joined(separator: " · "),
            person ? "" : details.organization,
        ].filter { !$0.isEmpty && $0 != details.displayName }
        let lines = subtitles.map { #"<p class="card-subtitle">\#(text($0))</p>"# }.joined()
        return """
            <header class="card-header">\(Avatar.render(contact, large: true))
            <h2 class="card-name" id="card-name">\(text(details.displayName))</h2>\(lines)
            \(quickActions(details, strings: strings))</header>
            """
    }

    /// Call, message, mail and map, each a link when the contact has what it needs and a dimmed,
    /// disabled-looking tile otherwise, as the phone's Contacts app shows them.
    private static func quickActions(_ details: ContactDetails, strings: any Catalogue) -> String {
        let dialable = details.phones.first { !ContactLinks.dialString($0.number).isEmpty }
        // Messages go to a mobile number when there is one.
        let texting = details.phones.first { [.mobile, .iPhone].contains($0.label) && !ContactLinks.dialString($0.number).isEmpty } ?? dialable
        let email = details.emails.first { !$0.address.isEmpty }
        let address = details.addresses.first { !$0.isEmpty }
        let actions: [(id: String, icon: String, name: String, href: String?)] = [
            ("call-action", "phone", strings.callAction, dialable.map { "tel:" + ContactLinks.dialString($0.number) }),
            ("message-action", "message", strings.messageAction, texting.map { "sms:" + ContactLinks.dialString($0.number) }),
            ("mail-action", "mail", strings.mailAction, email.map { ContactLinks.mailto($0.address) }),
            ("map-action", "map", strings.mapAction, address.map { ContactLinks.map($0) }),
        ]
        let tiles = actions.map { action in
            let inside = #"\#(icon(action.icon))<span class="quick-action-name">\#(HTML.escape(action.name))</span>"#
            guard let href = action.href else {
                return #"<li><span class="quick-action unavailable" id="\#(action.id)" role="link" aria-disabled="true">\#(inside)</span></li>"#
            }
            let target = action.id == "map-action" ? #" target="_blank" rel="noopener noreferrer""# : ""
            return #"<li><a class="quick-action" id="\#(action.id)" href="\#(HTML.escape(href))"\#(target)>\#(inside)</a></li>"#
        }
        return #"<ul class="quick-actions" id="quick-actions">\#(tiles.joined())</ul>"#
    }

    /// A quick action's symbol, drawn in the tile's colour.
    private static func icon(_ name: String) -> String {
        let paths = [
            "phone": "M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z",
            "message": "M12 3C6.5 3 2 6.6 2 11c0 2.5 1.4 4.7 3.6 6.2-.2 1.3-.9 2.6-2 3.5 2 0 3.8-.7 5.1-1.8 1 .3 2.1.4 3.3.4 5.5 0 10-3.6 10-8.3S17.5 3 12 3z",
            "mail": "M3 5h18c.6 0 1 .4 1 1v12c0 .6-.4 1-1 1H3c-.6 0-1-.4-1-1V6c0-.6.4-1 1-1zm1 2.2V17h16V7.2l-8 5.3z",
            "map": "M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z",
        ]
        return #"<svg class="quick-action-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="\#(paths[name] ?? "")"/></svg>"#
    }

    // MARK: Rows

    /// One row: the small label over the value (markup already escaped).
    private static func row(_ label: String, _ value: String, class kind: String) -> String {
        #"<li class="card-row \#(kind)"><span class="row-label">\#(HTML.escape(label))</span><div class="row-value">\#(value)</div></li>"#
    }

    /// Text for the page, escaped and isolated so that a value's direction marks (an RTL
    /// override) cannot reorder what surrounds it.
    private static func text(_ value: String) -> String {
        #"<bdi>\#(HTML.escape(value))</bdi>"#
    }

    /// What else the contact is called: nickname and phonetic name.
    private static func nameRows(_ details: ContactDetails, strings: any Catalogue) -> [String] {
        let phonetic = [details.phoneticName.given, details.phoneticName.middle, details.phoneticName.family]
        var rows: [String] = []
        if !details.nickname.isEmpty { rows.append(row(strings.nickname, text(details.nickname), class: "nickname-row")) }
        if !details.phoneticName.isEmpty {
            rows.append(row(strings.phoneticName, text(phonetic.filter { !$0.isEmpty }.joined(separator: " ")), class: "phonetic-row"))
        }
        return rows
    }

    /// The app's own fields the phone's Contacts app lacks: sex, and an age given without a birthday.
    private static func personRows(_ details: ContactDetails, strings: any Catalogue) -> [String] {
        var rows: [String] = []
        if details.sex != .notSet { rows.append(row(strings.sex, text(strings.sexName(details.sex)), class: "sex-row")) }
        if let age = details.age { rows.append(row(strings.age, text(String(age)), class: "age-row")) }
        return rows
    }

    private static func phoneRow(_ phone: PhoneNumber, strings: any Catalogue) -> String? {
        guard !phone.number.isEmpty else { return nil }
        let dial = ContactLinks.dialString(phone.number)
        let value = dial.isEmpty ? text(phone.number) : #"<a href="tel:\#(HTML.escape(dial))">\#(text(phone.number))</a>"#
        return row(strings.labelName(phone.label), value, class: "phone-row")
    }

    private static func emailRow(_ email: EmailAddress, strings: any Catalogue) -> String {
        row(strings.labelName(email.label), #"<a href="\#(HTML.escape(ContactLinks.mailto(email.address)))">\#(text(email.address))</a>"#,
            class: "email-row")
    }

    /// An address on its lines (street lines, then city, region and postcode, then country), linked to the map.
    private static func addressRow(_ address: PostalAddress, strings: any Catalogue) -> String {
        let street = address.street.split(whereSeparator: \.isNewline).map { String($0).trimmed }
        let lines = street + [[address.city, address.region, address.postcode].filter { !$0.isEmpty }.joined(separator: " "), address.country]
        let shown = lines.filter { !$0.isEmpty }.map(text).joined(separator: "<br>")
        let link = #"<a href="\#(HTML.escape(ContactLinks.map(address)))" target="_blank" rel="noopener noreferrer">\#(shown)</a>"#
        return row(strings.labelName(address.label), link, class: "address-row")
    }

    /// Birthday (with the age it turns next), lunar birthday (with the day it next falls on), then the other dates.
    private static func dateRows(_ details: ContactDetails, now: Date, strings: any Catalogue) -> [String] {
        var rows: [String] = []
        if let birthday = details.birthday {
            let today = CalendarDate(now)
            let next = details.birthdays(from: today, days: 366).first { $0.turning != nil && !$0.isLunar }
            let turning = next.flatMap { next in next.turning.map { strings.turns($0, on: next.date, today: today) } }
            let summary = turning.map { #"<span class="row-detail" id="birthday-summary">\#(HTML.escape($0))</span>"# } ?? ""
            rows.append(row(strings.birthday, text(strings.fullDate(birthday)) + summary, class: "birthday-row"))
        }
        if let lunar = details.lunarBirthday {
            let summary = strings.lunarBirthdaySummary(lunar, next: lunar.nextOccurrence(onOrAfter: now))
            rows.append(row(strings.lunarBirthday, #"<span id="lunar-birthday-summary">\#(HTML.escape(summary))</span>"#, class: "lunar-row"))
        }
        return rows + details.dates.map { row(strings.labelName($0.label), text(strings.fullDate($0.date)), class: "date-row") }
    }

    /// An instant-messaging handle or social profile: the service as the row's label (with the
    /// label beside it when it says more), the handle selectable, a web address linked, and a
    /// copy button the script shows.
    private static func handleRow(_ handle: ServiceHandle, strings: any Catalogue) -> String {
        let labelName = strings.labelName(handle.label)
        let label = [handle.service, handle.label == .other || handle.service.isEmpty ? "" : labelName]
            .filter { !$0.isEmpty }.joined(separator: " · ")
        let copy = #"<button type="button" class="copy-button" data-copy="\#(HTML.escape(handle.handle))" data-copied="\#(HTML.escape(strings.copied))" hidden>\#(HTML.escape(strings.copy))</button>"#
        let value = ContactLinks.isWebAddress(handle.handle) ? ContactLinks.web(handle.handle) : #"<span class="handle">\#(text(handle.handle))</span>"#
        return row(label.isEmpty ? labelName : label, value + copy, class: "handle-row")
    }
}
