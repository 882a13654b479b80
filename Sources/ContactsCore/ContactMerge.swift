import VCard

/// One contact made of several that are one person.
///
/// Every entry of a field that holds any number of them (phones, emails, addresses, websites,
/// handles, social profiles, dates, related names), every note, category and property the
/// model does not read is kept, each once: entries that say the same (`EntryIdentity`) are
/// one, with the label and lines of the first contact that has it. A field that holds one
/// value (nickname, company, department, title, kind, sex, birthday, age) takes the first
/// contact's, else the next one's that has it. The name, with its parts and reading, is the
/// one chosen, and so is the photo.
public struct ContactMerge: Sendable {
    /// The contacts, the one whose place the result takes and whose single values win first.
    public let contacts: [ContactDetails]
    /// Which of `contacts` gives the name (with its phonetic reading).
    public let nameSource: Int
    /// Which of `contacts` gives the photo; nil keeps the first photo there is.
    public let photoSource: Int?
    /// How phone numbers without a country code are read when telling duplicates apart.
    public let region: PhoneRegion

    public init(_ contacts: [ContactDetails], nameSource: Int = 0, photoSource: Int? = nil, region: PhoneRegion) {
        self.contacts = contacts
        self.nameSource = nameSource
        self.photoSource = photoSource
        self.region = region
    }

    /// Properties that name the contact: the chosen contact's are the only ones kept.
    private static let nameProperties = Set(["FN", "N", "SORT-STRING"] + CardReading.phoneticProperties)
    /// Properties that belong to each stored card and not to the person.
    private static let cardProperties: Set<String> = ["VERSION", "UID", "REV", "PRODID", "PHOTO"]
    /// The text fields that hold one value, which a later contact fills where the first has none.
    private static var singleTexts: [WritableKeyPath<ContactDetails, String>] { [\.nickname, \.organization, \.department, \.jobTitle] }

    /// The merged details.
    /// - Throws: what `ContactDetails(card:)` throws for a card without a name.
    public func merged() throws(ContactValidationError) -> ContactDetails {
        var builder = MergedCard(identity: EntryIdentity(region: region))
        let named = contacts[nameSource].vCard(uid: "", version: .v4_0).properties
            .filter { Self.nameProperties.contains($0.name) && $0.group == nil }
        builder.add(named, reading: CardReading(named))
        for details in contacts {
            let properties = details.vCard(uid: "", version: .v4_0).properties.filter {
                !Self.cardProperties.contains($0.name) && !Self.nameProperties.contains($0.name)
            }
            builder.add(properties, reading: CardReading(properties))
        }
        var card = builder.card
        if card.properties.contains(where: { $0.name == "BDAY" }) {
            card.properties.removeAll { $0.name == CardReading.ageProperty }
        }
        var result = try ContactDetails(card: card)
        // The chosen contact's name as it reads it, whatever other FN lines its card carries.
        result.name = contacts[nameSource].name
        for field in Self.singleTexts where result[keyPath: field].isEmpty {
            result[keyPath: field] = contacts.lazy.map { $0[keyPath: field] }.first { !$0.isEmpty } ?? ""
        }
        // Parts and a reading of the same name, where the chosen contact gives none.
        let sameName = contacts.filter { $0.name == result.name }
        if result.nameParts.isEmpty { result.nameParts = sameName.lazy.map(\.nameParts).first { !$0.isEmpty } ?? NameParts() }
        if result.phoneticName.isEmpty {
            result.phoneticName = sameName.lazy.map(\.phoneticName).first { !$0.isEmpty } ?? PhoneticName()
        }
        if result.sex == .notSet { result.sex = contacts.lazy.map(\.sex).first { $0 != .notSet } ?? .notSet }
        if result.birthday == nil, let birthday = contacts.lazy.compactMap(\.birthday).first { (result.birthday, result.age) = (birthday, nil) }
        result.photo = photoSource.map { contacts[$0].photo } ?? contacts.lazy.compactMap(\.photo).first
        return result
    }
}

/// What makes two entries of a field one entry, whatever their labels: a phone's number in
/// international form (as `region` reads it), an email without case, an address's parts
/// without case, a website as written, a handle or profile by service and handle without
/// case; a date or related name with its label too, since the label says what it is (the
/// mother's and the daughter's Mary are two people).
public struct EntryIdentity: Sendable {
    /// How numbers without a country code are read.
    public let region: PhoneRegion

    public init(region: PhoneRegion) {
        self.region = region
    }

    /// The number in international form; else as written, without spaces.
    public func key(_ phone: PhoneNumber) -> String {
        region.international(phone.number) ?? phone.number.filter { !$0.isWhitespace }
    }

    /// The address without case.
    public func key(_ email: EmailAddress) -> String { email.address.trimmed.lowercased() }

    /// The parts from street to country without case (the country code and label aside).
    public func key(_ address: PostalAddress) -> String {
        address.parts.map { $0.trimmed.lowercased() }.joined(separator: "\u{1F}")
    }

    /// The URL as written (its path may tell case apart).
    public func key(_ website: Website) -> String { website.url.trimmed }

    /// The service and the handle, both without case.
    public func key(_ handle: ServiceHandle) -> String {
        handle.service.lowercased() + "\u{1F}" + handle.handle.trimmed.lowercased()
    }

    /// The label and the date.
    public func key(_ date: LabelledDate) -> String { date.label.rawValue + "\u{1F}" + date.date.description }

