import ContactsCore
import Foundation
import Wording

/// The contact form of the add and edit screens: the name and its parts,
/// the company, a row per phone, email, address and the other repeated entries, each with its
/// label picker and remove control, and an "add …" button per kind.
///
/// Without the script every kind shows one empty row more (left empty, it is ignored); with it
/// (contact-rows.js) the add buttons copy the kind's template row and remove buttons take rows away.
enum ContactFormView {
    /// - Parameters:
    ///   - action: where the form posts.
    static func render(contact: Contact?, details: ContactDetails, action: String, error: String?,
                       now: Date, context: WebContext) -> String {
        let strings = context.strings
        let sexOptions = [Sex.notSet, .male, .female, .other].map { sex in
            #"<option value="\#(sex.rawValue)"\#(sex == details.sex ? " selected" : "")>\#(HTML.escape(strings.sexName(sex)))</option>"#
        }.joined()
        let computedAge = details.age == nil ? details.age(on: now).map(String.init) : nil
        let photo = photoField(contact: contact, strings: strings)
        let errorHTML = error.map { #"<p class="form-error" role="alert" id="form-error">\#(HTML.escape($0))</p>"# } ?? ""
        let text = { (label: String, id: String, name: String, value: String) in
            field(label, id: id,
                  input: #"<input id="\#(id)" name="\#(name)" autocomplete="off" maxlength="200" value="\#(HTML.escape(value))">"#)
        }
        let kinds = { (kinds: [FormEntryKind]) in
            kinds.map { entryGroup($0, details: details, strings: strings) }.joined(separator: "\n")
        }
        return """
            <form id="contact-form" class="contact-form" method="post" action="\(HTML.escape(action))" enctype="multipart/form-data" data-mode="\(contact == nil ? "new" : "edit")"\(error == nil ? "" : " data-unsaved") novalidate>
            \(context.csrfField)\(contact.map(versionFields) ?? "")
            \(photo)
            \(errorHTML)
            <div class="field-group">
            \(field(strings.name, id: "name", input: #"<input id="name" name="name" autocomplete="off" maxlength="200" value="\#(HTML.escape(details.name))"\#(contact == nil ? " autofocus" : "")>"#))
            \(nameParts(details, strings: strings))
            \(text(strings.nickname, "nickname", "nickname", details.nickname))
            </div>
            <div class="field-group">
            \(text(strings.organization, "organization", "organization", details.organization))
            \(text(strings.department, "department", "department", details.department))
            \(text(strings.jobTitle, "job-title", "job_title", details.jobTitle))
            <label class="switch"><span>\(HTML.escape(strings.companyContact))</span><input id="is-company" name="is_company" type="checkbox" role="switch" value="on"\(details.isCompany ? " checked" : "")></label>
            </div>
            \(kinds([.phones, .emails, .addresses, .urls, .instantMessages, .socialProfiles]))
            <div class="field-group">
            \(field(strings.sex, id: "sex", input: #"<select id="sex" name="sex">\#(sexOptions)</select>"#))
            \(ageField(details, computedAge: computedAge, strings: strings))
            \(birthdayField(details, strings: strings))
            \(contact == nil ? "" : turningSummary(details, now: now, strings: strings))
            \(lunarField(details, contact: contact, now: now, strings: strings))
            </div>
            \(kinds([.dates, .relatedNames]))
            <div class="field-group">
            \(field(strings.note, id: "note", input: #"<textarea id="note" name="note" rows="3" maxlength="10000">\#(HTML.escape(details.note))</textarea>"#))
            </div>
            </form>
            """
    }

    /// A labelled field.
    private static func field(_ label: String, id: String, input: String) -> String {
        #"<div class="field"><label class="field-label" for="\#(id)">\#(HTML.escape(label))</label>\#(input)</div>"#
    }

    /// The name's parts and its phonetic parts, behind a "more name fields" toggle (a details
    /// element: no script needed). Empty parts show those the name splits into; `name_shown`
    /// says what was shown, so a save can tell what the person changed (`ContactForm`).
    private static func nameParts(_ details: ContactDetails, strings: any Catalogue) -> String {
        let shown = ContactForm.nameShown(details)
        let phonetic = details.phoneticName
        let inputs = [
            (strings.namePrefix, "name_prefix", shown[1]), (strings.givenName, "name_given", shown[2]),
            (strings.middleName, "name_middle", shown[3]), (strings.familyName, "name_family", shown[4]),
            (strings.nameSuffix, "name_suffix", shown[5]),
            (strings.phoneticGivenName, "phonetic_given", phonetic.given),
            (strings.phoneticMiddleName, "phonetic_middle", phonetic.middle),
            (strings.phoneticFamilyName, "phonetic_family", phonetic.family),
        ].map { label, name, value in
            let id = name.replacingOccurrences(of: "_", with: "-")
            return field(label, id: id,
                         input: #"<input id="\#(id)" name="\#(name)" autocomplete="off" maxlength="200" value="\#(HTML.escape(value))">"#)
        }.joined()
        let json = (try? JSONSerialization.data(withJSONObject: shown)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let open = !details.phoneticName.isEmpty
        return """
            <details class="name-parts"\(open ? " open" : "")><summary class="field">\(HTML.escape(strings.moreNameFields))</summary>\
            <input type="hidden" name="name_shown" value="\(HTML.escape(json))">\(inputs)</details>
            """
    }

    /// A kind's rows in a group of their own: the entries, one empty spare row, the add button
    /// (shown by the script) and the template row it copies.
    private static func entryGroup(_ kind: FormEntryKind, details: ContactDetails,
                                   strings: any Catalogue) -> String {
        let rows = kind.rows(details)
        let spare = EntryRow(label: .initial(for: kind.labels), values: kind.inputs.flatMap(\.fieldNames).map { _ in "" })
        let html = (rows + [spare]).enumerated().map { index, row in
            entryRow(kind, row: row, index: index, spare: index == rows.count, strings: strings)
        }.joined()
        let template = entryRow(kind, row: spare, index: 0, spare: false, strings: strings)
        let suggestions = kind.inputs.filter { !$0.suggestions.isEmpty }.map { input in
            #"<datalist id="\#(input.name)-choices">"# + input.suggestions.map { #"<option value="\#(HTML.escape($0))">"# }.joined()
                + "</datalist>"
        }.joined()
        return """
            <div class="field-group entry-group" id="\(kind.id)-entries" data-kind="\(kind.id)">\(html)\
            <button type="button" class="add-entry" hidden>\(HTML.escape(kind.addTitle(strings)))</button>\
            <template>\(template)</template>\(suggestions)</div>
            """
    }

    /// One row: the label picker (the kind's standard labels, the row's custom label, "custom…"
    /// and the text box it uses), the inputs, and the remove button (shown by the script).
    /// Accessible names carry `{n}` where the row's number goes, for the script to number rows.
    private static func entryRow(_ kind: FormEntryKind, row: EntryRow, index: Int, spare: Bool,
                                 strings: any Catalogue) -> String {
        let title = kind.title(strings) + "{n}"
        let labels = (row.label.isCustom ? [row.label] : []) + ContactLabel.choices(for: kind.labels)
        let options = labels.map { label in
            #"<option value="\#(HTML.escape(label.rawValue))"\#(label == row.label ? " selected" : "")>\#(HTML.escape(strings.labelName(label)))</option>"#
        }.joined() + #"<option value="\#(FormEntryKind.customChoice)">\#(HTML.escape(strings.customLabel))</option>"#
        let inputs = kind.inputs(of: row).map { input, values in
            let caption = input.isMain ? title : input.caption(strings) + "{n}"
            if input.control == .date {
                return DatePartsView.render(DateParts(values), name: input.name, id: "\(input.name)-\(index)", caption: caption,
                                            named: { numbered($0, index) }, strings: strings)
            }
            let value = values.first ?? ""
            let common = #"id="\#(input.name)-\#(index)" name="\#(input.name)" \#(numbered(caption, index)) autocomplete="off" maxlength="\#(input.maxLength)""#
            switch input.control {
            case .textarea:
                return #"<textarea \#(common) rows="2" placeholder="\#(HTML.escape(input.caption(strings)))">\#(HTML.escape(value))</textarea>"#
            case .text, .tel, .email, .url, .date:
                let type = input.control == .text ? "text" : "\(input.control)"
                let list = input.suggestions.isEmpty ? "" : #" list="\#(input.name)-choices""#
                return #"<input \#(common) type="\#(type)"\#(list) value="\#(HTML.escape(value))" placeholder="\#(HTML.escape(input.caption(strings)))">"#
            }
        }.joined()
        return """
            <div class="field entry-row\(spare ? " spare" : "")">\
            <button type="button" class="remove-entry" \(numbered(strings.remove + " " + title, index)) hidden></button>\
            <span class="entry-label"><select name="\(kind.labelName)" \(numbered(title + " · " + strings.label, index))>\(options)</select>\
            <input class="custom-label" name="\(kind.customLabelName)" \(numbered(title + " · " + strings.customLabel, index)) maxlength="\(ContactLabel.maximumLength)" value=""></span>\
            <span class="entry-inputs">\(inputs)</span></div>
            """
    }

    /// The aria-label for a row's control, with the row's number in place of `{n}` ("Phone 2";
    /// none on the first row), and the caption itself for the script to number rows again.
    private static func numbered(_ caption: String, _ index: Int) -> String {
        let label = caption.replacingOccurrences(of: "{n}", with: index == 0 ? "" : " \(index + 1)")
        return #"aria-label="\#(HTML.escape(label))" data-caption="\#(HTML.escape(caption))""#
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
    private static func lunarField(_ details: ContactDetails, contact: Contact?, now: Date,
                                   strings: any Catalogue) -> String {
        let lunar = details.lunarBirthday
        let months = (1...12).map { month in
            #"<option value="\#(month)"\#(lunar?.month == month ? " selected" : "")>\#(HTML.escape(strings.lunarMonthName(month)))</option>"#
        }.joined()
        let days = (1...30).map { day in
            #"<option value="\#(day)"\#(lunar?.day == day ? " selected" : "")>\#(HTML.escape(strings.lunarDayName(day)))</option>"#
        }.joined()
        let label = HTML.escape(strings.lunarBirthday)
        var html = """
            <div class="field lunar-field"><label class="field-label" for="lunar-month">\(label)</label>
            <select id="lunar-month" name="lunar_month" aria-label="\(label) · \(HTML.escape(strings.lunarMonth))"><option value=""\(lunar == nil ? " selected" : "")>\(HTML.escape(strings.lunarMonth))</option>\(months)</select>
            <select id="lunar-day" name="lunar_day" aria-label="\(label) · \(HTML.escape(strings.lunarDay))"><option value=""\(lunar == nil ? " selected" : "")>\(HTML.escape(strings.lunarDay))</option>\(days)</select>
            <label class="lunar-leap"><input type="checkbox" id="lunar-leap" name="lunar_leap" value="on"\(lunar?.isLeapMonth == true ? " checked" : "")> \(HTML.escape(strings.leapMonth))</label></div>
            """
        if contact != nil, let lunar {
            let summary = strings.lunarBirthdaySummary(lunar, next: lunar.nextOccurrence(onOrAfter: now))
            html += #"<div class="field lunar-summary"><span class="field-label" aria-hidden="true"></span><span id="lunar-birthday-summary">\#(HTML.escape(summary))</span></div>"#
        }
        return html
    }

    /// The age: the one stored, or as a placeholder the one the birthday gives, with a hint (shown
    /// while a birthday is set; contact-form.js follows the birthday's parts) that the birthday
    /// gives the age.
    private static func ageField(_ details: ContactDetails, computedAge: String?, strings: any Catalogue) -> String {
        let hidden = details.birthday == nil ? " hidden" : ""
        return """
            <div class="field age-field"><label class="field-label" for="age">\(HTML.escape(strings.age))</label>\
            <span class="age-input"><input id="age" name="age" type="number" inputmode="numeric" min="0" max="150" \
            value="\(details.age.map(String.init) ?? "")" placeholder="\(computedAge ?? "")" aria-describedby="age-hint">\
            <span class="field-hint" id="age-hint"\(hidden)>\(HTML.escape(strings.ageFromBirthday))</span></span></div>
            """
    }

    /// The birthday in its parts (`DatePartsView`), the label naming the group.
    private static func birthdayField(_ details: ContactDetails, strings: any Catalogue) -> String {
        let label = HTML.escape(strings.birthday)
        let parts = DatePartsView.render(DateParts(details.birthday), name: "birthday", id: "birthday", caption: strings.birthday,
                                         named: { #"aria-label="\#(HTML.escape($0))""# }, strings: strings)
        return #"<div class="field date-field"><label class="field-label" for="birthday-\#(strings.datePartOrder[0])">\#(label)</label>\#(parts)</div>"#
    }

    /// The age a stored contact turns on their next birthday whose year of birth is known
    /// ("Turns 36 on Sep 25"); nothing when there is none.
    private static func turningSummary(_ details: ContactDetails, now: Date, strings: any Catalogue) -> String {
        let today = CalendarDate(now)
        guard let next = details.birthdays(from: today, days: 366).first(where: { $0.turning != nil }), let age = next.turning else { return "" }
        return #"<div class="field birthday-summary"><span class="field-label" aria-hidden="true"></span><span id="birthday-summary">\#(HTML.escape(strings.turns(age, on: next.date, today: today)))</span></div>"#
    }

    /// The photo: the avatar as a label of the file input, and "Remove photo" for a stored one.
    private static func photoField(contact: Contact?, strings: any Catalogue) -> String {
        let avatar = contact.map { Avatar.render($0, large: true) } ?? #"<span class="avatar avatar-large avatar-empty" aria-hidden="true"></span>"#
        let remove = contact?.hasPhoto == true
            ? #"<label class="remove-photo"><input type="checkbox" id="remove-photo" name="remove_photo" value="on"> \#(HTML.escape(strings.removePhoto))</label>"# : ""
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
            <input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-label="\(HTML.escape(strings.photo))"\(scriptTexts)>\(remove)</div>
            """
    }

}
