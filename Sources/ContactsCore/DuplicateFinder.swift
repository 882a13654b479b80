/// What duplicate detection reads of a contact.
public struct DuplicateCandidate: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let phones: [String]
    public let emails: [String]
    /// Instant-messaging handles (WeChat, QQ…).
    public let handles: [ServiceHandle]
    /// The name's `NameCollationKey.sortKey` when it is at hand (the store keeps it), which
    /// spares reading the name again; nil reads it.
    public let sortKey: String?

    public init(id: Int64, name: String, phones: [String], emails: [String], handles: [ServiceHandle] = [], sortKey: String? = nil) {
        self.id = id
        self.name = name
        self.phones = phones
        self.emails = emails
        self.handles = handles
        self.sortKey = sortKey
    }
}

/// Why contacts look like one person.
public enum DuplicateReason: Sendable, Hashable, Comparable {
    /// The same name in any of its forms: 張三 = 张三 = Zhang San = San Zhang.
    case sameName
    /// The same phone number, in international form, however each contact writes it.
    case samePhone(String)
    /// The same email address, compared without case.
    case sameEmail(String)
    /// The same instant-messaging handle on the same service, compared without case.
    case sameHandle(service: String, handle: String)
    /// Names a letter or two apart, or one within the other, beside a shared number or address.
    case similarName
}

/// Two contacts, the smaller id first: what "Not duplicates" remembers.
public struct DuplicatePair: Sendable, Hashable {
    public let first: Int64
    public let second: Int64

    public init(_ one: Int64, _ other: Int64) {
        (first, second) = one < other ? (one, other) : (other, one)
    }
}

/// Contacts that look like one person, and why.
public struct DuplicateSuggestion: Sendable, Equatable {
    /// The contacts, in the order they were given to the finder.
    public let ids: [Int64]
    public let reasons: [DuplicateReason]

    public init(ids: [Int64], reasons: [DuplicateReason]) {
        self.ids = ids
        self.reasons = reasons
    }
}

/// Finds contacts that look like one person: the same phone number however written, the same
/// email or messaging handle, the same name in any script or order. Each key is looked up in a
/// table, so a book of 50,000 contacts takes one pass, not 50,000² comparisons.
public struct DuplicateFinder: Sendable {
    /// How numbers without a country code are read.
    public var region: PhoneRegion
    /// Pairs a person said are different people.
    public var dismissed: Set<DuplicatePair>

    /// A phone, email, handle or name shared by more contacts than this (a switchboard, `张伟` in a
    /// book of thousands) says nothing about any two of them.
    static let mostSharing = 12

    public init(region: PhoneRegion, dismissed: Set<DuplicatePair> = []) {
        self.region = region
        self.dismissed = dismissed
    }

    /// The groups of contacts that look like one person, in the order of their first member
    /// among `candidates`. Pairs in `dismissed` do not join a group.
    public func suggestions(among candidates: [DuplicateCandidate]) -> [DuplicateSuggestion] {
        var sharing: [MatchKey: [Int]] = [:]
        sharing.reserveCapacity(candidates.count * 3)
        var writtenInHan = [Bool](repeating: false, count: candidates.count)
        for (index, candidate) in candidates.enumerated() {
            let name = NameForms(candidate.name, sortKey: candidate.sortKey)
            writtenInHan[index] = name.isHan
            for key in keys(of: candidate, name: name) { sharing[key, default: []].append(index) }
        }
        var reasons: [IndexPair: Set<DuplicateReason>] = [:]
        for (key, members) in sharing where members.count > 1 && members.count <= Self.mostSharing {
            for (offset, one) in members.enumerated() {
                for other in members[(offset + 1)...] where one != other {
                    // Two names in characters are the same name only written alike (homophones are not).
                    if case .spokenName = key, writtenInHan[one] && writtenInHan[other] { continue }
                    guard !dismissed.contains(DuplicatePair(candidates[one].id, candidates[other].id)) else { continue }
                    reasons[IndexPair(one, other), default: []].insert(key.reason)
                }
            }
        }
        for (pair, found) in reasons where !found.contains(.sameName)
            && NameForms.areSimilar(candidates[pair.first].name, candidates[pair.second].name) {
            reasons[pair]?.insert(.similarName)
        }
        return groups(of: reasons, among: candidates)
    }

