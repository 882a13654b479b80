/// The label of one phone, email, address, website, handle, date or related name: one of the
/// standard labels iOS and Google Contacts offer, or any text a person typed.
///
/// A standard label is kept as its key (`mobile`, `home-fax`, `anniversary`), which every
/// language words on its own; a custom one as the text typed. Text that names a standard label
/// in English, in any case (`Home`, `HomeFAX`, Apple's `_$!<Home>!$_`), is that label.
public struct ContactLabel: Hashable, Sendable, Codable {
    /// The key of a standard label, or the custom text.
    public let rawValue: String

    /// The label for `text`: a standard one when the text names one, else custom (trimmed,
    /// without control characters); empty text is `other`.
    public init(_ text: String) {
        if Self.standardKeys.contains(text) {
            rawValue = text
            return
        }
        var word = text.withoutControlCharacters().trimmed
        if word.hasPrefix("_$!<") && word.hasSuffix(">!$_") { word = String(word.dropFirst(4).dropLast(4)) }
        if word.isEmpty {
            rawValue = Self.other.rawValue
        } else {
            rawValue = Self.standardByFoldedWord[Self.folded(word)] ?? word
        }
    }

    /// A word as standard labels are matched: lower-case letters and digits only.
    private static func folded(_ word: String) -> String {
        word.lowercased().filter { $0.isLetter || $0.isNumber }
    }

    private init(key: String) { rawValue = key }

    /// Whether the label is one a person typed rather than a standard one.
    public var isCustom: Bool { !Self.standard.contains { $0.key == rawValue } }

    /// The word Apple writes for a standard label (`Mobile`, `HomeFAX`); the text of a custom one.
    public var appleWord: String { Self.standard.first { $0.key == rawValue }?.appleWord ?? rawValue }

    /// The label as Apple's `X-ABLabel` writes it: `_$!<Word>!$_` for a standard label, the text
    /// of a custom one.
    public var appleLabel: String { isCustom ? rawValue : "_$!<" + appleWord + ">!$_" }

    public static let mobile = ContactLabel(key: "mobile")
    public static let iPhone = ContactLabel(key: "iphone")
    public static let home = ContactLabel(key: "home")
    public static let work = ContactLabel(key: "work")
    public static let school = ContactLabel(key: "school")
    public static let main = ContactLabel(key: "main")
    public static let homeFax = ContactLabel(key: "home-fax")
    public static let workFax = ContactLabel(key: "work-fax")
    public static let pager = ContactLabel(key: "pager")
    public static let other = ContactLabel(key: "other")
    public static let homePage = ContactLabel(key: "homepage")
    public static let anniversary = ContactLabel(key: "anniversary")
    public static let mother = ContactLabel(key: "mother")
    public static let father = ContactLabel(key: "father")
    public static let parent = ContactLabel(key: "parent")
    public static let brother = ContactLabel(key: "brother")
    public static let sister = ContactLabel(key: "sister")
    public static let child = ContactLabel(key: "child")
    public static let friend = ContactLabel(key: "friend")
    public static let spouse = ContactLabel(key: "spouse")
    public static let partner = ContactLabel(key: "partner")
    public static let assistant = ContactLabel(key: "assistant")
    public static let manager = ContactLabel(key: "manager")

    private static let standardKeys = Set(standard.map(\.key))
    /// Each standard label's key by its key and its Apple word, folded.
    private static let standardByFoldedWord = Dictionary(
        standard.flatMap { [(folded($0.key), $0.key), (folded($0.appleWord), $0.key)] }, uniquingKeysWith: { first, _ in first })

    /// Every standard label: its key and the word Apple writes for it.
    private static let standard: [(key: String, appleWord: String)] = [
        ("mobile", "Mobile"), ("iphone", "iPhone"), ("home", "Home"), ("work", "Work"), ("school", "School"),
        ("main", "Main"), ("home-fax", "HomeFAX"), ("work-fax", "WorkFAX"), ("pager", "Pager"), ("other", "Other"),
        ("homepage", "HomePage"), ("anniversary", "Anniversary"), ("mother", "Mother"), ("father", "Father"),
        ("parent", "Parent"), ("brother", "Brother"), ("sister", "Sister"), ("child", "Child"), ("friend", "Friend"),
        ("spouse", "Spouse"), ("partner", "Partner"), ("assistant", "Assistant"), ("manager", "Manager"),
    ]

    /// Every standard label.
    public static var allStandard: [ContactLabel] { standard.map { ContactLabel(key: $0.key) } }

    /// The standard labels a picker offers for each kind of entry, in the order iOS lists them.
    public static func choices(for kind: LabelledField) -> [ContactLabel] {
        switch kind {
        case .phone: [.mobile, .iPhone, .home, .work, .main, .homeFax, .workFax, .pager, .other]
        case .email, .address, .instantMessage: [.home, .work, .school, .other]
        case .url: [.homePage, .home, .work, .school, .other]
        case .date: [.anniversary, .other]
        case .relatedName: [.mother, .father, .parent, .brother, .sister, .child, .friend, .spouse, .partner, .assistant,
                            .manager, .other]
        }
    }

    /// The label a new entry of this kind starts with.
    public static func initial(for kind: LabelledField) -> ContactLabel {
        choices(for: kind)[0]
    }

    /// The longest custom label, in characters.
    public static let maximumLength = 50
}

/// The kinds of labelled entry a contact has any number of.
public enum LabelledField: String, Sendable, CaseIterable, Codable {
    case phone, email, address, url, instantMessage, date, relatedName
}
