import ContactsCore
import VCard

extension ContactFields {
    /// Apple's way to give a property a label that TYPE has no word for: `item1.TEL` with `item1.X-ABLABEL`.
    private static let labelProperty = "X-ABLABEL"
    /// The property a custom field is kept in, its name in the group's X-ABLABEL.
    private static let customProperty = "X-CUSTOM"
    /// The properties the model writes handles, dates and related names as.
    private static let entryProperties: Set = ["IMPP", "X-ABDATE", "X-ABRELATEDNAMES", labelProperty]
    private static let omitYearParameter = "X-APPLE-OMIT-YEAR"

    /// The fields a card gives: N (or FN when the card has no N), the phonetic names, NICKNAME,
    /// ORG, TITLE, BDAY, X-GENDER or GENDER, the first NOTE, CATEGORIES, every EMAIL, TEL, ADR, URL
    /// and X-CUSTOM with its label, and the handles, dates and related names as `ContactDetails` reads them.
    init(card: VCard) {
        fullName = card.property(named: "FN")?.textValue.trimmed ?? ""
        if let name = card.property(named: "N")?.structuredValue {
            func part(_ index: Int) -> String { index < name.count ? name[index].joined(separator: " ").trimmed : "" }
            (family, given, additional, prefix, suffix) = (part(0), part(1), part(2), part(3), part(4))
        }
        func text(_ name: String) -> String { card.property(named: name)?.textValue.trimmed ?? "" }
        (phoneticFamily, phoneticGiven, phoneticAdditional) =
            (text("X-PHONETIC-LAST-NAME"), text("X-PHONETIC-FIRST-NAME"), text("X-PHONETIC-MIDDLE-NAME"))
        nickname = text("NICKNAME")
        if let org = card.property(named: "ORG")?.structuredValue {
            organization = org.first?.joined(separator: " ").trimmed ?? ""
            department = org.dropFirst().map { $0.joined(separator: " ") }.joined(separator: " ").trimmed
        }
        title = text("TITLE")
        birthday = card.property(named: "BDAY").flatMap { bday in
            CSVDate(iso: bday.textValue, omittedYear: bday.parameter(named: Self.omitYearParameter)?.value.flatMap { Int($0) })
        }
        gender = text("X-GENDER")
        if gender.isEmpty, let sex = card.property(named: "GENDER")?.structuredValue.first?.first?.uppercased() {
            gender = ["M": "Male", "F": "Female", "O": "Other"][sex] ?? ""
        }
        note = text("NOTE")
        categories = card.properties(named: "CATEGORIES").flatMap(\.listValue).map(\.trimmed).filter { !$0.isEmpty }
        let labels = Dictionary(card.properties(named: Self.labelProperty).compactMap { label in
            label.group.map { ($0.lowercased(), Self.appleLabel(label.textValue)) }
        }, uniquingKeysWith: { first, _ in first })
        func labelled<Value>(_ name: String, _ value: (VCardProperty) -> Value) -> [Labelled<Value>] {
            card.properties(named: name).map { property in
                let label = property.group.flatMap { labels[$0.lowercased()] } ?? ContactLabel.label(forTypes: property.types)
                return Labelled(label: label, value: value(property))
            }
        }
        emails = labelled("EMAIL") { $0.textValue.trimmed }.filter { !$0.value.isEmpty }
        phones = labelled("TEL") { $0.textValue.trimmed }.filter { !$0.value.isEmpty }
        websites = labelled("URL") { $0.textValue.trimmed }.filter { !$0.value.isEmpty }
        addresses = labelled("ADR") { adr in
            let parts = adr.structuredValue.map { $0.joined(separator: ",").trimmed }
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            return Address(poBox: part(0), extended: part(1), street: part(2), city: part(3), region: part(4),
                           postalCode: part(5), country: part(6))
        }.filter { !$0.value.isEmpty }
        customFields = labelled(Self.customProperty) { $0.textValue.trimmed }.filter { !$0.value.isEmpty }
        if let details = try? ContactDetails(card: card) {
            (instantMessages, events, relations) = (details.instantMessages, details.dates, details.relatedNames)
        }
    }

