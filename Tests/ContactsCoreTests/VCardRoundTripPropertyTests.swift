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
        return PhoneNumber(String(number.trimmed.prefix(100)), label: PhoneLabel.allCases.randomElement(using: &random)!)
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
        return ContactDetails(
            name: name(),
            phones: (0..<(chance(80) ? int(1...4) : int(0...12))).map { _ in phone() },
            sex: Sex.allCases.randomElement(using: &random)!,
            age: birthday == nil && chance(40) ? int(0...150) : nil,
            birthday: birthday,
            address: chance(50) ? "" : text(maximumLength: int(0...1) == 0 ? 300 : 40),
            emails: (0..<int(0...4)).map { _ in email() },
            note: chance(40) ? "" : text(maximumLength: int(0...2) == 0 ? 2_000 : 80, newlines: true),
            photo: chance(50) ? photo() : nil)
    }
}

@Suite("ContactDetails ↔ vCard round trip")
struct VCardRoundTripPropertyTests {
    static let today = MappingFixtures.today

    /// Every field but `extraProperties`, which holds the written card's own lines after a read.
    static func fieldsDiffer(_ lhs: ContactDetails, _ rhs: ContactDetails) -> [String] {
        var differences: [String] = []
        if lhs.name != rhs.name { differences.append("name \(lhs.name.debugDescription) ≠ \(rhs.name.debugDescription)") }
        if lhs.phones != rhs.phones { differences.append("phones \(lhs.phones) ≠ \(rhs.phones)") }
        if lhs.sex != rhs.sex { differences.append("sex \(lhs.sex) ≠ \(rhs.sex)") }
        if lhs.age != rhs.age { differences.append("age \(String(describing: lhs.age)) ≠ \(String(describing: rhs.age))") }
        if lhs.birthday != rhs.birthday { differences.append("birthday \(String(describing: lhs.birthday)) ≠ \(String(describing: rhs.birthday))") }
        if lhs.address != rhs.address { differences.append("address \(lhs.address.debugDescription) ≠ \(rhs.address.debugDescription)") }
        if lhs.emails != rhs.emails { differences.append("emails \(lhs.emails) ≠ \(rhs.emails)") }
        if lhs.note != rhs.note { differences.append("note \(lhs.note.debugDescription) ≠ \(rhs.note.debugDescription)") }
        if lhs.photo != rhs.photo { differences.append("photo \(String(describing: lhs.photo?.format)) \(lhs.photo?.data.count ?? 0) bytes ≠ \(String(describing: rhs.photo?.format)) \(rhs.photo?.data.count ?? 0) bytes") }
        return differences
    }

    @Test func generatorIsReproducibleAndValid() throws {
        var first = RandomDetails(seed: 7, today: Self.today)
        var second = RandomDetails(seed: 7, today: Self.today)
        for _ in 0..<50 {
            let details = first.details()
            #expect(details == second.details())
            #expect(try details.validated(now: Self.today, requirePhone: false) == details)
        }
    }

    @Test(arguments: VCardWriter.Version.allCases, 0..<200)
    func randomDetailsSurviveWritingAndReading(version: VCardWriter.Version, seed: UInt64) throws {
        var generator = RandomDetails(seed: seed, today: Self.today)
        let details = generator.details()
        // The generator only makes details a person could save.
        #expect(try details.validated(now: Self.today, requirePhone: false) == details)

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
