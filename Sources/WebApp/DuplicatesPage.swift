import ContactsCore
import ContactsStore

/// The possible duplicates page: each group of contacts that look like one person, why, side by
/// side, with Merge (keeping the name and photo picked) and Not duplicates.
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
        return """
            <section class="duplicate-group" aria-labelledby="\(headingID)"><h2 class="group-heading" id="\(headingID)">\(HTML.escape(why))</h2>
            <form method="post" action="\(HTML.escape(context.inBook("/duplicates/merge")))">\(context.csrfField)<input type="hidden" name="ids" value="\(group.contacts.map { String($0.id) }.joined(separator: ","))">
            <div class="compare">\(group.contacts.map(column).joined())</div>
            \(Set(group.contacts.map(\.details.name)).count > 1 ? choice(strings.nameToKeep, field: "name-from", among: group.contacts) : "")\(withPhotos.count > 1 ? choice(strings.photoToKeep, field: "photo-from", among: withPhotos) : "")
            <div class="duplicate-actions"><button type="submit" class="wide primary-text merge-button">\(HTML.escape(strings.merge))</button>\
            <button type="submit" class="wide dismiss-button" formaction="\(HTML.escape(context.inBook("/duplicates/dismiss")))">\(HTML.escape(strings.notDuplicates))</button></div>
            </form></section>
            """
    }

    /// One contact's column: its avatar and name (a link to it) and every detail.
    private static func column(_ contact: Contact) -> String {
        let details = contact.details
        var lines = details.phones.map(\.number) + details.emails.map(\.address) + details.addresses.map(\.singleLine)
        if let birthday = details.birthday { lines.append(birthday.description) }
        if !details.note.isEmpty { lines.append(details.note) }
        return """
            <div class="compare-column"><a class="compare-head" href="/contacts/\(contact.id)">\(Avatar.render(contact))\
            <span class="compare-name">\(HTML.escape(details.name))</span></a>\
            <ul class="compare-details">\(lines.map { "<li>\(HTML.escape($0))</li>" }.joined())</ul></div>
            """
    }

    /// Radio buttons that pick whose name (or photo) the merged contact keeps, the first picked;
    /// shown only where there is a choice to make.
    private static func choice(_ legend: String, field: String, among contacts: [Contact]) -> String {
        let options = contacts.enumerated().map { index, contact in
            let photo = field == "photo-from" ? Avatar.render(contact) : ""
            return #"<label class="keep"><input type="radio" name="\#(field)" value="\#(contact.id)"\#(index == 0 ? " checked" : "")>\#(photo) <span>\#(HTML.escape(contact.details.name))</span></label>"#
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
