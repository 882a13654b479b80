import Foundation
import VCard

/// Groups as cards carry them, both ways clients write them: on each contact, the group names in
/// CATEGORIES (DAVx5, Thunderbird, Evolution, Google); and as a card of its own for each group,
/// listing its members by UID (Apple's `X-ADDRESSBOOKSERVER-KIND:group` with
/// `X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:…` lines, vCard 4.0's `KIND:group` with `MEMBER`).
/// The store keeps the two in step; these read and rewrite the lines, leaving every other alone.
extension ContactDetails {
    static let categoriesProperty = "CATEGORIES"
    static let appleKindProperty = "X-ADDRESSBOOKSERVER-KIND"
    static let appleMemberProperty = "X-ADDRESSBOOKSERVER-MEMBER"
    static let kindProperty = "KIND"
    static let memberProperty = "MEMBER"
    /// The longest group name, in characters.
    public static let maximumGroupNameLength = 100

    /// A new group's card as Apple Contacts writes one: its name (FN and N) and
    /// `X-ADDRESSBOOKSERVER-KIND:group`, no members yet.
    public static func group(named name: String) -> ContactDetails {
        ContactDetails(name: name, extraProperties: [line(of: VCardProperty(name: appleKindProperty, value: "group"))])
    }

    /// A group name as groups are kept and matched: trimmed, in NFC; nil when it is empty, longer
    /// than `maximumGroupNameLength`, or holds a control, format or line-separator character.
    public static func groupName(_ name: String) -> String? {
        let normalized = name.trimmed.precomposedStringWithCanonicalMapping
        guard !normalized.isEmpty, normalized.count <= maximumGroupNameLength,
              !normalized.unicodeScalars.contains(where: { [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) })
        else { return nil }
        return normalized
    }

    /// What the card says about groups, read in one pass over its lines (what every write of a
    /// card pays, so each line's name is looked at once and only the lines named CATEGORIES,
    /// KIND or MEMBER are parsed): whether it is a group's card, a contact's categories (empty
    /// for a group's card) and a group card's members (empty for a contact).
    public var groupFacts: (isGroup: Bool, categories: [String], members: [String]) {
        var (kindLine, categoryLine, memberLine) = (false, false, false)
        for line in extraProperties {
            let name = Self.groupedName(of: line)
            guard let last = name.last.map({ $0 | 0x20 }), [UInt8(ascii: "s"), UInt8(ascii: "d"), UInt8(ascii: "r")].contains(last)
            else { continue }
            if Self.name(name, is: Self.categoriesProperty) { categoryLine = true }
            if Self.name(name, is: Self.kindProperty) || Self.name(name, is: Self.appleKindProperty) { kindLine = true }
            if Self.name(name, is: Self.memberProperty) || Self.name(name, is: Self.appleMemberProperty) { memberLine = true }
        }
        if kindLine, isGroup { return (true, [], memberLine ? groupMembers : []) }
        return (false, categoryLine ? categories : [], [])
    }

    // MARK: Categories

    /// The group names the contact's CATEGORIES lines list, in order, each once; names no group
    /// can have (see `groupName`) are left out.
    public var categories: [String] {
        var seen: Set<String> = []
        return extraProperties.lazy.filter { Self.line($0, names: Self.categoriesProperty) }
            .compactMap(Self.property(ofLine:))
            .flatMap(\.listValue)
            .compactMap(Self.groupName)
            .filter { seen.insert($0).inserted }
    }

