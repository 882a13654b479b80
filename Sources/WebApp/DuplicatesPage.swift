import ContactsCore
import ContactsStore
import Wording

/// The possible duplicates page: each group of contacts that look like one person, why, side by
/// side with every field, with Merge (keeping the name, photo and company, title, nickname
/// picked) and Not duplicates.
enum DuplicatesPage {
    /// A group as the page shows it: why, and the contacts in full.
    struct Group {
        let reasons: [DuplicateReason]
        let contacts: [Contact]
    }

    /// What the last action left to say: a merge with its Undo, or a dismissal.
    enum Notice {
        case merged(into: Contact, count: Int)
        case dismissed
    }

    static func render(_ groups: [Group], notice: Notice?, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/contacts")))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.possibleDuplicates))<div class="bar-right"></div>"#
        let main = groups.isEmpty
            ? #"<p class="empty" id="no-duplicates">\#(HTML.escape(strings.noDuplicates))</p>"#
            : groups.enumerated().map { group(number: $0.offset + 1, $0.element, context: context) }.joined()
        return Layout.page(title: strings.possibleDuplicates, bodyClass: "duplicates-page", bar: bar, main: main,
                           extra: notice.map { toast($0, context: context) } ?? "", context: context)
    }

    private static func group(number: Int, _ group: Group, context: WebContext) -> String {
        let strings = context.strings
        let headingID = "duplicates-\(number)"
        let why = group.reasons.map(strings.duplicateReason).joined(separator: " · ")
        let withPhotos = group.contacts.filter(\.hasPhoto)
        let singleValues = Set(group.contacts.map { singles($0.details, strings: strings) })
        return """
            <section class="duplicate-group" aria-labelledby="\(headingID)"><h2 class="group-heading" id="\(headingID)">\(HTML.escape(why))</h2>
            <form method="post" action="\(HTML.escape(context.inBook("/duplicates/merge")))">\(context.csrfField)<input type="hidden" name="ids" value="\(group.contacts.map { String($0.id) }.joined(separator: ","))">
            <div class="compare">\(group.contacts.map { column($0, strings: strings) }.joined())</div>
            \(Set(group.contacts.map(\.details.name)).count > 1 ? choice(strings.nameToKeep, field: "name-from", among: group.contacts) : "")\(withPhotos.count > 1 ? choice(strings.photoToKeep, field: "photo-from", among: withPhotos) : "")\(singleValues.count > 1 ? choice(strings.detailsToKeep, field: "details-from", among: group.contacts) { ([$0.details.name] + singles($0.details, strings: strings).map(\.value)).joined(separator: " · ") } : "")
            <div class="duplicate-actions"><button type="submit" class="wide primary-text merge-button">\(HTML.escape(strings.merge))</button>\
            <button type="submit" class="wide dismiss-button" formaction="\(HTML.escape(context.inBook("/duplicates/dismiss")))">\(HTML.escape(strings.notDuplicates))</button></div>
            </form></section>
            """
    }

    /// One contact's column: its avatar and name (a link to it) and every field, each with its label.
    private static func column(_ contact: Contact, strings: any Catalogue) -> String {
        let lines = singles(contact.details, strings: strings) + entries(contact.details, strings: strings)
        return """
            <div class="compare-column"><a class="compare-head" href="/contacts/\(contact.id)">\(Avatar.render(contact))\
            <span class="compare-name">\(HTML.escape(contact.details.name))</span></a>\
            <ul class="compare-details">\(lines.map { #"<li><span class="compare-label">\#(HTML.escape($0.label))</span> \#(HTML.escape($0.value))</li>"# }.joined())</ul></div>
            """
    }

    /// The fields that hold one value which a merge takes from one contact (see `ContactMerge`),
    /// those given, with what they are: what Details to keep picks among.
    private static func singles(_ details: ContactDetails, strings: any Catalogue) -> [Line] {
        let lines = [Line(label: strings.nickname, value: details.nickname), Line(label: strings.organization, value: details.organization),
                     Line(label: strings.department, value: details.department), Line(label: strings.jobTitle, value: details.jobTitle)]
        return lines.filter { !$0.value.isEmpty }
    }

    /// Every other field given, each entry with its label.
    private static func entries(_ details: ContactDetails, strings: any Catalogue) -> [Line] {
        let label = strings.labelName
        var lines = details.phones.map { Line(label: label($0.label), value: $0.number) }
        lines += details.emails.map { Line(label: label($0.label), value: $0.address) }
        lines += details.addresses.map { Line(label: label($0.label), value: $0.singleLine) }
        lines += details.urls.map { Line(label: label($0.label), value: $0.url) }
        lines += (details.instantMessages + details.socialProfiles).map { Line(label: $0.service, value: $0.handle) }
        if details.sex != .notSet { lines.append(Line(label: strings.sex, value: strings.sexName(details.sex))) }
        if let age = details.age { lines.append(Line(label: strings.age, value: String(age))) }
        if let birthday = details.birthday { lines.append(Line(label: strings.birthday, value: birthday.description)) }
        if let lunar = details.lunarBirthday { lines.append(Line(label: strings.lunarBirthday, value: strings.lunarDate(lunar))) }
        lines += details.dates.map { Line(label: label($0.label), value: $0.date.description) }
        lines += details.relatedNames.map { Line(label: label($0.label), value: $0.name) }
        if !details.note.isEmpty { lines.append(Line(label: strings.note, value: details.note)) }
        return lines
    }

    /// A field as a column shows it.
    private struct Line: Hashable {
        let label: String
        let value: String
    }

    /// Radio buttons that pick whose name (or photo, or single values) the merged contact keeps,
    /// the first picked; shown only where there is a choice to make. An option reads `text` of its contact.
    private static func choice(_ legend: String, field: String, among contacts: [Contact],
                               text: (Contact) -> String = \.details.name) -> String {
        let options = contacts.enumerated().map { index, contact in
            let photo = field == "photo-from" ? Avatar.render(contact) : ""
            return #"<label class="keep"><input type="radio" name="\#(field)" value="\#(contact.id)"\#(index == 0 ? " checked" : "")>\#(photo) <span>\#(HTML.escape(text(contact)))</span></label>"#
        }
        return #"<fieldset class="keep-choice"><legend>\#(HTML.escape(legend))</legend>\#(options.joined())</fieldset>"#
    }

    private static func toast(_ notice: Notice, context: WebContext) -> String {
        let strings = context.strings
        switch notice {
        case .merged(let contact, let count):
            return """
                <div class="toast" id="toast" role="status"><span>\(HTML.escape(strings.merged(count, into: contact.details.name)))</span> ·
                <form method="post" action="\(HTML.escape(context.inBook("/duplicates/undo")))">\(context.csrfField)<input type="hidden" name="id" value="\(contact.id)"><button type="submit" class="link" id="undo-merge">\(HTML.escape(strings.undo))</button></form></div>
                """
        case .dismissed:
            return #"<div class="toast" id="toast" role="status"><span>\#(HTML.escape(strings.markedAsDifferentPeople))</span></div>"#
        }
    }
}
