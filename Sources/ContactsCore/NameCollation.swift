import Foundation

/// Where a name is filed in the A–Z list and how it sorts there, computed once per write.
public struct NameCollationKey: Sendable, Equatable {
    /// "A" … "Z", or "#" for names starting with a digit, a symbol or an emoji.
    public let section: String
    /// Compares names within and across sections: "#" names sort after every letter.
    public let sortKey: String
    /// The name as lowercase ASCII words: one pinyin syllable per Han character, one word per
    /// run of Latin letters or digits ("张三丰" → zhang san feng, "John Smith" → john smith).
    public let syllables: [String]
}

/// Files names the way a Chinese phone's contacts list does: by the pinyin of the name, with
/// surnames read as surnames, traditional characters read as simplified, accents folded, and "#"
/// after Z.
public enum NameCollation {
    /// The section letter sorts after Z.
    public static let otherSection = "#"

    /// All sections in display order.
    public static let sections: [String] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + [otherSection]

    /// Computes the collation key of a contact's name.
    /// - Parameter reading: how the name is read (a card's phonetic name, "Zhang San"); it
    ///   files the name when it has letters, else the name's own pinyin does.
    public static func key(for name: String, reading: String? = nil) -> NameCollationKey {
        if let reading {
            let key = key(for: reading)
            if key.section != otherSection { return key }
        }
        let characters = Array(name.trimmed)
        let syllables = syllables(of: characters)
        let first = characters.first.map(LatinReading.reading(of:)) ?? ""
        let startsWithLetter = first.first.map { ("a"..."z").contains($0) } ?? false
        let joined = syllables.joined(separator: " ")
        if startsWithLetter, let letter = joined.first {
            return NameCollationKey(section: letter.uppercased(), sortKey: joined, syllables: syllables)
        }
        return NameCollationKey(section: otherSection, sortKey: "{" + joined, syllables: syllables)
    }

    /// The syllables of a name's characters, the first read as a surname when
    /// `startingWithSurname`. Traditional characters read as their simplified forms (劉 as 刘,
    /// 單 as the surname 单).
    static func syllables(of characters: [Character], startingWithSurname: Bool = true) -> [String] {
        var syllables: [String] = []
        var index = 0
        if startingWithSurname, let surname = SurnameReadings.match(characters) {
            syllables = surname.syllables
            index = surname.length
        }
        var word = ""
        while index < characters.count {
            let character = SimplifiedChinese.simplified(characters[index])
            index += 1
            let reading = LatinReading.reading(of: character)
            if LatinReading.isHan(character) {
                if !word.isEmpty { syllables.append(word); word = "" }
                if !reading.isEmpty { syllables.append(reading) }
            } else if reading.isEmpty {
                if !word.isEmpty { syllables.append(word); word = "" }
            } else {
                word += reading
            }
        }
        if !word.isEmpty { syllables.append(word) }
        return syllables
    }
}
