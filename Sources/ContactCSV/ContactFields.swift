import ContactsCore

/// What the CSV formats hold of a contact: the meeting point of their columns and a vCard's
/// properties, so that each format maps its columns once, in both directions.
struct ContactFields: Equatable {
    /// A value with the label a CSV gives it: one of `ContactLabel`'s known ones (lower case) or a
    /// person's own word as typed; empty when the value has none.
    struct Labelled<Value: Equatable>: Equatable {
        var label: String
        var value: Value
    }

    /// A postal address in ADR's components (RFC 6350 §6.3.1).
    struct Address: Equatable {
        var poBox = "", extended = "", street = "", city = "", region = "", postalCode = "", country = ""

        var isEmpty: Bool { components.allSatisfy(\.isEmpty) }

        /// In ADR's order: PO box, extended address, street, locality, region, postal code, country.
        var components: [String] { [poBox, extended, street, city, region, postalCode, country] }

        /// The address as lines (street, city with region and postal code, country), for a
        /// "Formatted" column.
        var formatted: String {
            let town = [city, region, postalCode].filter { !$0.isEmpty }.joined(separator: " ")
            return [poBox, street, extended, town, country].filter { !$0.isEmpty }.joined(separator: "\n")
        }
    }

    var fullName = ""
    var family = "", given = "", additional = "", prefix = "", suffix = ""
    var phoneticFamily = "", phoneticGiven = "", phoneticAdditional = ""
    var nickname = ""
    var organization = "", department = "", title = ""
    var birthday: CSVDate?
    /// "Male", "Female" or another word, as X-GENDER holds it.
    var gender = ""
    var note = ""
    var categories: [String] = []
    var emails: [Labelled<String>] = []
    var phones: [Labelled<String>] = []
    var addresses: [Labelled<Address>] = []
    var websites: [Labelled<String>] = []
    /// Instant-messaging handles, in the model's form (the card's IMPP and its kin).
    var instantMessages: [ServiceHandle] = []
    /// Anniversaries and other labelled dates.
    var events: [LabelledDate] = []
    /// Related people by name: spouse, manager, assistant…
    var relations: [RelatedName] = []
    /// Google's custom fields: a value under a name a person chose (kept in the card as `X-CUSTOM`).
    var customFields: [Labelled<String>] = []

    /// The given name a row gets: N's, or the full name when N names nobody and the full name
    /// is not just the organisation's (formats without a full-name column would lose it).
    var givenOrFullName: String {
        given.isEmpty && family.isEmpty && fullName != organization ? fullName : given
    }
}

/// The labels CSV formats share with vCard's TYPE parameter; any other label is a person's own,
/// kept in Apple's X-ABLABEL.
enum ContactLabel {
    static let home = "home", work = "work", other = "other", mobile = "mobile"
    static let homeFax = "home fax", workFax = "work fax", otherFax = "other fax", pager = "pager"

    /// The TYPE values of each known label.
    static let types: [String: [String]] = [
        home: ["HOME"], work: ["WORK"], other: ["OTHER"], mobile: ["CELL"],
        homeFax: ["HOME", "FAX"], workFax: ["WORK", "FAX"], otherFax: ["FAX"], pager: ["PAGER"],
    ]

    /// A label as a CSV cell gives it ("* Home", "Mobile", "Band"): a known one in lower case,
    /// any other trimmed; Google's leading "* " (the preferred value) is dropped.
    static func normalized(_ text: String) -> String {
        var label = text.trimmed
        if label.hasPrefix("* ") { label = String(label.dropFirst(2)).trimmed }
        let lower = label.lowercased()
        return types[lower] != nil ? lower : label
    }

    /// How Google writes a label: "Home Fax" for a known one, others as they are.
    static func display(_ label: String) -> String {
        types[label] != nil ? label.split(separator: " ").map(\.capitalized).joined(separator: " ") : label
    }

    /// The label that TYPE values (lower case, as `VCardProperty.types` gives them) stand for; empty for none.
    static func label(forTypes types: [String]) -> String {
        let set = Set(types)
        if set.contains("fax") { return set.contains("home") ? homeFax : set.contains("work") ? workFax : otherFax }
        for (type, label) in [("cell", mobile), ("pager", pager), ("home", home), ("work", work), ("other", other)]
        where set.contains(type) {
            return label
        }
        return ""
    }
}

extension ContactsCore.ContactLabel {
    /// The label as a CSV cell writes it: the English word of a standard label (`Anniversary`,
    /// `Spouse`), the text of a custom one; read back by `ContactLabel(_:)`.
    var csvWord: String { isCustom ? rawValue : appleWord }
}

extension CSVDate {
    /// The date the model holds.
    var calendarDate: CalendarDate { CalendarDate(year: year, month: month, day: day) }

    /// A date of the model, as the CSV formats write dates.
    init(_ date: CalendarDate) {
        (year, month, day) = (date.year, date.month, date.day)
    }
}
