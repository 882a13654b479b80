import ContactsCore
import ContactsStore
import Foundation
import Wording

/// The add and edit screens: one form. Viewing shows the contact's card instead (`ContactViewPage`).
enum ContactPage {
    enum Mode {
        case new
        case view(Contact)
        case edit(Contact)

        var contact: Contact? {
            switch self {
            case .new: nil
            case .view(let contact), .edit(let contact): contact
            }
        }
    }

    /// - Parameters:
    ///   - pane: the list beside the form on a wide screen (`ListPane`).
    ///   - groups: the contact's groups panel (`GroupsPage.contactPanel`), shown when viewing.
    ///   - otherBooks: the user's other books, which a viewed contact can be moved or copied to.
    ///   - lastChange: who last changed the contact and when, shown in a shared book.
    static func render(mode: Mode, details: ContactDetails, error: String? = nil, pane: String, groups: String = "",
                       otherBooks: [AddressBook] = [], now: Date, lastChange: ContactChange? = nil, context: WebContext) -> String {
        if case .view(let contact) = mode {
            return ContactViewPage.render(contact, pane: pane, groups: groups, otherBooks: otherBooks, now: now,
                                          lastChange: lastChange, context: context)
        }
        let strings = context.strings
        let contact = mode.contact
        let editing: Bool
        if case .view = mode { editing = false } else { editing = true }
        let readOnly = editing ? "" : " readonly"
        let action = context.inBook(contact.map { "/contacts/\($0.id)" } ?? "/contacts")
        let back = HTML.escape(context.inBook("/contacts"))
        let title = contact == nil ? strings.newContact : strings.contact

        var bar = ""
        switch mode {
        case .new:
            bar = #"<a class="bar-left" href="\#(back)" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(title))<div class="bar-right"><button type="submit" form="contact-form" id="submit-button" class="primary-text">\#(HTML.escape(strings.add))</button></div>"#
        case .view(let contact), .edit(let contact):
            bar = #"<a class="bar-left" href="/contacts/\#(contact.id)" id="cancel-button" role="button">\#(HTML.escape(strings.cancel))</a>\#(Layout.title(title))<div class="bar-right"><button type="submit" form="contact-form" id="save-button" class="primary-text">\#(HTML.escape(strings.save))</button></div>"#
        }

        let phones = details.phones.isEmpty ? [PhoneNumber("")] : details.phones
        let phoneFields = phones.enumerated().map { index, phone in
            let labels = ContactLabel.choices(for: .phone).map { label in
                #"<option value="\#(label.rawValue)"\#(label == phone.label ? " selected" : "")>\#(HTML.escape(strings.labelName(label)))</option>"#
            }.joined()
            let name = index == 0 ? strings.phone : "\(strings.phone) \(index + 1)"
            return """
                <div class="field phone-field\(phone.number.isEmpty ? " empty" : "")"><label class="field-label" for="phone-\(index)">\(HTML.escape(name))\(index == 0 && contact == nil ? requiredMark : "")</label>
                <select name="phone_label" aria-label="\(HTML.escape(name)) · \(HTML.escape(strings.labelName(phone.label)))"\(editing ? "" : " disabled")>\(labels)</select>
                <input id="phone-\(index)" name="phone" type="tel" inputmode="tel" autocomplete="off" maxlength="100" value="\(HTML.escape(phone.number))"\(index == 0 && contact == nil ? " required" : "")\(readOnly)></div>
                """
        }.joined()
        let emails = details.emails.isEmpty ? [""] : details.emails.map(\.address)
        let emailFields = emails.enumerated().map { index, email in
            let name = index == 0 ? strings.email : "\(strings.email) \(index + 1)"
            return field(name, id: "email-\(index)", empty: email.isEmpty, input: #"<input id="email-\#(index)" name="email" type="email" inputmode="email" autocomplete="off" maxlength="254" value="\#(HTML.escape(email))"\#(readOnly)>"#)
        }.joined()
        let sexOptions = [Sex.notSet, .male, .female, .other].map { sex in
            #"<option value="\#(sex.rawValue)"\#(sex == details.sex ? " selected" : "")>\#(HTML.escape(strings.sexName(sex)))</option>"#
        }.joined()
        let computedAge = details.age == nil ? details.age(on: now).map(String.init) : nil
        let photo = photoField(contact: contact, editing: editing, strings: strings)
        let errorHTML = error.map { #"<p class="form-error" role="alert" id="form-error">\#(HTML.escape($0))</p>"# } ?? ""
        let deleteForm = contact.map { Self.deleteForm($0, context: context) } ?? ""

        let main = """
            <form id="contact-form" class="contact-form" method="post" action="\(HTML.escape(action))" enctype="multipart/form-data" data-mode="\(contact == nil ? "new" : editing ? "edit" : "view")"\(error == nil ? "" : " data-unsaved") novalidate>
            \(context.csrfField)\(contact.map(versionFields) ?? "")
            \(photo)
            \(errorHTML)
            <div class="field-group">
            \(field(strings.name, required: contact == nil, id: "name", input: #"<input id="name" name="name" autocomplete="off" maxlength="200" value="\#(HTML.escape(details.name))"\#(contact == nil ? " required autofocus" : "")\#(readOnly)>"#))
            \(phoneFields)
            </div>
            <div class="field-group">
            \(field(strings.sex, id: "sex", empty: details.sex == .notSet, input: #"<select id="sex" name="sex"\#(editing ? "" : " disabled")>\#(sexOptions)</select>"#))
            \(field(strings.age, id: "age", empty: details.age == nil && computedAge == nil, input: #"<input id="age" name="age" type="number" inputmode="numeric" min="0" max="150" value="\#(details.age.map(String.init) ?? "")" placeholder="\#(computedAge ?? "")"\#(readOnly)>"#))
            \(field(strings.birthday, id: "birthday", empty: details.birthday?.year == nil, input: #"<input id="birthday" name="birthday" type="date" value="\#(details.birthday?.year == nil ? "" : details.birthday!.description)"\#(readOnly)>"#))
            \(contact == nil ? "" : turningSummary(details, now: now, strings: strings))
            \(lunarField(details, contact: contact, editing: editing, now: now, strings: strings))
            \(field(strings.address, id: "address", empty: details.addresses.isEmpty, input: #"<input id="address" name="address" autocomplete="off" maxlength="2000" value="\#(HTML.escape(details.addresses.first?.singleLine ?? ""))"\#(readOnly)>"#))
            \(emailFields)
            \(field(strings.note, id: "note", empty: details.note.isEmpty, input: #"<textarea id="note" name="note" rows="3" maxlength="10000"\#(readOnly)>\#(HTML.escape(details.note))</textarea>"#))
            </div>
            </form>
            \(editing && contact == nil ? "" : deleteForm)
            """
        let discard = """
            <dialog class="alert" id="discard-dialog" aria-labelledby="discard-title"><h2 id="discard-title">\(HTML.escape(strings.discardQuestion))</h2>
            <div class="alert-buttons"><button type="button" class="destructive" id="discard-button">\(HTML.escape(strings.discard))</button><button type="button" id="keep-editing-button">\(HTML.escape(strings.keepEditing))</button></div></dialog>
            """
        return Layout.page(title: title, bodyClass: "contact-page two-pane", bar: bar, main: main, extra: discard, aside: pane,
                           context: context)
    }

    /// Move or copy the contact to another of the user's books: a menu of them and two buttons;
    /// nothing when the user has one book. (A move gives the contact a new id: the answer goes to it.)
    static func moveForm(_ contact: Contact, to books: [AddressBook], context: WebContext) -> String {
        guard !books.isEmpty else { return "" }
        let strings = context.strings
        let options = books.map { #"<option value="\#(HTML.escape($0.name))">\#(HTML.escape($0.displayName))</option>"# }.joined()
        return """
            <form class="move-contact" method="post" action="/contacts/\(contact.id)/move">\(context.csrfField)
            <div class="field-group"><div class="field"><label class="field-label" for="move-to">\(HTML.escape(strings.otherBook))</label><select id="move-to" name="to">\(options)</select></div></div>
            <div class="move-buttons"><button type="submit" class="wide" name="operation" value="move">\(HTML.escape(strings.moveToBook))</button><button type="submit" class="wide" name="operation" value="copy">\(HTML.escape(strings.copyToBook))</button></div></form>
            """
    }

    /// Delete: the contact goes to the trash (disabled in a read-only share).
    static func deleteForm(_ contact: Contact, context: WebContext) -> String {
        #"<form class="delete-contact" method="post" action="/contacts/\#(contact.id)/delete">\#(context.csrfField)<button type="submit" class="destructive wide" id="delete-contact"\#(context.canWriteContacts ? "" : " disabled")>\#(HTML.escape(context.strings.deleteContact))</button></form>"#
    }

    /// A labelled field; an `empty` one is marked so that viewing hides it, as the phone's
    /// Contacts app shows only the fields a contact has (editing shows them all).
    private static func field(_ label: String, required: Bool = false, id: String, empty: Bool = false, input: String) -> String {
        #"<div class="field\#(empty ? " empty" : "")"><label class="field-label" for="\#(id)">\#(HTML.escape(label))\#(required ? requiredMark : "")</label>\#(input)</div>"#
    }

    /// What a save names of the version the form was filled from: its revision, and its fields
    /// for merging with a change made in between (`FormField.merge`).
    private static func versionFields(_ contact: Contact) -> String {
        #"<input type="hidden" name="revision" value="\#(contact.revision)">"#
            + #"<input type="hidden" name="base" value="\#(HTML.escape(FormField.snapshot(contact.details)))">"#
    }

    /// The lunar birthday: month and day selects and a leap checkbox (plain form fields, so the
    /// form works without the script), and for a stored contact the date in Chinese style with
    /// the Gregorian day it next falls on.
    private static func lunarField(_ details: ContactDetails, contact: Contact?, editing: Bool, now: Date,
                                   strings: any Catalogue) -> String {
        let lunar = details.lunarBirthday
        let disabled = editing ? "" : " disabled"
        let months = (1...12).map { month in
            #"<option value="\#(month)"\#(lunar?.month == month ? " selected" : "")>\#(HTML.escape(strings.lunarMonthName(month)))</option>"#
        }.joined()
        let days = (1...30).map { day in
            #"<option value="\#(day)"\#(lunar?.day == day ? " selected" : "")>\#(HTML.escape(strings.lunarDayName(day)))</option>"#
        }.joined()
        let label = HTML.escape(strings.lunarBirthday)
        var html = """
            <div class="field lunar-field\(lunar == nil ? " empty" : "")"><label class="field-label" for="lunar-month">\(label)</label>
            <select id="lunar-month" name="lunar_month" aria-label="\(label) · \(HTML.escape(strings.lunarMonth))"\(disabled)><option value=""\(lunar == nil ? " selected" : "")>\(HTML.escape(strings.lunarMonth))</option>\(months)</select>
            <select id="lunar-day" name="lunar_day" aria-label="\(label) · \(HTML.escape(strings.lunarDay))"\(disabled)><option value=""\(lunar == nil ? " selected" : "")>\(HTML.escape(strings.lunarDay))</option>\(days)</select>
            <label class="lunar-leap"><input type="checkbox" id="lunar-leap" name="lunar_leap" value="on"\(lunar?.isLeapMonth == true ? " checked" : "")\(disabled)> \(HTML.escape(strings.leapMonth))</label></div>
            """
        if contact != nil, let lunar {
            let summary = strings.lunarBirthdaySummary(lunar, next: lunar.nextOccurrence(onOrAfter: now))
            html += #"<div class="field lunar-summary"><span class="field-label" aria-hidden="true"></span><span id="lunar-birthday-summary">\#(HTML.escape(summary))</span></div>"#
        }
        return html
    }

    /// The age a stored contact turns on their next birthday whose year of birth is known
    /// ("Turns 36 on Sep 25"); nothing when there is none.
    private static func turningSummary(_ details: ContactDetails, now: Date, strings: any Catalogue) -> String {
        let today = CalendarDate(now)
        guard let next = details.birthdays(from: today, days: 366).first(where: { $0.turning != nil }), let age = next.turning else { return "" }
        return #"<div class="field birthday-summary"><span class="field-label" aria-hidden="true"></span><span id="birthday-summary">\#(HTML.escape(strings.turns(age, on: next.date, today: today)))</span></div>"#
    }

    /// The visible " *" of a required field; left out of the accessible name (the input says `required`).
    private static let requiredMark = #"<span class="required-mark" aria-hidden="true"> *</span>"#

    private static func photoField(contact: Contact?, editing: Bool, strings: any Catalogue) -> String {
        let avatar = contact.map { Avatar.render($0, large: true) } ?? #"<span class="avatar avatar-large avatar-empty" aria-hidden="true"></span>"#
        // While viewing, "Remove photo" is rendered hidden and disabled, for the script's in-place editing.
        let remove = contact?.hasPhoto == true
            ? #"<label class="remove-photo"\#(editing ? "" : " hidden")><input type="checkbox" id="remove-photo" name="remove_photo" value="on"\#(editing ? "" : " disabled")> \#(HTML.escape(strings.removePhoto))</label>"# : ""
        // Texts for the script's square crop view and its client-side check of the chosen file.
        let scriptTexts = [
            ("data-unsupported", strings.message(for: ContactValidationError.unsupportedImage)),
            ("data-crop-title", strings.cropTitle),
            ("data-zoom", strings.zoom),
            ("data-cancel", strings.cancel),
            ("data-choose", strings.done),
        ].map { #" \#($0.0)="\#(HTML.escape($0.1))""# }.joined()
        return """
            <div class="photo-field"><label for="photo" class="photo-label">\(avatar)<span class="photo-caption">\(HTML.escape(strings.photo))</span></label>
            <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-label="\(HTML.escape(strings.photo))"\(scriptTexts)\(editing ? "" : " disabled")>\(remove)</div>
            """
    }
}
