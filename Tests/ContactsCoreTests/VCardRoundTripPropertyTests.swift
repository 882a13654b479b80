import Foundation
import Testing
import TestSupport
import VCard
@testable import ContactsCore

/// Random valid contact details: text in many scripts with CJK, emoji and combining marks,
/// every character vCard escapes, lines far longer than 75 octets, random labels, emails,
/// birthdays with and without a year, sex, age and a small photo.
struct RandomDetails {
    var random: SeededGenerator
    let today: Date

    init(seed: UInt64, today: Date) {
        random = SeededGenerator(seed: seed)
        self.today = today
    }

    /// ASCII, Latin, combining marks, Cyrillic, Arabic, CJK, Hangul, emoji, CJK extension B.
    private static let scalarRanges: [ClosedRange<UInt32>] = [
        0x21...0x7E, 0x21...0x7E, 0xA1...0x17F, 0x300...0x36F, 0x400...0x4FF, 0x600...0x6FF,
        0x4E00...0x9FFF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1F64F, 0x20000...0x2A6DF,
    ]
    /// What escaping, quoting and folding must get right.
    private static let specials: [String] = ["\\", ",", ";", ":", "\"", "^", "=", " ", "'", "👩‍👩‍👧", "é", "e\u{301}", "\\n", "\\,", "tel:"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// Text of up to `maximumLength` characters, trimmed; line breaks only when `newlines`.
    mutating func text(maximumLength: Int, newlines: Bool = false) -> String {
        var text = ""
        for _ in 0..<int(0...maximumLength) {
            switch int(0...9) {
            case 0, 1:
                text += Self.specials.randomElement(using: &random)!
            case 2 where newlines:
                text += ["\n", "\n\n", " \n "].randomElement(using: &random)!
            default:
                let range = Self.scalarRanges.randomElement(using: &random)!
                text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
            }
        }
        return String(text.trimmed.prefix(maximumLength)).trimmed
    }

    mutating func name() -> String {
        while true {
            let name = text(maximumLength: int(0...3) == 0 ? 200 : 30)
            if !name.isEmpty { return name }
        }
    }

    mutating func phone() -> PhoneNumber {
        let characters = Array("0123456789 +-()#*.,;:/x转分机") + ["\\"]
        var number = String((0..<int(1...40)).map { _ in characters.randomElement(using: &random)! })
        number.insert(Character(String(int(0...9))), at: number.index(number.startIndex, offsetBy: int(0...number.count)))
        return PhoneNumber(String(number.trimmed.prefix(100)), label: label(for: .phone))
    }

    /// A standard label of the kind, or (one time in five) a custom one in any script.
    mutating func label(for kind: LabelledField) -> ContactLabel {
        guard chance(20) else { return ContactLabel.choices(for: kind).randomElement(using: &random)! }
        while true {
            let text = text(maximumLength: ContactLabel.maximumLength)
            if !text.isEmpty { return ContactLabel(text) }
        }
    }

    /// Text that is not empty.
    mutating func someText(maximumLength: Int) -> String {
        while true {
            let text = text(maximumLength: maximumLength)
            if !text.isEmpty { return text }
        }
    }

    /// A handle as people have them: letters, digits and the punctuation handles use.
    mutating func handle() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyzABC0123456789_.-@+") + ["张", "é"]
        return String((0..<int(1...30)).map { _ in characters.randomElement(using: &random)! })
    }

    mutating func address() -> PostalAddress {
        var parts = (0..<5).map { _ in chance(40) ? "" : text(maximumLength: 40, newlines: false) }
        if parts.allSatisfy(\.isEmpty) { parts[0] = someText(maximumLength: 40) }
        if chance(30) && !parts[0].isEmpty { parts[0] += "\n" + someText(maximumLength: 20) }
        let codes = ["", "", "cn", "us", "de"]
        return PostalAddress(label: label(for: .address), street: parts[0], city: parts[1], region: parts[2], postcode: parts[3],
                             country: parts[4], countryCode: codes.randomElement(using: &random)!)
    }

    mutating func email() -> String {
        let local = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._%+-\\,;:!#$&'*/=?^`{|}~张三😀é")
        let label = Array("abcdefghijklmnopqrstuvwxyz0123456789例子中国")
        let user = String((0..<int(1...30)).map { _ in local.randomElement(using: &random)! })
        let domain = (0..<int(2...4)).map { _ in String((0..<int(1...12)).map { _ in label.randomElement(using: &random)! }) }
        let email = user + "@" + domain.joined(separator: ".")
        return email.lowercased().hasPrefix("mailto:") ? "x" + email : email
    }

    mutating func birthday() -> CalendarDate {
        let year: Int? = chance(30) ? nil : int(1900...2024)
        let month = int(1...12)
        var components = DateComponents(year: year ?? 2000, month: month)
        components.calendar = .gregorianUTC
        let days = Calendar.gregorianUTC.range(of: .day, in: .month, for: components.date!)!.count
        return CalendarDate(year: year, month: month, day: int(1...days))
    }

