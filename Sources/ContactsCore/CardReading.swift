import Foundation
import VCard

/// What the model takes from a card's properties, and which properties each value came from.
///
/// Import uses the values; export reads the stored original properties again and compares, so
/// that a field a person has not changed is written back exactly as it arrived (groups, labels,
/// parameters and all), and a changed one is written afresh.
struct CardReading {
    /// A value read from the card, with the properties it came from (several when clients wrote
    /// the same handle twice, as Apple's `IMPP` beside its older `X-AIM`).
    struct Entry<Value: Hashable> {
        var value: Value
        var sources: [Int]
    }

    var name = ""
    /// FN, N and SORT-STRING: what describes the name and its parts.
    var nameSources: [Int] = []
    var nameParts = NameParts()
    var phoneticName = PhoneticName()
    var phoneticSources: [Int] = []
    var nickname = ""
    var nicknameSources: [Int] = []
    var organization = ""
    var department = ""
    var organizationSources: [Int] = []
    var jobTitle = ""
    var jobTitleSources: [Int] = []
    var isCompany = false
    var kindSources: [Int] = []
    var phones: [Entry<PhoneNumber>] = []
    var emails: [Entry<EmailAddress>] = []
    var addresses: [Entry<PostalAddress>] = []
    var urls: [Entry<Website>] = []
    var instantMessages: [Entry<ServiceHandle>] = []
    var socialProfiles: [Entry<ServiceHandle>] = []
    var dates: [Entry<LabelledDate>] = []
    var relatedNames: [Entry<RelatedName>] = []
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
    /// The phonetic parts of the name, as Apple writes them: given, middle, family.
    static let phoneticProperties = ["X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME"]

    /// Reads the values. A value the model cannot hold (an email without @, a birthday before
    /// `earliestBirthYear`, a note over the limit) is left out, so its property stays among the
    /// extras. The reading depends on the properties alone, never on the date it is made, so
    /// that export reads stored properties exactly as import did.
    init(_ properties: [VCardProperty]) {
        typealias Limits = ContactDetails.Limits
        let labels = GroupLabels(properties)
        for (index, property) in properties.enumerated() {
            switch property.name {
case "FN", "N", "SORT-STRING":
                nameSources.append(index)
                if property.name == "N", nameParts.isEmpty { nameParts = Self.nameParts(property) }
            case "TEL":
                if phones.count < Limits.entries, let number = Self.readablePhone(property) {
                    Self.add(PhoneNumber(number, label: labels.label(of: property) ?? Self.phoneLabel(property.types)), index, to: &phones)
                }
            case "EMAIL":
                var email = property.textValue.trimmed
                if email.lowercased().hasPrefix("mailto:") { email.removeFirst(7) }
                if emails.count < Limits.entries, ContactDetails.isValidEmail(email) {
                    Self.add(EmailAddress(email, label: labels.label(of: property) ?? Self.placeLabel(property.types, default: .other)),
                             index, to: &emails)
                }
            case "ADR":
                if addresses.count < Limits.entries,
                   var address = Self.address(property, label: labels.label(of: property) ?? Self.placeLabel(property.types, default: .other)) {
                    address.countryCode = labels.countryCode(of: property)
                    Self.add(address, index, to: &addresses)
                }
            case "ORG":
                organizationSources.append(index)
                if organizationSources.count == 1 {
                    let units = property.structuredValue.map { $0.joined(separator: " ").trimmed }
                    organization = Self.bounded(units.first ?? "")
                    department = Self.bounded(units.dropFirst().filter { !$0.isEmpty }.joined(separator: ", "))
                }
            case "TITLE":
                jobTitleSources.append(index)
                if jobTitle.isEmpty { jobTitle = Self.shortText(property) }
            case "BDAY":
                birthdaySources.append(index)
                if birthday == nil { birthday = Self.date(property, earliestYear: Self.earliestBirthYear) }
            case "NOTE" where noteSource == nil:
                let text = property.textValue.trimmed
                if !text.isEmpty, ContactDetails.fits(text, limit: Limits.noteLength) { (note, noteSource) = (text, index) }
            case "PHOTO" where photoSource == nil:
                if let data = property.binaryValue, let image = try? Photo(data: Array(data)) { (photo, photoSource) = (image, index) }
            case "UID":
                uidSources.append(index)
                if uid == nil { uid = property.textValue.trimmed }

            case "URL":
                let url = Self.shortText(property)
                if urls.count < Limits.entries, !url.isEmpty {
                    Self.add(Website(url, label: labels.label(of: property) ?? Self.placeLabel(property.types, default: .homePage)),
                             index, to: &urls)
                }
            case "NICKNAME":
                nicknameSources.append(index)
                if nickname.isEmpty { nickname = Self.bounded(property.listValue.map(\.trimmed).filter { !$0.isEmpty }.joined(separator: ", ")) }
            case "GENDER", "X-GENDER":
                sexSources.append(index)
                if sex == .notSet { sex = Self.sex(property) }
            case "X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME":
                phoneticSources.append(index)
                let text = Self.shortText(property)
                switch property.name {
                case "X-PHONETIC-FIRST-NAME": phoneticName.given = text
                case "X-PHONETIC-MIDDLE-NAME": phoneticName.middle = text
                default: phoneticName.family = text
                }
            case "X-ABSHOWAS", "KIND":
                let value = property.textValue.trimmed.lowercased()
                guard ["company", "org", "organization", "individual", "person"].contains(value) else { break }
                kindSources.append(index)
                if kindSources.count == 1 { isCompany = ["company", "org", "organization"].contains(value) }
            case "X-SOCIALPROFILE", "SOCIALPROFILE":
                if socialProfiles.count < Limits.entries, let profile = InstantMessaging.socialProfile(property, label: labels.label(of: property)) {
                    Self.add(profile, index, to: &socialProfiles)
                }
            case "ANNIVERSARY", "X-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY", "X-MS-ANNIVERSARY", "X-ABDATE":
                let label = labels.label(of: property) ?? .anniversary
                if dates.count < Limits.entries, let date = Self.date(property, earliestYear: 1) {
                    Self.add(LabelledDate(date, label: label), index, to: &dates)
                }
            case "RELATED", "X-ABRELATEDNAMES", "X-SPOUSE", "X-MANAGER", "X-ASSISTANT", "X-EVOLUTION-SPOUSE",
                 "X-EVOLUTION-MANAGER", "X-EVOLUTION-ASSISTANT", "X-MS-SPOUSE", "X-MS-MANAGER", "X-MS-ASSISTANT":
                if relatedNames.count < Limits.entries, let related = Self.relatedName(property, label: labels.label(of: property)) {
                    Self.add(related, index, to: &relatedNames)
                }
            case Self.ageProperty:
                ageSources.append(index)
                if age == nil { age = Int(property.textValue.trimmed).flatMap { (0...150).contains($0) ? $0 : nil } }
            case _ where property.name == "IMPP" || InstantMessaging.legacyProperties[property.name] != nil:
                if instantMessages.count < Limits.entries, let handle = InstantMessaging.handle(property, label: labels.label(of: property)) {
                    Self.add(handle, index, to: &instantMessages)
                }
            default:
                break
            }
        }
        if birthday != nil { age = nil }
        name = Self.spelledName(of: properties)
        if name.isEmpty { name = fallbackName }
    }

