import Foundation
import TestSupport
import VCard

/// Random cards for property-based tests: text in many scripts with emoji and combining marks,
/// every character that needs escaping, long lines, groups and many parameters.
struct RandomCards {
    var random: SeededGenerator

    private static let textNames = ["FN", "NOTE", "TITLE", "ORG", "TEL", "EMAIL", "X-ABLABEL", "X-SOCIALPROFILE", "IMPP", "RELATED", "X-ABRELATEDNAMES"]
    private static let structuredNames = ["N", "ADR", "CATEGORIES", "GENDER"]
    private static let binaryNames = ["PHOTO", "LOGO", "SOUND", "KEY"]
    private static let parameterNames = ["TYPE", "PREF", "LABEL", "LANGUAGE", "SORT-AS", "X-SERVICE-TYPE", "ALTID", "PID"]
    private static let mediaTypes = ["image/jpeg", "image/png", "image/gif", "audio/ogg", "application/pgp-keys", "image/svg+xml", nil]
    /// Ranges of scalars to draw from: ASCII, Latin, combining marks, Cyrillic, Arabic, CJK, Hangul, emoji.
    private static let scalarRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x20...0x7E, 0xA0...0x17F, 0x300...0x36F, 0x400...0x4FF, 0x600...0x6FF,
        0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1F64F, 0x20000...0x2A6DF,
    ]
    /// The characters that escaping, quoting and folding must get right.
    private static let specials: [Character] = ["\\", ",", ";", ":", "\"", "^", "=", "\n", "\t", " ", "'", "\u{FEFF}", "👩‍👩‍👧", "é"]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func card() -> VCard {
        VCard(properties: (0..<Int.random(in: 1...25, using: &random)).map { _ in property() })
    }

    mutating func property() -> VCardProperty {
        let group = Bool.random(using: &random) ? nil : token(letters: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        let parameters = (0..<Int.random(in: 0...6, using: &random)).map { _ in parameter() }
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            let name = Int.random(in: 0..<4, using: &random) == 0 ? "X-" + token(letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") : Self.textNames.randomElement(using: &random)!
            return VCardProperty(group: group, name: name, parameters: parameters, text: text())
        case 5..<8:
            let components = (0..<Int.random(in: 1...7, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in text(maximumLength: 20) }
            }
            return VCardProperty(group: group, name: Self.structuredNames.randomElement(using: &random)!, parameters: parameters, components: components)
        default:
            let data = Data((0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            return VCardProperty(group: group, name: Self.binaryNames.randomElement(using: &random)!,
                                 parameters: parameters.filter { $0.name != "TYPE" }, binary: data,
                                 mediaType: Self.mediaTypes.randomElement(using: &random)!)
        }
    }

    private mutating func parameter() -> VCardParameter {
        let name = Bool.random(using: &random) ? Self.parameterNames.randomElement(using: &random)! : "X-" + token(letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return VCardParameter(name: name, values: (0..<Int.random(in: 1...4, using: &random)).map { _ in text(maximumLength: 30) })
    }

    /// Text of any length up to `maximumLength` (so some lines are far longer than 75 octets).
    mutating func text(maximumLength: Int = 400) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...maximumLength, using: &random) {
            if Int.random(in: 0..<5, using: &random) == 0 {
                text.append(Self.specials.randomElement(using: &random)!)
            } else {
                let range = Self.scalarRanges.randomElement(using: &random)!
                text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
            }
        }
        return text
    }

    private mutating func token(letters: String) -> String {
        String((0..<Int.random(in: 1...12, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }
}
