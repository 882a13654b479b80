import Foundation
import VCard

extension ContactDetails {
    /// The details a card gives (see `CardReading`: FN, N, the phonetic names, NICKNAME, ORG,
    /// TITLE, TEL, EMAIL, ADR, URL, IMPP, social profiles, dates, related names, GENDER, BDAY, the
    /// first NOTE, the first inline PHOTO), with every property but VERSION and that photo kept
    /// in `extraProperties`, so that `vCard(uid:version:)` gives the card back as it came.
    /// - Throws: `.cardWithoutName` when neither FN, N, ORG, NICKNAME, EMAIL, TEL, ADR nor NOTE
    ///   gives something to call the contact.
    public init(card: VCard) throws(ContactValidationError) {
        let properties = card.properties.filter { $0.name != "VERSION" }
        let reading = CardReading(properties)
        guard !reading.name.isEmpty else { throw .cardWithoutName }
        let writer = VCardWriter(version: .v4_0)
        self.init(name: reading.name, nameParts: reading.nameParts, phoneticName: reading.phoneticName,
                  nickname: reading.nickname, organization: reading.organization, department: reading.department,
                  jobTitle: reading.jobTitle, isCompany: reading.isCompany, phones: reading.phones.map(\.value),
                  emails: reading.emails.map(\.value), addresses: reading.addresses.map(\.value), urls: reading.urls.map(\.value),
                  instantMessages: reading.instantMessages.map(\.value), socialProfiles: reading.socialProfiles.map(\.value),
                  sex: reading.sex, age: reading.age, birthday: reading.birthday, dates: reading.dates.map(\.value),
                  relatedNames: reading.relatedNames.map(\.value), note: reading.note, photo: reading.photo,
                  extraProperties: properties.indices.filter { $0 != reading.photoSource }.map { writer.contentLine(for: properties[$0]) })
    }

    /// The contact as a card. Each field that still says what the card it came from said is
    /// written with that card's own properties (groups, labels, parameters and all); a changed
    /// field is written afresh in `version`'s form, and properties the model does not know
    /// are written as they came.
    public func vCard(uid: String, version: VCardWriter.Version) -> VCard {
        CardComposer(details: self, originals: originalProperties, version: version).card(uid: uid)
    }

