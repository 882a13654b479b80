import VCard

/// One contact made of several that are one person. The result keeps every phone, email,
/// address, note, category and property of each, written once; the name is the one chosen,
/// and so is the photo.
public struct ContactMerge: Sendable {
    /// The contacts, the one whose place the result takes first.
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
    private static let nameProperties: Set<String> = [
        "FN", "N", "SORT-STRING", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-MIDDLE-NAME", "X-PHONETIC-LAST-NAME",
    ]
    /// Properties a card holds once: the first contact that has one gives it.
    static let singleProperties: Set<String> = [
        "BDAY", "ANNIVERSARY", "GENDER", "X-GENDER", "KIND", CardReading.ageProperty,
    ]
    /// Properties that belong to each stored card and not to the person.
    private static let cardProperties: Set<String> = ["VERSION", "UID", "REV", "PRODID", "PHOTO"]

    /// The merged details.
    /// - Throws: what `ContactDetails(card:)` throws for a card without a name.
    public func merged() throws(ContactValidationError) -> ContactDetails {
        var builder = MergedCard(region: region)
        let named = contacts[nameSource].vCard(uid: "", version: .v4_0).properties
        builder.add(named.filter { Self.nameProperties.contains($0.name) && $0.group == nil })
        for details in contacts {
            let properties = details.vCard(uid: "", version: .v4_0).properties.filter {
                !Self.cardProperties.contains($0.name) && !Self.nameProperties.contains($0.name)
            }
            builder.add(properties)
        }
        var card = builder.card
        if card.properties.contains(where: { $0.name == "BDAY" }) {
            card.properties.removeAll { $0.name == CardReading.ageProperty }
        }
        var result = try ContactDetails(card: card)
        // The chosen contact's name as it reads it, whatever other FN lines its card carries.
        result.name = contacts[nameSource].name
        result.photo = photoSource.map { contacts[$0].photo } ?? contacts.lazy.compactMap(\.photo).first
        return result
    }
}

/// The merged card as it is built, one contact's properties after another.
private struct MergedCard {
    let region: PhoneRegion
    private(set) var properties: [VCardProperty] = []
    private var seen: Set<String> = []
    private var groupNumber = 0
    private var noteIndex: Int?
    private var categoriesIndex: Int?

    init(region: PhoneRegion) {
        self.region = region
    }

    var card: VCard { VCard(properties: properties) }

    /// Adds one contact's properties: ungrouped ones each on its own, grouped ones (Apple's
    /// `item1.TEL` with its `item1.X-ABLABEL`) together under a new group name, or not at all
    /// when the property they label is already there.
    mutating func add(_ contactProperties: [VCardProperty]) {
        var groups: [String: [VCardProperty]] = [:]
        var groupOrder: [String] = []
        for property in contactProperties {
            guard let group = property.group?.lowercased() else {
                addUngrouped(property, key: key(of: property))
                continue
            }
            if groups[group] == nil { groupOrder.append(group) }
            groups[group, default: []].append(property)
        }
        for group in groupOrder {
            let members = groups[group, default: []]
            // Apple's X-ABLABEL, X-ABADR… describe the group's other lines; two contacts may share a
            // label ("Other") on different numbers, so only those other lines decide.
            let keys = members.filter { !$0.name.hasPrefix("X-AB") }.map(key(of:))
            if !keys.isEmpty && keys.allSatisfy(seen.contains) { continue }
            seen.formUnion(keys)
            groupNumber += 1
            let name = "merged\(groupNumber)"
            properties += members.map { member in
                var renamed = member
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

    /// What makes two properties the same: a phone's number in international form, an email
    /// without case, one value of the properties a card holds once, else the whole line.
    private func key(of property: VCardProperty) -> String {
        switch property.name {
        case "TEL":
            // A line the contact does not read as a phone is compared as a whole, so it never
            // stands in for a number it does read.
            guard let number = CardReading.readablePhone(property) else { return VCardWriter(version: .v4_0).contentLine(for: property) }
            return "TEL:" + (region.international(number) ?? number.filter { !$0.isWhitespace })
        case "EMAIL":
            return "EMAIL:" + property.textValue.trimmed.lowercased()
        case let name where ContactMerge.singleProperties.contains(name):
            return name
        default:
            var bare = property
            bare.group = nil
            return VCardWriter(version: .v4_0).contentLine(for: bare)
        }
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