    /// Takes the names in `removing` out of every CATEGORIES line (a line left empty goes) and
    /// adds those in `adding` the contact is not in yet, to its first CATEGORIES line (or a new one).
    public mutating func changeCategories(adding: [String], removing: [String]) {
        let removed = Set(removing)
        var present: Set<String> = []
        var first: Int?
        var index = 0
        while index < extraProperties.count {
            guard Self.line(extraProperties[index], names: Self.categoriesProperty),
                  var property = Self.property(ofLine: extraProperties[index]) else {
                index += 1
                continue
            }
            let values = property.listValue
            let kept = values.filter { Self.groupName($0).map { !removed.contains($0) } ?? true }
            present.formUnion(kept.compactMap(Self.groupName))
            if kept.isEmpty {
                extraProperties.remove(at: index)
                continue
            }
            if kept.count != values.count {
                property.value = VCardProperty(name: Self.categoriesProperty, components: [kept]).value
                extraProperties[index] = Self.line(of: property)
            }
            first = first ?? index
            index += 1
        }
        let added = adding.filter { present.insert($0).inserted }
        guard !added.isEmpty else { return }
        if let first, var property = Self.property(ofLine: extraProperties[first]) {
            property.value = VCardProperty(name: Self.categoriesProperty, components: [property.listValue + added]).value
            extraProperties[first] = Self.line(of: property)
        } else {
            extraProperties.append(Self.line(of: VCardProperty(name: Self.categoriesProperty, components: [added])))
        }
    }

    /// Renames a category where it stands (the contact keeps its order of groups); when the
    /// contact already has the new name, the old one just goes.
    public mutating func renameCategory(_ old: String, to new: String) {
        guard categories.contains(old) else { return }
        guard !categories.contains(new),
              let index = extraProperties.firstIndex(where: { line in
                  Self.line(line, names: Self.categoriesProperty)
                      && Self.property(ofLine: line)?.listValue.contains { Self.groupName($0) == old } == true
              }),
              var property = Self.property(ofLine: extraProperties[index]) else {
            changeCategories(adding: [], removing: [old])
            return
        }
        let renamed = property.listValue.map { Self.groupName($0) == old ? new : $0 }
        property.value = VCardProperty(name: Self.categoriesProperty, components: [renamed]).value
        extraProperties[index] = Self.line(of: property)
    }

    // MARK: Group cards

    /// Whether this is a group's card: `X-ADDRESSBOOKSERVER-KIND:group` or `KIND:group`.
    public var isGroup: Bool {
        extraProperties.contains { line in
            let name = Self.groupedName(of: line)
            return (Self.name(name, is: Self.kindProperty) || Self.name(name, is: Self.appleKindProperty))
                && Self.property(ofLine: line).map { $0.textValue.trimmed.lowercased() == "group" } == true
        }
    }

    /// The group card's members, each as `memberKey` of the UID it names, in order, each once.
    public var groupMembers: [String] {
        var seen: Set<String> = []
        return memberLines.compactMap { Self.property(ofLine: extraProperties[$0]) }
            .map { Self.memberKey($0.value) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Takes the members in `removing` off the group card and adds those in `adding` it does not
    /// list yet, as lines of the form the card already uses (Apple's unless it is a vCard 4.0
    /// `KIND:group` card), each naming the member as `urn:uuid:<UID>`.
    public mutating func changeGroupMembers(adding: [String], removing: [String]) {
        let removed = Set(removing)
        let lines = memberLines
        var present: Set<String> = []
        var drop: Set<Int> = []
        for index in lines {
            let key = Self.property(ofLine: extraProperties[index]).map { Self.memberKey($0.value) } ?? ""
            if removed.contains(key) { drop.insert(index) } else { present.insert(key) }
        }
        extraProperties = extraProperties.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
        let usesKind = !extraProperties.contains { Self.line($0, names: Self.appleKindProperty) }
        let name = usesKind ? Self.memberProperty : Self.appleMemberProperty
        for key in adding where present.insert(key).inserted {
            extraProperties.append(Self.line(of: VCardProperty(name: name, value: "urn:uuid:" + key)))
        }
    }

    /// How a group card names a member and how a contact's UID is matched against it: the UID
    /// without a leading `urn:uuid:` (in any case), trimmed.
    public static func memberKey(_ uid: String) -> String {
        let trimmed = uid.trimmed
        let prefix = "urn:uuid:"
        guard trimmed.utf8.count > prefix.utf8.count, trimmed.lowercased().hasPrefix(prefix) else { return trimmed }
        return String(trimmed.dropFirst(prefix.count))
    }

    /// The indices of the card's member lines.
    private var memberLines: [Int] {
        extraProperties.indices.filter {
            Self.line(extraProperties[$0], names: Self.appleMemberProperty) || Self.line(extraProperties[$0], names: Self.memberProperty)
        }
    }
}
