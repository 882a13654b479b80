import Foundation
import Synchronization

/// Reads one character of a name as lowercase ASCII letters and digits: Han characters through the
/// pinyin table, accented Latin letters folded to their base, other scripts transliterated by ICU.
enum LatinReading {
    private static let special: [Character: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "ł": "l", "þ": "th",
        "ı": "i", "ħ": "h", "ŀ": "l", "ŧ": "t", "ŋ": "ng", "ĸ": "k",
    ]
    private static let transliterated = Mutex<[Character: String]>([:])
    private static let anyToASCII = StringTransform("Any-Latin; Latin-ASCII; Lower")

    /// Whether the character is a Han ideograph the pinyin table or ICU reads as one syllable.
    static func isHan(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isIdeographic
    }

    /// The reading of `character`; empty for spaces, punctuation, symbols and emoji.
    static func reading(of character: Character) -> String {
        if character.isASCII {
            return character.isLetter || character.isNumber ? character.lowercased() : ""
        }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
           let pinyin = PinyinTable.reading(of: scalar) {
            return pinyin
        }
        guard character.isLetter || character.isNumber else { return "" }
        let lower = Character(character.lowercased())
        if let mapped = special[lower] { return mapped }
        let base = String(lower).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
        if !base.isEmpty, base.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
            return String(String.UnicodeScalarView(base))
        }
        return transliterate(character)
    }

    /// ICU's transliteration, remembered per character (ICU costs ~10 µs a character).
    private static func transliterate(_ character: Character) -> String {
        if let known = transliterated.withLock({ $0[character] }) { return known }
        let latin = String(character).applyingTransform(anyToASCII, reverse: false) ?? ""
        let reading = String(latin.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            .map(Character.init))
        transliterated.withLock { $0[character] = reading }
        return reading
    }
}
