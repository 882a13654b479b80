import Foundation
import VCard

extension ContactDetails {
    /// The details a card gives (FN or N → name, TEL → phones, EMAIL, the first ADR → address,
    /// GENDER / X-GENDER → sex, BDAY → birthday, the first NOTE, the first inline PHOTO), with
    /// every property but VERSION and that photo kept in `extraProperties`, so that `vCard(uid:version:)` gives the card back as it came.
    /// - Throws: `.cardWithoutName` when neither FN, N, ORG, NICKNAME, EMAIL, TEL, ADR nor NOTE
    ///   gives something to call the contact.
    public init(card: VCard) throws(ContactValidationError) {
        let properties = card.properties.filter { $0.name != "VERSION" }
        let reading = CardReading(properties)
        guard !reading.name.isEmpty else { throw .cardWithoutName }
        let writer = VCardWriter(version: .v4_0)
        self.init(name: reading.name, phones: reading.phones.map(\.phone), sex: reading.sex, age: reading.age,
                  birthday: reading.birthday, address: reading.address, emails: reading.emails.map(\.email),
                  note: reading.note, photo: reading.photo,
                  extraProperties: properties.indices.filter { $0 != reading.photoSource }.map { writer.contentLine(for: properties[$0]) })
    }

    /// The contact as a card. Each field that still says what the card it came from said is
    /// written with that card's own properties (groups, labels, parameters and all); a changed
    /// field is written afresh in `version`'s form, and properties the model does not know
    /// are written as they came.
    public func vCard(uid: String, version: VCardWriter.Version) -> VCard {
        CardComposer(details: self, originals: originalProperties, version: version).card(uid: uid)
    }

    /// The reading the name is filed by when its card gives one (X-PHONETIC-LAST-NAME and
    /// -FIRST-NAME, N's SORT-AS, SORT-STRING) and the name has not been changed since; nil otherwise.
    public var phoneticReading: String? {
        // A cheap look at the property names first: most cards have no reading.
        guard extraProperties.contains(where: { $0.hasPrefix("X-PHONETIC-") || $0.hasPrefix("SORT-STRING") || $0.hasPrefix("N;") })
        else { return nil }
        let originals = originalProperties
        guard CardReading.spelledName(of: originals) == name else { return nil }
        return CardReading.phoneticReading(of: originals)
    }

    /// The card's properties as `init(card:)` kept them.
    var originalProperties: [VCardProperty] {
        guard !extraProperties.isEmpty else { return [] }
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\n" + extraProperties.joined(separator: "\r\n") + "\r\nEND:VCARD\r\n"
        return ((try? VCard(parsing: text))?.properties ?? []).filter { $0.name != "VERSION" }
    }
}

/// Builds the card for `ContactDetails.vCard(uid:version:)`.
private struct CardComposer {
    let details: ContactDetails
    let originals: [VCardProperty]
    let version: VCardWriter.Version
    let reading: CardReading
    private var kept: [Bool]
    /// New properties written where the first of the originals they replace stood.
    private var replacements: [Int: [VCardProperty]] = [:]
    private var appended: [VCardProperty] = []

    init(details: ContactDetails, originals: [VCardProperty], version: VCardWriter.Version) {
        self.details = details
        self.originals = originals
        self.version = version
        reading = CardReading(originals)
        kept = Array(repeating: true, count: originals.count)
    }

    consuming func card(uid: String) -> VCard {
        let name = [VCardProperty(name: "FN", text: details.name),
                    VCardProperty(name: "N", components: CardName.components(of: details.name))]
        if reading.name != details.name { replace(reading.nameSources, with: name) }
        matchList(reading.phones.map { ($0.phone, $0.source) }, details.phones, property: phoneProperty)
        matchList(reading.emails.map { ($0.email, $0.source) }, details.emails) { VCardProperty(name: "EMAIL", text: $0) }
        if reading.address != details.address {
            replace(reading.addressSource.map { [$0] } ?? [], with: details.address.isEmpty ? [] : [
                VCardProperty(name: "ADR", components: [[""], [""], [details.address], [""], [""], [""], [""]]),
            ])
        }
        if reading.birthday != details.birthday { replace(reading.birthdaySources, with: details.birthday.map { [birthdayProperty($0)] } ?? []) }
        if reading.age != details.age {
            replace(reading.ageSources, with: details.age.map { [VCardProperty(name: CardReading.ageProperty, value: String($0))] } ?? [])
        }
        if reading.sex != details.sex { replace(reading.sexSources, with: sexProperties()) }
        if reading.note != details.note {
            replace(reading.noteSource.map { [$0] } ?? [], with: details.note.isEmpty ? [] : [VCardProperty(name: "NOTE", text: details.note)])
        }
        if reading.uid != uid { replace(reading.uidSources, with: [VCardProperty(name: "UID", text: uid)]) }
        if let photo = details.photo {
            appended.append(VCardProperty(name: "PHOTO", binary: Data(photo.data), mediaType: photo.format.mimeType))
        }
        return assemble(name: name)
    }