    mutating func photo() -> Photo {
        let magic: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF, 0xE0], [0xFF, 0xD8, 0xFF, 0xDB],
            Array("GIF89a".utf8), Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8),
        ]
        let bytes = magic.randomElement(using: &random)! + (0..<int(0...3_000)).map { _ in UInt8.random(in: 0...255, using: &random) }
        return try! Photo(data: bytes)
    }

    mutating func details() -> ContactDetails {
        let birthday = chance(50) ? birthday() : nil
        func some<T>(_ percent: Int, _ count: ClosedRange<Int>, _ make: (inout Self) -> T) -> [T] {
            chance(percent) ? (0..<int(count)).map { _ in make(&self) } : []
        }
        let parts = chance(50) ? NameParts() : NameParts(prefix: chance(70) ? "" : text(maximumLength: 10), given: text(maximumLength: 30),
                                                          middle: chance(70) ? "" : text(maximumLength: 20), family: text(maximumLength: 30),
                                                          suffix: chance(70) ? "" : text(maximumLength: 10))
        let services = ServiceHandle.messagingServices + ["Custom IM"]
        let organization = chance(50) ? "" : text(maximumLength: 60)
        return ContactDetails(
            name: name(),
            nameParts: parts,
            phoneticName: chance(60) ? PhoneticName() : PhoneticName(given: text(maximumLength: 20), middle: chance(80) ? "" : text(maximumLength: 10),
                                                                     family: text(maximumLength: 20)),
            nickname: chance(60) ? "" : text(maximumLength: 30),
            organization: organization,
            department: chance(70) ? "" : text(maximumLength: 40),
            jobTitle: chance(60) ? "" : text(maximumLength: 40),
            isCompany: !organization.isEmpty && chance(20),
            phones: (0..<(chance(80) ? int(1...4) : int(0...12))).map { _ in phone() },
            emails: (0..<int(0...4)).map { _ in EmailAddress(email(), label: label(for: .email)) },
            addresses: some(50, 1...3) { $0.address() },
            urls: some(30, 1...3) { $0.chance(50) ? Website("https://example.com/" + $0.handle(), label: $0.label(for: .url))
                                                  : Website($0.someText(maximumLength: 60), label: $0.label(for: .url)) },
            instantMessages: some(40, 1...3) { ServiceHandle(service: services.randomElement(using: &$0.random)!, handle: $0.handle(),
                                                             label: $0.label(for: .instantMessage)) },
            socialProfiles: some(20, 1...2) { ServiceHandle(service: ServiceHandle.socialServices.randomElement(using: &$0.random)!,
                                                            handle: $0.chance(30) ? "https://weibo.com/" + $0.handle() : $0.handle(),
                                                            label: $0.label(for: .instantMessage)) },
            sex: Sex.allCases.randomElement(using: &random)!,
            age: birthday == nil && chance(40) ? int(0...150) : nil,
            birthday: birthday,
            dates: some(30, 1...3) { LabelledDate($0.birthday(), label: $0.label(for: .date)) },
            relatedNames: some(30, 1...3) { RelatedName($0.someText(maximumLength: 40), label: $0.label(for: .relatedName)) },
            note: chance(40) ? "" : text(maximumLength: int(0...2) == 0 ? 2_000 : 80, newlines: true),
            photo: chance(50) ? photo() : nil)
    }
}

@Suite("ContactDetails ↔ vCard round trip")
struct VCardRoundTripPropertyTests {
    static let today = MappingFixtures.today

    /// Every field but `extraProperties` (which holds the written card's own lines after a read)
    /// that differs, found by reflection so that a field added later is compared too. Name parts
    /// left empty are those the name splits into, which the card's N carries.
    static func fieldsDiffer(_ written: ContactDetails, _ read: ContactDetails) -> [String] {
        func filled(_ details: ContactDetails) -> ContactDetails {
            var details = details
            if details.nameParts.isEmpty { details.nameParts = NameParts(splitting: details.name) }
            return details
        }
        let children = zip(Mirror(reflecting: filled(written)).children, Mirror(reflecting: filled(read)).children)
        return children.filter { $0.0.label != "extraProperties" && String(reflecting: $0.0.value) != String(reflecting: $0.1.value) }
            .map { "\($0.0.label ?? "?") \(String(reflecting: $0.0.value).prefix(300)) ≠ \(String(reflecting: $0.1.value).prefix(300))" }
    }

    @Test func generatorIsReproducibleAndValid() throws {
        var first = RandomDetails(seed: 7, today: Self.today)
        var second = RandomDetails(seed: 7, today: Self.today)
        for _ in 0..<50 {
            let details = first.details()
            #expect(details == second.details())
            let differences = Self.fieldsDiffer(details, try details.validated(now: Self.today))
            #expect(differences.isEmpty, "\(differences)")
        }
    }

    @Test(arguments: VCardWriter.Version.allCases, 0..<200)
    func randomDetailsSurviveWritingAndReading(version: VCardWriter.Version, seed: UInt64) throws {
        var generator = RandomDetails(seed: seed, today: Self.today)
        let details = generator.details()
        // The generator only makes details a person could save.
        #expect(try details.validated(now: Self.today) == details)

        let uid = "urn:uuid:\(seed)"
        let text = VCardWriter(version: version).string(for: details.vCard(uid: uid, version: version))
        let card = try VCard(parsing: text)
        #expect(card.version?.rawValue == version.rawValue)
        #expect(card.uid == uid)
        let read = try ContactDetails(card: card)
        let differences = Self.fieldsDiffer(details, read)
        #expect(differences.isEmpty, "seed \(seed), \(version): \(differences.joined(separator: "; "))")

        // Written again unchanged, the card is the same text.
        let again = VCardWriter(version: version).string(for: read.vCard(uid: uid, version: version))
        #expect(again == text, "seed \(seed), \(version)")
    }
}