    /// What a card without FN or N is called: its company, nickname, first email, phone or
    /// address, or its note's first line.
    private var fallbackName: String {
        let candidates: [() -> String] = [
            { organization }, { nickname.split(separator: ",").first.map { $0.trimmed } ?? "" },
            { emails.first?.value.address ?? "" }, { phones.first?.value.number ?? "" },
            { addresses.first?.value.singleLine ?? "" }, { note.split(whereSeparator: \.isNewline).first.map(String.init) ?? "" },
        ]
        for candidate in candidates {
            let text = candidate()
            if !text.isEmpty { return text }
        }
        return ""
    }

    /// Every property the reading takes a value from: what a change to that value rewrites.
    var interpretedSources: Set<Int> {
        func sources<Value>(_ entries: [Entry<Value>]) -> [Int] { entries.flatMap(\.sources) }
        var all: [Int] = nameSources + phoneticSources + nicknameSources + organizationSources + jobTitleSources
        all += kindSources + sources(phones) + sources(emails) + sources(addresses) + sources(urls)
        all += sources(instantMessages) + sources(socialProfiles) + sources(dates) + sources(relatedNames)
        all += birthdaySources + ageSources + sexSources + uidSources
        if let noteSource { all.append(noteSource) }
        return Set(all)
    }

    /// Adds the value, or one more source to the entry that already has it.
    private static func add<Value>(_ value: Value, _ source: Int, to entries: inout [Entry<Value>]) {
        if let index = entries.firstIndex(where: { $0.value == value }) {
            entries[index].sources.append(source)
        } else {
            entries.append(Entry(value: value, sources: [source]))
        }
    }

    /// A one-line text value trimmed, empty when longer than a field may be.
    static func shortText(_ property: VCardProperty) -> String {
        bounded(property.textValue.trimmed)
    }

    /// The text, or empty when longer than `ContactDetails.Limits.textLength` (the property then
    /// stays among the extras).
    private static func bounded(_ text: String) -> String {
        ContactDetails.fits(text, limit: ContactDetails.Limits.textLength) ? text : ""
    }