    /// Apple's built-in labels (`_$!<Mobile>!$_`) as the known label they name, others as they are.
    private static func appleLabel(_ text: String) -> String {
        let trimmed = text.trimmed
        guard trimmed.hasPrefix("_$!<"), trimmed.hasSuffix(">!$_") else { return ContactLabel.normalized(trimmed) }
        return ContactLabel.normalized(String(trimmed.dropFirst(4).dropLast(4)))
    }

    /// The card the fields make: only the properties that have a value. Without a full name,
    /// none is made up: the importer names the contact from N, ORG, NICKNAME or EMAIL as for any card.
    var card: VCard {
        var properties: [VCardProperty] = []
        func add(_ name: String, _ value: String) {
            if !value.isEmpty { properties.append(VCardProperty(name: name, text: value)) }
        }
        add("FN", fullName)
        if ![family, given, additional, prefix, suffix].allSatisfy(\.isEmpty) {
            properties.append(VCardProperty(name: "N", components: [[family], [given], [additional], [prefix], [suffix]]))
        }
        add("X-PHONETIC-FIRST-NAME", phoneticGiven)
        add("X-PHONETIC-MIDDLE-NAME", phoneticAdditional)
        add("X-PHONETIC-LAST-NAME", phoneticFamily)
        add("NICKNAME", nickname)
        if !organization.isEmpty || !department.isEmpty {
            properties.append(VCardProperty(name: "ORG", components: department.isEmpty ? [[organization]] : [[organization], [department]]))
        }
        add("TITLE", title)
        if let birthday { properties.append(VCardProperty(name: "BDAY", value: birthday.iso)) }
        add("X-GENDER", gender)
        add("NOTE", note)
        if !categories.isEmpty { properties.append(VCardProperty(name: "CATEGORIES", components: [categories])) }
        var groups = 0
        func addLabelled(_ label: String, _ make: (String?, [VCardParameter]) -> VCardProperty) {
            if label.isEmpty {
                properties.append(make(nil, []))
            } else if let types = ContactLabel.types[label] {
                properties.append(make(nil, [VCardParameter(name: "TYPE", values: types)]))
            } else {
                groups += 1
                properties.append(make("item\(groups)", []))
                properties.append(VCardProperty(group: "item\(groups)", name: Self.labelProperty, text: label))
            }
        }
        for email in emails { addLabelled(email.label) { VCardProperty(group: $0, name: "EMAIL", parameters: $1, text: email.value) } }
        for phone in phones { addLabelled(phone.label) { VCardProperty(group: $0, name: "TEL", parameters: $1, text: phone.value) } }
        for address in addresses {
            addLabelled(address.label) { VCardProperty(group: $0, name: "ADR", parameters: $1, components: address.value.components.map { [$0] }) }
        }
        for website in websites { addLabelled(website.label) { VCardProperty(group: $0, name: "URL", parameters: $1, text: website.value) } }
        for field in customFields {
            groups += 1
            properties.append(VCardProperty(group: "item\(groups)", name: Self.customProperty, text: field.value))
            properties.append(VCardProperty(group: "item\(groups)", name: Self.labelProperty, text: field.label))
        }
        return VCard(properties: [VCardProperty(name: "VERSION", value: "3.0")] + properties + entries(afterGroup: groups))
    }

    /// The handles, dates and related names as the model writes them (in groups `item1`… of its
    /// own, numbered on from `afterGroup` here).
    private func entries(afterGroup used: Int) -> [VCardProperty] {
        guard !instantMessages.isEmpty || !events.isEmpty || !relations.isEmpty else { return [] }
        let card = ContactDetails(name: fullName, instantMessages: instantMessages, dates: events, relatedNames: relations)
            .vCard(uid: "", version: .v3_0)
        return card.properties.filter { Self.entryProperties.contains($0.name) }.map { property in
            var property = property
            if let group = property.group, let number = Int(group.dropFirst(4)) { property.group = "item\(number + used)" }
            return property
        }
    }
}
