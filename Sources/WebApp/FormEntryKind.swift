import ContactsCore
import Wording

/// One row of a repeated kind of entry on the contact form: its label and its inputs' values, in
/// the order of the kind's `inputs` (a date input has three: `EntryInput.fieldNames`).
struct EntryRow: Equatable {
    var label: ContactLabel
    var values: [String]

    /// Whether every input of the row is empty: a spare row, ignored on save.
    var isEmpty: Bool { values.allSatisfy { $0.trimmed.isEmpty } }
}

/// One input of an entry row: its form field name and how it is shown.
struct EntryInput {
    enum Control { case text, tel, email, url, date, textarea }

    let name: String
    let control: Control
    let maxLength: Int
    /// What the input is called: its placeholder, and its accessible name (with the row's number)
    /// unless it is the row's main input, which is named after the kind ("Phone 2", "Address").
    let caption: (any Catalogue) -> String
    var isMain = false
    /// Values a browser offers while typing (a datalist): the known services.
    var suggestions: [String] = []

    /// The form fields the input posts: its name, or a date's three parts (`DateParts`).
    var fieldNames: [String] { control == .date ? DateParts.fieldNames(name) : [name] }

    /// The input's values (one per field name) as a page shows them.
    func shown(_ values: [String], strings: any Catalogue) -> String {
        control == .date ? DateParts(values).shown(strings) : values.joined(separator: " ")
    }
}

/// A kind of entry the contact form repeats (phones, emails, addresses, websites, handles, social
/// profiles, dates, related names): a row per entry with a label picker, the inputs, and a remove
/// control; rows are read back by index (every row posts all its inputs, even empty ones).
struct FormEntryKind {
    /// The prefix of the kind's field names: `phone` gives `phone_label` and `phone_label_custom`.
    let id: String
    /// Whose standard labels the picker offers.
    let labels: LabelledField
    let inputs: [EntryInput]
    /// The kind's name ("Phone") and its add button ("add phone").
    let title: (any Catalogue) -> String
    let addTitle: (any Catalogue) -> String
    /// The rows of a version of the contact.
    let rows: (ContactDetails) -> [EntryRow]
    /// Replaces the kind's entries of the details with the rows' (empty rows left out).
    let apply: ([EntryRow], inout ContactDetails) throws(ContactValidationError) -> Void
    /// Sets the kind's entries of the second version to the first's.
    let copy: (ContactDetails, inout ContactDetails) -> Void

    /// The field name of the row's label picker, and of the text typed for a custom label.
    var labelName: String { id + "_label" }
    var customLabelName: String { id + "_label_custom" }

    /// The label picker's value that says the label is the typed text.
    static let customChoice = "custom"

    private init<Entry>(_ id: String, _ entries: WritableKeyPath<ContactDetails, [Entry]>, labels: LabelledField,
                        inputs: [EntryInput], title: @escaping (any Catalogue) -> String,
                        addTitle: @escaping (any Catalogue) -> String, row: @escaping (Entry) -> EntryRow,
                        entry: @escaping (EntryRow, [Entry]) throws(ContactValidationError) -> Entry) {
        self.id = id
        self.labels = labels
        self.inputs = inputs
        self.title = title
        self.addTitle = addTitle
        rows = { $0[keyPath: entries].map(row) }
        apply = { (rows, details) throws(ContactValidationError) in
            let old = details[keyPath: entries]
            var new: [Entry] = []
            for row in rows where !row.isEmpty { new.append(try entry(row, old)) }
            details[keyPath: entries] = new
        }
        copy = { source, target in target[keyPath: entries] = source[keyPath: entries] }
    }

    /// The kinds, in the form's order.
    static var all: [FormEntryKind] { [phones, emails, addresses, urls, instantMessages, socialProfiles, dates, relatedNames] }

    static var phones: FormEntryKind {
        single("phone", \.phones, labels: .phone, control: .tel, maxLength: 100, title: \.phone, addTitle: \.addPhone,
               value: \.number, make: PhoneNumber.init)
    }

    static var emails: FormEntryKind {
        single("email", \.emails, labels: .email, control: .email, maxLength: 254, title: \.email, addTitle: \.addEmail,
               value: \.address, make: EmailAddress.init)
    }

    /// Addresses in their parts; an address whose parts are unchanged keeps its country code.
    static var addresses: FormEntryKind {
        FormEntryKind(
            "address", \.addresses, labels: .address,
            inputs: [EntryInput(name: "address_street", control: .textarea, maxLength: 1000, caption: \.street, isMain: true),
                     EntryInput(name: "address_city", control: .text, maxLength: 200, caption: \.city),
                     EntryInput(name: "address_region", control: .text, maxLength: 200, caption: \.region),
                     EntryInput(name: "address_postcode", control: .text, maxLength: 50, caption: \.postcode),
                     EntryInput(name: "address_country", control: .text, maxLength: 200, caption: \.country)],
            title: \.address, addTitle: \.addAddress, row: { EntryRow(label: $0.label, values: $0.parts) },
            entry: { row, old in
                let v = row.values
                var address = PostalAddress(label: row.label, street: v[0].replacingOccurrences(of: "\r\n", with: "\n"),
                                            city: v[1], region: v[2], postcode: v[3], country: v[4])
                address.countryCode = old.first { $0.parts == address.parts }?.countryCode ?? ""
                return address
            })
    }

