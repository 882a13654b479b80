import Foundation
import VCard

/// What the model takes from a card's properties, and which properties each value came from.
///
/// Import uses the values; export reads the stored original properties again and compares, so
/// that a field a person has not changed is written back exactly as it arrived (groups, labels,
/// parameters and all), and a changed one is written afresh.
struct CardReading {
    var name = ""
    /// FN, N and the phonetic properties: everything that describes the name.
    var nameSources: [Int] = []
    var phones: [(phone: PhoneNumber, source: Int)] = []
    var emails: [(email: String, source: Int)] = []
    var address = ""
    var addressSource: Int?
    var sex = Sex.notSet
    var sexSources: [Int] = []
    var birthday: CalendarDate?
    var birthdaySources: [Int] = []
    var age: Int?
    var ageSources: [Int] = []
    var note = ""
    var noteSource: Int?
    var photo: Photo?
    var photoSource: Int?
    var uid: String?
    var uidSources: [Int] = []

    /// Birthdays in earlier years are taken for placeholders (Apple's 1604 without its
    /// X-APPLE-OMIT-YEAR, the 1900-01-01 of some exports is kept).
    static let earliestBirthYear = 1900
    /// The property that carries an age, which vCard has no property for.
    static let ageProperty = "X-PERSONALCONTACTS-AGE"
    /// Apple's marker for a birthday without a year (the year written is a placeholder).
    /// Without the marker, 1604 (the first leap year of the Gregorian calendar, which Apple and
    /// CardBook write) is taken for the placeholder.
    static let placeholderYear = 1604
    static let omitYearParameter = "X-APPLE-OMIT-YEAR"
    /// FN, N and the phonetic properties of the name.
    static let nameProperties: Set = ["FN", "N", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME", "SORT-STRING"]

    /// Reads the values. A value the model cannot hold (an email without @, a birthday before
    /// `earliestBirthYear`, a note over the limit) is left out, so its property stays among the
    /// extras. The reading depends on the properties alone, never on the date it is made, so
    /// that export reads stored properties exactly as import did.
    init(_ properties: [VCardProperty]) {
        typealias Limits = ContactDetails.Limits
        for (index, property) in properties.enumerated() {
            switch property.name {
            case _ where Self.nameProperties.contains(property.name):
                nameSources.append(index)
            case "TEL":
                if phones.count < Limits.entries, let number = Self.readablePhone(property) {
                    phones.append((PhoneNumber(number, label: Self.phoneLabel(property, among: properties)), index))
                }
            case "EMAIL":
                var email = property.textValue.trimmed
                if email.lowercased().hasPrefix("mailto:") { email.removeFirst(7) }
                if emails.count < Limits.entries, ContactDetails.isValidEmail(email) { emails.append((email, index)) }
            case "ADR" where addressSource == nil:
                let text = Self.address(property)
                if !text.isEmpty, text.count <= Limits.textLength { (address, addressSource) = (text, index) }
            case "GENDER", "X-GENDER":
                sexSources.append(index)
                if sex == .notSet { sex = Self.sex(property) }
            case "BDAY":
                birthdaySources.append(index)
                if birthday == nil { birthday = Self.birthday(property) }
            case Self.ageProperty:
                ageSources.append(index)
                if age == nil { age = Int(property.textValue.trimmed).flatMap { (0...150).contains($0) ? $0 : nil } }
            case "NOTE" where noteSource == nil:
                let text = property.textValue.trimmed
                if !text.isEmpty, text.count <= Limits.noteLength { (note, noteSource) = (text, index) }
            case "PHOTO" where photoSource == nil:
                if let data = property.binaryValue, let image = try? Photo(data: Array(data)) { (photo, photoSource) = (image, index) }
            case "UID":
                uidSources.append(index)
                if uid == nil { uid = property.textValue.trimmed }
            default:
                break
            }
        }
        if birthday != nil { age = nil }
        name = [Self.spelledName(of: properties), Self.firstText(of: "ORG", in: properties),
                properties.first { $0.name == "NICKNAME" }?.listValue.first?.trimmed ?? "", emails.first?.email ?? "",
                phones.first?.phone.number ?? "", address, note.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""].first { !$0.isEmpty } ?? ""
    }

    /// The name FN gives, else the one N spells (see `CardName`); empty when neither does.
    static func spelledName(of properties: [VCardProperty]) -> String {
        if let formatted = properties.first(where: { $0.name == "FN" })?.textValue.trimmed, !formatted.isEmpty { return formatted }
        return properties.first { $0.name == "N" }.map { CardName.name(fromComponents: $0.structuredValue) } ?? ""
    }

    /// The reading a phone files the name by: Apple's X-PHONETIC-LAST-NAME and
    /// X-PHONETIC-FIRST-NAME, else the SORT-AS of N (RFC 6350 §5.9), else vCard 3.0's
    /// SORT-STRING (RFC 2426 §3.6.5); nil when the card gives none.
    static func phoneticReading(of properties: [VCardProperty]) -> String? {
        func text(_ name: String) -> String { properties.first { $0.name == name }?.textValue.trimmed ?? "" }
        let phonetic = [text("X-PHONETIC-LAST-NAME"), text("X-PHONETIC-FIRST-NAME")].filter { !$0.isEmpty }
        if !phonetic.isEmpty { return phonetic.joined(separator: " ") }
        if let sortAs = properties.first(where: { $0.name == "N" })?.parameter(named: "SORT-AS")?.values,
           !sortAs.joined().trimmed.isEmpty {
            return sortAs.map(\.trimmed).joined(separator: " ")
        }
        let sortString = text("SORT-STRING")
        return sortString.isEmpty ? nil : sortString
    }

    private static func firstText(of name: String, in properties: [VCardProperty]) -> String {
        guard let property = properties.first(where: { $0.name == name }) else { return "" }
        return property.structuredValue.first?.joined(separator: " ").trimmed ?? ""
    }

    /// The number of a TEL property when a contact reads it as a phone: not for text without an
    /// ASCII digit or longer than 100 characters, which stays an unread line of the card.
    static func readablePhone(_ property: VCardProperty) -> String? {
        let number = phoneNumber(property)
        return number.count <= 100 && number.contains(where: { $0.isASCII && $0.isNumber }) ? number : nil
    }

    /// The number, without the `tel:` scheme of a vCard 4.0 URI value (RFC 6350 §6.4.1).
    private static func phoneNumber(_ property: VCardProperty) -> String {
        let text = property.textValue.trimmed
        return text.lowercased().hasPrefix("tel:") ? String(text.dropFirst(4)).trimmed : text
    }

    /// The label: Apple's X-ABLabel of the property's group when there is one, else its TYPEs.
    private static func phoneLabel(_ property: VCardProperty, among properties: [VCardProperty]) -> PhoneLabel {
        if let group = property.group,
           let label = properties.first(where: { $0.name == "X-ABLABEL" && $0.group?.caseInsensitiveCompare(group) == .orderedSame }) {
            switch label.textValue.lowercased() {
            case "_$!<mobile>!$_", "mobile", "iphone": return .mobile
            case "_$!<home>!$_", "home": return .home
            case "_$!<work>!$_", "work": return .work
            default: return .other
            }
        }
        let types = Set(property.types)
        if !types.isDisjoint(with: ["fax", "pager", "textphone"]) { return .other }
        if !types.isDisjoint(with: ["cell", "mobile", "iphone"]) { return .mobile }
        if types.contains("work") { return .work }
        if types.contains("home") { return .home }
        return .other
    }

    /// The address as one line: the LABEL parameter (RFC 6350 §6.3.1) when present, else the
    /// components from street to country joined by commas.
    private static func address(_ property: VCardProperty) -> String {
        if let label = property.parameter(named: "LABEL")?.values.joined(separator: ","), !label.trimmed.isEmpty {
            return label.split(whereSeparator: \.isNewline).map { $0.trimmed }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
        return property.structuredValue
            .map { $0.joined(separator: " ").split(whereSeparator: \.isNewline).map { $0.trimmed }.joined(separator: ", ") }
            .map(\.trimmed).filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// GENDER's sex component (RFC 6350 §6.2.7: M, F, O, N, U) or X-GENDER's word.
    private static func sex(_ property: VCardProperty) -> Sex {
        switch property.structuredValue.first?.first?.trimmed.lowercased() ?? "" {
        case "m", "male": .male
        case "f", "female": .female
        case "o", "other": .other
        default: .notSet
        }
    }

    /// A date-and-or-time (RFC 6350 §4.3.4) or ISO 8601 date reduced to its day: `19900517`,
    /// `1990-05-17`, `--0517`, `--05-17`, with any time part ignored. Apple writes a birthday
    /// without a year in the placeholder year its X-APPLE-OMIT-YEAR parameter names.
    private static func birthday(_ property: VCardProperty) -> CalendarDate? {
        let value = property.textValue.trimmed.prefix { $0 != "T" && $0 != "t" && $0 != " " }
        let yearless = value.hasPrefix("--")
        let digits = String(value.dropFirst(yearless ? 2 : 0).filter { $0 != "-" })
        guard digits.count == (yearless ? 4 : 8) else { return nil }
        let monthDay = "\(digits.dropLast(2).suffix(2))-\(digits.suffix(2))"
        guard var date = CalendarDate(yearless ? "--" + monthDay : "\(digits.prefix(4))-" + monthDay) else { return nil }
        let omitted = property.parameter(named: omitYearParameter)?.value.flatMap { Int($0) } ?? placeholderYear
        if date.year == omitted { date.year = nil }
        return date.year.map { $0 >= earliestBirthYear } ?? true ? date : nil
    }
}