    /// The label and the name.
    public func key(_ related: RelatedName) -> String { related.label.rawValue + "\u{1F}" + related.name.trimmed }

    /// The key of each property a reading takes an entry or a single value from, by index: the
    /// kind with the entry's key, or for a single value its field alone (so the first card's wins).
    func keys(of reading: CardReading) -> [Int: String] {
        var keys: [Int: String] = [:]
        func add<Value>(_ kind: String, _ entries: [CardReading.Entry<Value>], _ key: (Value) -> String) {
            for entry in entries {
                for source in entry.sources { keys[source] = kind + ":" + key(entry.value) }
            }
        }
        add("TEL", reading.phones, key)
        add("EMAIL", reading.emails, key)
        add("ADR", reading.addresses, key)
        add("URL", reading.urls, key)
        add("IMPP", reading.instantMessages, key)
        add("SOCIALPROFILE", reading.socialProfiles, key)
        add("DATE", reading.dates, key)
        add("RELATED", reading.relatedNames, key)
        let singles = [("NICKNAME", reading.nicknameSources), ("ORG", reading.organizationSources), ("TITLE", reading.jobTitleSources),
                       ("KIND", reading.kindSources), ("GENDER", reading.sexSources), ("BDAY", reading.birthdaySources),
                       (CardReading.ageProperty, reading.ageSources)]
        for (field, sources) in singles {
            for source in sources { keys[source] = field }
        }
        return keys
    }
}

/// The merged card as it is built, one contact's properties after another.
private struct MergedCard {
    let identity: EntryIdentity
    private(set) var properties: [VCardProperty] = []
    private var seen: Set<String> = []
    private var groupNumber = 0
    private var noteIndex: Int?
    private var categoriesIndex: Int?

    init(identity: EntryIdentity) {
        self.identity = identity
    }

    var card: VCard { VCard(properties: properties) }

    /// Adds one contact's properties: ungrouped ones each on its own, grouped ones (Apple's
    /// `item1.TEL` with its `item1.X-ABLABEL`) together under a new group name, or not at all
    /// when the entry they label is already there (with the first card's label).
    /// - Parameter reading: the reading of `contactProperties`, which tells the entries apart.
    mutating func add(_ contactProperties: [VCardProperty], reading: CardReading) {
        let entryKeys = identity.keys(of: reading)
        var groups: [String: [(property: VCardProperty, key: String?)]] = [:]
        var groupOrder: [String] = []
        for (index, property) in contactProperties.enumerated() {
            // Apple's X-ABLABEL, X-ABADR… describe the group's entry; two contacts may share a label
            // ("Other") on different numbers, so only the entry (an X-ABDATE is one) and lines the
            // model does not read decide.
            let key = entryKeys[index] ?? (property.name.hasPrefix("X-AB") ? nil : Self.lineKey(of: property))
            guard let group = property.group?.lowercased() else {
                addUngrouped(property, key: key ?? Self.lineKey(of: property))
                continue
            }
            if groups[group] == nil { groupOrder.append(group) }
            groups[group, default: []].append((property, key))
        }
        for group in groupOrder {
            let members = groups[group, default: []]
            // A group of two entries, one already there, keeps only the new one (and its label).
            let new = members.filter { member in member.key.map { seen.insert($0).inserted } ?? true }
            guard new.contains(where: { $0.key != nil }) || !members.contains(where: { $0.key != nil }) else { continue }
            groupNumber += 1
            let name = "merged\(groupNumber)"
            properties += new.map { member in
                var renamed = member.property
                renamed.group = name
                return renamed
            }
        }
    }

    private mutating func addUngrouped(_ property: VCardProperty, key: String) {
        switch property.name {
        case "NOTE":
            appendNote(property)
        case "CATEGORIES":
            mergeCategories(property)
        default:
            guard seen.insert(key).inserted else { return }
            properties.append(property)
        }
    }

    /// What makes two properties the model reads no entry from the same: the whole line.
    private static func lineKey(of property: VCardProperty) -> String {
        var bare = property
        bare.group = nil
        return VCardWriter(version: .v4_0).contentLine(for: bare)
    }

    /// Notes that differ are kept one after another in one NOTE, which is the one a phone shows.
    private mutating func appendNote(_ property: VCardProperty) {
        let text = property.textValue.trimmed
        guard !text.isEmpty else { return }
        guard let existing = noteIndex else {
            noteIndex = properties.count
            properties.append(VCardProperty(name: "NOTE", text: text))
            return
        }
        let current = properties[existing].textValue
        guard !current.components(separatedBy: "\n\n").contains(text) else { return }
        properties[existing] = VCardProperty(name: "NOTE", text: current + "\n\n" + text)
    }

    /// One CATEGORIES with every category of every contact, each once.
    private mutating func mergeCategories(_ property: VCardProperty) {
        let values = property.listValue.map(\.trimmed).filter { !$0.isEmpty }
        guard let existing = categoriesIndex else {
            categoriesIndex = properties.count
            properties.append(VCardProperty(name: "CATEGORIES", components: [values.uniqued()]))
            return
        }
        let current = properties[existing].listValue
        properties[existing] = VCardProperty(name: "CATEGORIES", components: [(current + values).uniqued()])
    }
}

private extension Array where Element == String {
    /// The strings in order, each once (compared without case).
    func uniqued() -> [String] {
        var seen: Set<String> = []
        return filter { seen.insert($0.lowercased()).inserted }
    }
}