    /// Keeps the originals of list entries still present, drops the others, and appends new
    /// properties for entries the originals do not hold.
    private mutating func matchList<Value: Equatable>(_ read: [(Value, Int)], _ current: [Value],
                                                      property: (Value) -> VCardProperty) {
        var unmatched = current
        for (value, source) in read {
            if let index = unmatched.firstIndex(of: value) { unmatched.remove(at: index) } else { kept[source] = false }
        }
        appended += unmatched.map(property)
    }

    private mutating func replace(_ sources: [Int], with properties: [VCardProperty]) {
        for source in sources { kept[source] = false }
        if let first = sources.min() { replacements[first] = properties } else { appended += properties }
    }

    /// The output in the originals' order. A group (Apple's `item1.`) goes with its last
    /// dropped interpreted property; a card without FN (or with a blank one) gets one (RFC 6350 §6.2.1), and a 3.0
    /// card without N gets one too (RFC 2426 §3.1.2), empty when the name is not a person's.
    private func assemble(name: [VCardProperty]) -> VCard {
        let interpreted = Set(reading.nameSources + reading.phones.map(\.source) + reading.emails.map(\.source)
            + [reading.addressSource, reading.noteSource].compactMap { $0 } + reading.birthdaySources
            + reading.ageSources + reading.sexSources + reading.uidSources)
        let groupsStillUsed = Set(originals.indices.filter { kept[$0] && interpreted.contains($0) }.compactMap { originals[$0].group?.lowercased() })
        let droppedGroups = Set(originals.indices.filter { !kept[$0] }.compactMap { originals[$0].group?.lowercased() })
            .subtracting(groupsStillUsed)
        var output: [VCardProperty] = []
        for (index, property) in originals.enumerated() {
            output += replacements[index] ?? []
            if kept[index] && !droppedGroups.contains(property.group?.lowercased() ?? "") { output.append(property) }
        }
        output += appended
        output.removeAll { $0.name == "FN" && $0.textValue.trimmed.isEmpty }
        if !output.contains(where: { $0.name == "N" }) && version == .v3_0 {
            // A name that is an organisation's or an email address is no person's name to split.
            let spelled = !CardReading.spelledName(of: originals).isEmpty
            output.insert(spelled ? name[1] : VCardProperty(name: "N", components: Array(repeating: [""], count: 5)), at: 0)
        }
        if !output.contains(where: { $0.name == "FN" }) { output.insert(name[0], at: 0) }
        return VCard(properties: output)
    }

    private func phoneProperty(_ phone: PhoneNumber) -> VCardProperty {
        let type = switch phone.label {
        case .mobile: "CELL"
        case .home: "HOME"
        case .work: "WORK"
        case .other: "VOICE"
        }
        return VCardProperty(name: "TEL", parameters: [VCardParameter(name: "TYPE", value: type)], text: phone.number)
    }

    /// BDAY as RFC 6350 §4.3.1 writes a date (`19900517`, `--0517`), or as RFC 2426 and Apple
    /// do for 3.0 (`1990-05-17`, and a birthday without a year in Apple's placeholder year).
    private func birthdayProperty(_ date: CalendarDate) -> VCardProperty {
        let monthDay = String(format: "%02d%02d", date.month, date.day)
        switch (version, date.year) {
        case (.v4_0, let year?): return VCardProperty(name: "BDAY", value: String(format: "%04d", year) + monthDay)
        case (.v4_0, nil): return VCardProperty(name: "BDAY", value: "--" + monthDay)
        case (.v3_0, let year):
            let placeholder = CardReading.placeholderYear
            let parameters = year == nil ? [VCardParameter(name: CardReading.omitYearParameter, value: String(placeholder))] : []
            return VCardProperty(name: "BDAY", parameters: parameters, value: CalendarDate(year: year ?? placeholder, month: date.month, day: date.day).description)
        }
    }

    /// GENDER (RFC 6350 §6.2.7) in 4.0, the X-GENDER most 3.0 clients read otherwise.
    private func sexProperties() -> [VCardProperty] {
        let word: String
        switch details.sex {
        case .male: word = "Male"
        case .female: word = "Female"
        case .other: word = "Other"
        case .notSet: return []
        }
        return [version == .v4_0 ? VCardProperty(name: "GENDER", value: String(word.prefix(1)))
                                 : VCardProperty(name: "X-GENDER", text: word)]
    }
}