    static var urls: FormEntryKind {
        single("url", \.urls, labels: .url, control: .url, maxLength: 2000, title: \.website, addTitle: \.addWebsite,
               value: \.url, make: Website.init)
    }

    static var instantMessages: FormEntryKind {
        handles("im", \.instantMessages, title: \.instantMessage, addTitle: \.addInstantMessage)
    }

    static var socialProfiles: FormEntryKind {
        handles("social", \.socialProfiles, title: \.socialProfile, addTitle: \.addSocialProfile)
    }

    /// Dates in their parts (`DateParts`), with or without a year.
    static var dates: FormEntryKind {
        FormEntryKind(
            "date", \.dates, labels: .date, inputs: [EntryInput(name: "date", control: .date, maxLength: 4, caption: \.date, isMain: true)],
            title: \.date, addTitle: \.addDate, row: { EntryRow(label: $0.label, values: DateParts($0.date).values) },
            entry: { (row, _) throws(ContactValidationError) in
                LabelledDate(try DateParts(row.values).date(or: ContactValidationError.invalidDate), label: row.label)
            })
    }

    static var relatedNames: FormEntryKind {
        single("related", \.relatedNames, labels: .relatedName, control: .text, maxLength: 200, title: \.relatedName,
               addTitle: \.addRelatedName, value: \.name, make: RelatedName.init)
    }

    /// A kind of one input, named after the kind: phones, emails, websites, related names.
    private static func single<Entry>(_ id: String, _ entries: WritableKeyPath<ContactDetails, [Entry]>, labels: LabelledField,
                                      control: EntryInput.Control, maxLength: Int, title: @escaping (any Catalogue) -> String,
                                      addTitle: @escaping (any Catalogue) -> String, value: KeyPath<Entry, String>,
                                      make: @escaping (String, ContactLabel) -> Entry) -> FormEntryKind
        where Entry: LabelledEntry {
        FormEntryKind(
            id, entries, labels: labels,
            inputs: [EntryInput(name: id, control: control, maxLength: maxLength, caption: title, isMain: true)],
            title: title, addTitle: addTitle, row: { EntryRow(label: $0.label, values: [$0[keyPath: value]]) },
            entry: { row, _ in make(row.values[0], row.label) })
    }

    /// Instant-messaging handles or social profiles: the service and the handle.
    private static func handles(_ id: String, _ entries: WritableKeyPath<ContactDetails, [ServiceHandle]>,
                                title: @escaping (any Catalogue) -> String,
                                addTitle: @escaping (any Catalogue) -> String) -> FormEntryKind {
        FormEntryKind(
            id, entries, labels: .instantMessage,
            inputs: [EntryInput(name: id + "_service", control: .text, maxLength: 100, caption: \.service,
                                suggestions: id == "im" ? ServiceHandle.messagingServices : ServiceHandle.socialServices),
                     EntryInput(name: id + "_handle", control: .text, maxLength: 500, caption: title, isMain: true)],
            title: title, addTitle: addTitle, row: { EntryRow(label: $0.label, values: [$0.service, $0.handle]) },
            entry: { row, _ in
                ServiceHandle(service: ServiceHandle.serviceName(row.values[0]), handle: row.values[1], label: row.label)
            })
    }

    /// The kind's entries as text that does not depend on the language: a line per entry, its
    /// label and its values; for comparing versions (`FormField`).
    func text(_ details: ContactDetails) -> String {
        rows(details).map { ([$0.label.rawValue] + $0.values).joined(separator: "\t") }.joined(separator: "\n")
    }

    /// The kind's entries as the page shows them: "138 0013 8000 (mobile), …".
    func shown(_ details: ContactDetails, strings: any Catalogue) -> String {
        rows(details).map { shown($0, strings: strings) }.joined(separator: ", ")
    }

    /// One entry as the page shows it: "138 0013 8000 (mobile)".
    func shown(_ row: EntryRow, strings: any Catalogue) -> String {
        inputs(of: row).map { $0.input.shown($0.values, strings: strings) }.filter { !$0.isEmpty }
            .joined(separator: " ") + " (\(strings.labelName(row.label)))"
    }

    /// Each input of the kind with its values of the row (`EntryInput.fieldNames`).
    func inputs(of row: EntryRow) -> [(input: EntryInput, values: [String])] {
        var rest = row.values[...]
        return inputs.map { input in
            let count = input.fieldNames.count
            defer { rest = rest.dropFirst(count) }
            return (input, Array(rest.prefix(count)))
        }
    }
}

/// An entry with a label, as every kind of the form's rows has.
protocol LabelledEntry { var label: ContactLabel { get } }

extension PhoneNumber: LabelledEntry {}
extension EmailAddress: LabelledEntry {}
extension Website: LabelledEntry {}
extension RelatedName: LabelledEntry {}