    /// The reading the name is filed by: the phonetic name when there is one; else what the
    /// card gives (N's SORT-AS, SORT-STRING) when the name has not been changed since; nil otherwise.
    public var phoneticReading: String? {
        let phonetic = [phoneticName.family, phoneticName.given, phoneticName.middle].filter { !$0.isEmpty }
        if !phonetic.isEmpty { return phonetic.joined(separator: " ") }
        // A cheap look at the property names first: most cards have no reading.
        guard extraProperties.contains(where: { $0.hasPrefix("SORT-STRING") || $0.hasPrefix("N;") }) else { return nil }
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
    /// The number of the next group made for a label (`item<n>`); 0 until the first is made.
    private var nextGroup = 0

    init(details: ContactDetails, originals: [VCardProperty], version: VCardWriter.Version) {
        self.details = details
        self.originals = originals
        self.version = version
        reading = CardReading(originals)
        kept = Array(repeating: true, count: originals.count)
    }

    consuming func card(uid: String) -> VCard {
        let parts = details.nameParts.isEmpty ? NameParts(splitting: details.name) : details.nameParts
        let name = [VCardProperty(name: "FN", text: details.name),
                    VCardProperty(name: "N", components: [[parts.family], [parts.given], [parts.middle], [parts.prefix], [parts.suffix]])]
        if reading.name != details.name || reading.nameParts != details.nameParts { replace(reading.nameSources, with: name) }
        if reading.phoneticName != details.phoneticName {
            let phonetic = [details.phoneticName.given, details.phoneticName.middle, details.phoneticName.family]
            replace(reading.phoneticSources, with: zip(CardReading.phoneticProperties, phonetic).filter { !$0.1.isEmpty }
                .map { VCardProperty(name: $0.0, text: $0.1) })
        }
        if reading.nickname != details.nickname {
            replace(reading.nicknameSources, with: details.nickname.isEmpty ? [] : [VCardProperty(name: "NICKNAME", text: details.nickname)])
        }
        if reading.organization != details.organization || reading.department != details.department {
            let units = details.department.isEmpty ? [[details.organization]] : [[details.organization], [details.department]]
            replace(reading.organizationSources, with: details.organization.isEmpty && details.department.isEmpty ? []
                    : [VCardProperty(name: "ORG", components: units)])
        }
        if reading.jobTitle != details.jobTitle {
            replace(reading.jobTitleSources, with: details.jobTitle.isEmpty ? [] : [VCardProperty(name: "TITLE", text: details.jobTitle)])
        }
        if reading.isCompany != details.isCompany {
            replace(reading.kindSources, with: !details.isCompany ? [] : version == .v4_0 ? [VCardProperty(name: "KIND", value: "org")]
                    : [VCardProperty(name: "X-ABSHOWAS", value: "COMPANY")])
        }
        for phone in unmatched(reading.phones, details.phones) {
            appended += labelled(phone.label, VCardProperty(name: "TEL", text: phone.number), types: Self.phoneTypes)
        }
        for email in unmatched(reading.emails, details.emails) {
            appended += labelled(email.label, VCardProperty(name: "EMAIL", text: email.address))
        }
        for address in unmatched(reading.addresses, details.addresses) { appended += addressProperties(address) }
        for website in unmatched(reading.urls, details.urls) {
            appended += labelled(website.label, VCardProperty(name: "URL", text: website.url), plain: .homePage)
        }
        for handle in unmatched(reading.instantMessages, details.instantMessages) {
            appended += labelled(handle.label, InstantMessaging.property(for: handle))
        }
        for profile in unmatched(reading.socialProfiles, details.socialProfiles) {
            appended += labelled(profile.label, InstantMessaging.socialProperty(for: profile), types: [:])
        }
        for date in unmatched(reading.dates, details.dates) { appended += dateProperties(date) }
        for related in unmatched(reading.relatedNames, details.relatedNames) { appended += relatedProperties(related) }
        if reading.birthday != details.birthday { replace(reading.birthdaySources, with: details.birthday.map { [dateProperty("BDAY", $0)] } ?? []) }
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

    /// Keeps the originals of list entries still present and drops the others; gives the
    /// entries the originals do not hold, for new properties.
    private mutating func unmatched<Value: Hashable>(_ read: [CardReading.Entry<Value>], _ current: [Value]) -> [Value] {
        var unmatched = current
        for entry in read {
            if let index = unmatched.firstIndex(of: entry.value) {
                unmatched.remove(at: index)
            } else {
                for source in entry.sources { kept[source] = false }
            }
        }
        return unmatched
    }

    /// The TYPEs each standard phone label is written with (Apple's, which RFC 6350 readers
    /// take too); a custom label goes in X-ABLabel.
    private static let phoneTypes: [ContactLabel: [String]] = [
        .mobile: ["CELL"], .iPhone: ["IPHONE", "CELL"], .home: ["HOME"], .work: ["WORK"], .main: ["MAIN"],
        .homeFax: ["HOME", "FAX"], .workFax: ["WORK", "FAX"], .pager: ["PAGER"], .other: ["VOICE"],
    ]
    /// The TYPEs of home and work for emails, addresses, websites and handles.
    private static let placeTypes: [ContactLabel: [String]] = [.home: ["HOME"], .work: ["WORK"]]

    /// The property with its label: as TYPEs when `types` has the label, with no TYPE at all for
    /// the `plain` label (the one a reader assumes without one), else in a new group with
    /// Apple's X-ABLabel beside it.
    private mutating func labelled(_ label: ContactLabel, _ property: VCardProperty, types: [ContactLabel: [String]] = Self.placeTypes,
                                   plain: ContactLabel = .other) -> [VCardProperty] {
        var property = property
        if let names = types[label] {
            property.parameters.append(VCardParameter(name: "TYPE", values: names))
            return [property]
        }
        if label == plain { return [property] }
        let group = newGroup()
        property.group = group
        return [property, VCardProperty(group: group, name: GroupLabels.labelProperty, text: label.appleLabel)]
    }

    /// ADR with its label, and Apple's X-ABADR country code in its group when there is one.
    private mutating func addressProperties(_ address: PostalAddress) -> [VCardProperty] {
        let adr = VCardProperty(name: "ADR", components: [[""], [""], [address.street], [address.city], [address.region],
                                                         [address.postcode], [address.country]])
        var lines = labelled(address.label, adr)
        guard !address.countryCode.isEmpty else { return lines }
        if lines[0].group == nil { lines[0].group = newGroup() }
        lines.append(VCardProperty(group: lines[0].group, name: GroupLabels.countryCodeProperty, text: address.countryCode))
        return lines
    }

    /// An anniversary as vCard 4.0's ANNIVERSARY; any other date (and every date in 3.0) as
    /// Apple's X-ABDATE with its label.
    private mutating func dateProperties(_ date: LabelledDate) -> [VCardProperty] {
        if date.label == .anniversary && version == .v4_0 { return [dateProperty("ANNIVERSARY", date.date)] }
        let group = newGroup()
        var property = dateProperty("X-ABDATE", date.date)
        property.group = group
        return [property, VCardProperty(group: group, name: GroupLabels.labelProperty, text: date.label.appleLabel)]
    }

    /// RELATED (RFC 6350 §6.6.6) in 4.0 for the relations it names; else Apple's X-ABRELATEDNAMES with its label.
    private mutating func relatedProperties(_ related: RelatedName) -> [VCardProperty] {
        if version == .v4_0, [ContactLabel.spouse, .child, .parent, .friend].contains(related.label) {
            return [VCardProperty(name: "RELATED", parameters: [VCardParameter(name: "TYPE", value: related.label.rawValue),
                                                               VCardParameter(name: "VALUE", value: "text")], text: related.name)]
        }
        let group = newGroup()
        return [VCardProperty(group: group, name: "X-ABRELATEDNAMES", text: related.name),
                VCardProperty(group: group, name: GroupLabels.labelProperty, text: related.label.appleLabel)]
    }

    /// A group name no property of the card uses yet: `item1`, `item2`…
    private mutating func newGroup() -> String {
        if nextGroup == 0 {
            let used = originals.compactMap { $0.group?.lowercased() }.compactMap { $0.hasPrefix("item") ? Int($0.dropFirst(4)) : nil }
            nextGroup = (used.max() ?? 0) + 1
        }
        defer { nextGroup += 1 }
        return "item\(nextGroup)"
    }

    private mutating func replace(_ sources: [Int], with properties: [VCardProperty]) {
        for source in sources { kept[source] = false }
        if let first = sources.min() { replacements[first] = properties } else { appended += properties }
    }

    /// The output in the originals' order. A group (Apple's `item1.`) goes with its last
    /// dropped interpreted property; a card without FN (or with a blank one) gets one (RFC 6350 §6.2.1), and a 3.0
    /// card without N gets one too (RFC 2426 §3.1.2), empty when the name is not a person's.
    private func assemble(name: [VCardProperty]) -> VCard {
        let interpreted = reading.interpretedSources
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

    /// A date property as RFC 6350 §4.3.1 writes a date (`19900517`, `--0517`), or as RFC 2426
    /// and Apple do for 3.0 (`1990-05-17`, and a date without a year in Apple's placeholder year).
    func dateProperty(_ propertyName: String, _ date: CalendarDate) -> VCardProperty {
        let monthDay = String(format: "%02d%02d", date.month, date.day)
        switch (version, date.year) {
        case (.v4_0, let year?): return VCardProperty(name: propertyName, value: String(format: "%04d", year) + monthDay)
        case (.v4_0, nil): return VCardProperty(name: propertyName, value: "--" + monthDay)
        case (.v3_0, let year):
            let placeholder = CardReading.placeholderYear
            let parameters = year == nil ? [VCardParameter(name: CardReading.omitYearParameter, value: String(placeholder))] : []
            return VCardProperty(name: propertyName, parameters: parameters, value: CalendarDate(year: year ?? placeholder, month: date.month, day: date.day).description)
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