    /// The pairs joined into groups (a chain of pairs is one group), each with every reason of its pairs.
    private func groups(of reasons: [IndexPair: Set<DuplicateReason>], among candidates: [DuplicateCandidate]) -> [DuplicateSuggestion] {
        var parent = Array(candidates.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        for pair in reasons.keys {
            let (one, other) = (root(pair.first), root(pair.second))
            if one != other { parent[max(one, other)] = min(one, other) }
        }
        var members: [Int: [Int]] = [:]
        var groupReasons: [Int: Set<DuplicateReason>] = [:]
        for (pair, found) in reasons {
            groupReasons[root(pair.first), default: []].formUnion(found)
        }
        for index in candidates.indices where groupReasons[root(index)] != nil {
            members[root(index), default: []].append(index)
        }
        return members.keys.sorted().map { first in
            DuplicateSuggestion(ids: members[first, default: []].map { candidates[$0].id },
                                reasons: groupReasons[first, default: []].sorted())
        }
    }

    /// What the contact may share with another, each once.
    private func keys(of candidate: DuplicateCandidate, name: NameForms) -> [MatchKey] {
        var keys: [MatchKey] = []
        func add(_ key: MatchKey) {
            if !keys.contains(key) { keys.append(key) }
        }
        for phone in candidate.phones {
            if let number = region.international(phone) { add(.phone(number)) }
        }
        for email in candidate.emails {
            let address = email.trimmed.lowercased()
            if address.contains("@") { add(.email(address)) }
        }
        for handle in candidate.handles {
            let id = handle.handle.trimmed.lowercased()
            if !id.isEmpty { add(.handle(service: handle.service.lowercased(), handle: id)) }
        }
        if let written = name.written { add(.writtenName(written)) }
        for spoken in name.spoken { add(.spokenName(spoken)) }
        return keys
    }
}

/// What two contacts may share.
private enum MatchKey: Hashable {
    case phone(String)
    case email(String)
    /// A service and a handle on it, both without case.
    case handle(service: String, handle: String)
    /// A name in Chinese characters, simplified, without spaces.
    case writtenName(String)
    /// A name as it sounds: its words in alphabetical order, `san zhang`.
    case spokenName(String)

    var reason: DuplicateReason {
        switch self {
        case .phone(let number): .samePhone(number)
        case .email(let address): .sameEmail(address)
        case .handle(let service, let handle): .sameHandle(service: ServiceHandle.serviceName(service), handle: handle)
        case .writtenName, .spokenName: .sameName
        }
    }
}

/// Two indexes into the candidates, the smaller first.
private struct IndexPair: Hashable {
    let first: Int
    let second: Int

    init(_ one: Int, _ other: Int) {
        (first, second) = one < other ? (one, other) : (other, one)
    }
}

/// The forms a name is compared in.
private struct NameForms {
    let isHan: Bool
    /// The name's Chinese characters, simplified (张三 for 張三); nil for names not in characters.
    let written: String?
    /// The name's sounds with the words in any order: `san zhang`; for a name in characters
    /// also as surname and given name, `sanfeng zhang` for 张三丰 (as Zhang Sanfeng writes it).
    let spoken: [String]

    /// - Parameter sortKey: the name's collation sort key, whose words are its syllables; nil
    ///   reads them from the name.
    init(_ name: String, sortKey: String? = nil) {
        // Han characters are one scalar each; a name with any other letter is not written in them.
        let scalars = name.unicodeScalars.filter { !$0.properties.isWhitespace }
        let han = !scalars.isEmpty && scalars.allSatisfy(\.properties.isIdeographic)
        isHan = han
        let characters = han ? scalars.map { Character($0) } : []
        written = han ? String(String.UnicodeScalarView(scalars.map(SimplifiedChinese.simplified))) : nil
        let syllables = sortKey.map(Self.syllables(ofSortKey:)) ?? NameCollation.syllables(of: Array(name.trimmed))
        guard syllables.reduce(0, { $0 + $1.count }) >= 2 else {
            spoken = []
            return
        }
        var spoken = [syllables.sorted().joined(separator: " ")]
        // Each character one syllable: the surname's are the first, one or two of them.
        if han && characters.count > 2 && syllables.count == characters.count {
            let surnameLength = SurnameReadings.match(characters)?.length ?? 1
            spoken.append([syllables[..<surnameLength].joined(), syllables[surnameLength...].joined()].sorted().joined(separator: " "))
        }
        self.spoken = spoken
    }

    /// The words of a sort key (`zhang san`; `{` leads a name filed under `#`).
    private static func syllables(ofSortKey key: String) -> [String] {
        key.split(separator: " ").map { String($0.hasPrefix("{") ? $0.dropFirst() : $0) }.filter { !$0.isEmpty }
    }

    /// Whether two names differ by a letter or two (`Zhang San` and `Zhang Shan`) or one holds
    /// the other (`Li Lei` and `Li Lei (work)`), compared as lowercase sounds.
    static func areSimilar(_ one: String, _ other: String) -> Bool {
        let (a, b) = (Array(NameCollation.syllables(of: Array(one.trimmed)).joined()),
                      Array(NameCollation.syllables(of: Array(other.trimmed)).joined()))
        let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
        guard shorter.count >= 2 else { return false }
        if String(longer).contains(String(shorter)) { return true }
        return longer.count - shorter.count <= 2 && editDistance(shorter, longer, atMost: 2) <= 2
    }

    /// The Levenshtein distance, or `limit + 1` once it is known to exceed `limit`.
    private static func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