    /// N's components as the name's parts, the values of each joined by spaces.
    private static func nameParts(_ property: VCardProperty) -> NameParts {
        let components = property.structuredValue
        func part(_ index: Int) -> String {
            index < components.count ? bounded(components[index].map(\.trimmed).filter { !$0.isEmpty }.joined(separator: " ")) : ""
        }
        return NameParts(prefix: part(3), given: part(1), middle: part(2), family: part(0), suffix: part(4))
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

    /// The number of a TEL property when a contact reads it as a phone: not for text without an
    /// ASCII digit or longer than 100 characters, which stays an unread line of the card.
    static func readablePhone(_ property: VCardProperty) -> String? {
        let number = phoneNumber(property)
        return ContactDetails.fits(number, limit: 100) && number.contains(where: { $0.isASCII && $0.isNumber }) ? number : nil
    }

    /// The number, without the `tel:` scheme of a vCard 4.0 URI value (RFC 6350 §6.4.1).
    private static func phoneNumber(_ property: VCardProperty) -> String {
        let text = property.textValue.trimmed
        return text.lowercased().hasPrefix("tel:") ? String(text.dropFirst(4)).trimmed : text
    }

    /// A phone's label from its TYPEs (RFC 6350 §6.4.1, and Apple's IPHONE and MAIN).
    private static func phoneLabel(_ types: [String]) -> ContactLabel {
        let types = Set(types)
        if types.contains("fax") { return types.contains("work") ? .workFax : .homeFax }
        if types.contains("pager") { return .pager }
        if types.contains("iphone") { return .iPhone }
        if !types.isDisjoint(with: ["cell", "mobile"]) { return .mobile }
        if types.contains("main") { return .main }
        if types.contains("work") { return .work }
        if types.contains("home") { return .home }
        return .other
    }

    /// An email's, address's or website's label from its TYPEs; `fallback` without home, work or school.
    private static func placeLabel(_ types: [String], default fallback: ContactLabel) -> ContactLabel {
        if types.contains("work") { return .work }
        if types.contains("home") { return .home }
        if types.contains("school") { return .school }
        if types.contains("other") { return .other }
        return fallback
    }

    /// An address in its parts (the post office box and extended address go before the street,
    /// each on a line of its own); the LABEL parameter's text as the street when the parts are
    /// all empty (RFC 6350 §6.3.1). Nil when it says nothing or a part is too long.
    private static func address(_ property: VCardProperty, label: ContactLabel) -> PostalAddress? {
        let components = property.structuredValue
        func part(_ index: Int, separator: String = " ") -> String {
            index < components.count ? components[index].map(\.trimmed).filter { !$0.isEmpty }.joined(separator: separator) : ""
        }
        var address = PostalAddress(label: label, street: [part(0), part(1), part(2, separator: "\n")].filter { !$0.isEmpty }.joined(separator: "\n"),
                                    city: part(3), region: part(4), postcode: part(5), country: part(6))
        if address.isEmpty, let text = property.parameter(named: "LABEL")?.values.joined(separator: ",") {
            address.street = text.split(whereSeparator: \.isNewline).map { $0.trimmed }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        guard !address.isEmpty, address.parts.allSatisfy({ ContactDetails.fits($0, limit: ContactDetails.Limits.textLength) }) else { return nil }
        return address
    }

    /// A related person's name and how they are related: RELATED's TYPE (RFC 6350 §6.6.6) when
    /// its value is text, Apple's label, or what Evolution's and KDE's X-SPOUSE, X-MANAGER and
    /// X-ASSISTANT (and Outlook's X-MS-…) say. Nil for a RELATED that names a card by URI, which
    /// stays among the extras.
    private static func relatedName(_ property: VCardProperty, label: ContactLabel?) -> RelatedName? {
        let text = shortText(property)
        guard !text.isEmpty else { return nil }
        if property.name == "RELATED" {
            let isText = property.parameter(named: "VALUE")?.value?.lowercased() == "text"
            guard isText || !text.contains(":") else { return nil }
            let type = property.types.first { $0 != "pref" }
            return RelatedName(text, label: label ?? type.map { ContactLabel($0 == "co-worker" || $0 == "colleague" ? "colleague" : $0) } ?? .other)
        }
        let named = ["X-SPOUSE": ContactLabel.spouse, "X-MANAGER": .manager, "X-ASSISTANT": .assistant]
        let plainName = property.name.replacingOccurrences(of: "X-EVOLUTION-", with: "X-").replacingOccurrences(of: "X-MS-", with: "X-")
        return RelatedName(text, label: label ?? named[plainName] ?? .other)
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
    /// `1990-05-17`, `--0517`, `--05-17`, with any time part ignored; nil before `earliestYear`.
    /// Apple writes a date without a year in the placeholder year its X-APPLE-OMIT-YEAR
    /// parameter names.
    static func date(_ property: VCardProperty, earliestYear: Int) -> CalendarDate? {
        let value = property.textValue.trimmed.prefix { $0 != "T" && $0 != "t" && $0 != " " }
        let yearless = value.hasPrefix("--")
        let digits = String(value.dropFirst(yearless ? 2 : 0).filter { $0 != "-" })
        guard digits.count == (yearless ? 4 : 8) else { return nil }
        let monthDay = "\(digits.dropLast(2).suffix(2))-\(digits.suffix(2))"
        guard var date = CalendarDate(yearless ? "--" + monthDay : "\(digits.prefix(4))-" + monthDay) else { return nil }
        let omitted = property.parameter(named: omitYearParameter)?.value.flatMap { Int($0) } ?? placeholderYear
        if date.year == omitted { date.year = nil }
        return date.year.map { $0 >= earliestYear } ?? true ? date : nil
    }
}
