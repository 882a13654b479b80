import Foundation

/// What a contact can be found by, as one stored string and as the parsed form search scans.
///
/// The stored text has five fields separated by U+001F: the folded name (traditional characters
/// in their simplified form, see `TextFolding`), the syllables of the name and of each other
/// text read as pinyin (runs separated by commas), the phone numbers' digits (each also without
/// a +86/0086 prefix), the folded emails, and the other folded texts (company, department, job
/// title, nickname, handles, websites, addresses, related names).
public final class SearchKey: Sendable {
    private static let fieldSeparator: UInt8 = 0x1F
    private static let itemSeparator: UInt8 = 0x20
    private static let runSeparator: UInt8 = 0x2C

    private let bytes: [UInt8]
    /// Which bytes and byte pairs the key holds: a query needing one it lacks cannot match.
    public let presence: SearchPresence
    private let name: Range<Int>
    /// The syllables of every run (the name's first), in order; a pinyin query matches within
    /// one run, and each run ends where `runEnds` says (flat, so a search walks no nested arrays).
    private let syllables: [Range<Int>]
    private let runEnds: [Int]
    private let phones: Range<Int>
    private let emails: Range<Int>
    private let others: Range<Int>

    /// The text to store for a contact.
    /// - Parameters:
    ///   - syllables: the name's syllables, then those of each other text read as pinyin.
    ///   - others: the other texts a contact is found by, searched as substrings.
    public static func text(name: String, syllables: [[String]], phones: [String], emails: [String], others: [String]) -> String {
        let digits = phones.flatMap(PhoneDigits.variants(of:))
        return [TextFolding.fold(name), syllables.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }.joined(separator: ","),
                digits.joined(separator: " "), emails.map(TextFolding.fold).joined(separator: " "),
                others.filter { !$0.isEmpty }.map(TextFolding.fold).joined(separator: " ")].joined(separator: "\u{1F}")
    }

    /// Parses stored text; fields that are missing are empty.
    public init(text: String) {
        bytes = Array(text.utf8)
        var fields: [Range<Int>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == Self.fieldSeparator {
            fields.append(start..<offset)
            start = offset + 1
        }
        fields.append(start..<bytes.count)
        while fields.count < 5 { fields.append(bytes.count..<bytes.count) }
        name = fields[0]
        phones = fields[2]
        emails = fields[3]
        others = fields[4]
        var words: [Range<Int>] = []
        var ends: [Int] = []
        var wordStart = fields[1].lowerBound
        for offset in fields[1] where bytes[offset] == Self.itemSeparator || bytes[offset] == Self.runSeparator {
            if offset > wordStart { words.append(wordStart..<offset) }
            wordStart = offset + 1
            if bytes[offset] == Self.runSeparator { ends.append(words.count) }
        }
        if fields[1].upperBound > wordStart { words.append(wordStart..<fields[1].upperBound) }
        ends.append(words.count)
        syllables = words
        runEnds = ends
        let text = bytes
        var runStart = 0
        let runs = ends.map { end in
            defer { runStart = end }
            return words[runStart..<end].map { text[$0] }
        }
        presence = SearchPresence(bytes: text, pairRanges: [text[fields[0]], text[fields[2]], text[fields[3]], text[fields[4]]],
                                  syllables: runs)
    }

    /// Whether the contact matches the query by name, pinyin, phone digits or email.
    public func matches(_ query: SearchQuery) -> Bool {
        guard query.mayMatch(presence: presence) else { return false }
        if contains(query.folded, in: name) || contains(query.folded, in: emails) || contains(query.folded, in: others) { return true }
        if let letters = query.pinyin, matchesPinyin(letters) { return true }
        if let digits = query.digits, contains(digits, in: phones) { return true }
        return false
    }

    private func contains(_ needle: [UInt8], in range: Range<Int>) -> Bool {
        guard !needle.isEmpty, needle.count <= range.count else { return false }
        let first = needle[0]
        var offset = range.lowerBound
        let last = range.upperBound - needle.count
        while offset <= last {
            if bytes[offset] == first {
                var matched = 1
                while matched < needle.count && bytes[offset + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            offset += 1
        }
        return false
    }

    /// Pinyin by whole syllables, initials, or a mix: the query splits into non-empty prefixes of
    /// consecutive syllables ("zs", "zhangsan", "zhangs", "zsan" all find 张三).
    private func matchesPinyin(_ query: [UInt8]) -> Bool {
        var runStart = 0
        for runEnd in runEnds {
            for start in runStart..<runEnd where bytes[syllables[start].lowerBound] == query[0] {
                if matchesPinyin(query, from: 0, syllable: start, runEnd: runEnd) { return true }
            }
            runStart = runEnd
        }
        return false
    }

    private func matchesPinyin(_ query: [UInt8], from position: Int, syllable index: Int, runEnd: Int) -> Bool {
        guard index < runEnd else { return false }
        let syllable = syllables[index]
        var common = 0
        while common < syllable.count, position + common < query.count,
              bytes[syllable.lowerBound + common] == query[position + common] {
            common += 1
        }
        var length = common
        while length > 0 {
            if position + length == query.count { return true }
            if matchesPinyin(query, from: position + length, syllable: index + 1, runEnd: runEnd) { return true }
            length -= 1
        }
        return false
    }
}

/// A search as typed, normalized once for matching against many `SearchKey`s.
public struct SearchQuery: Sendable {
    let folded: [UInt8]
    let pinyin: [UInt8]?
    let digits: [UInt8]?
    /// What a key must hold for each form to match (nil for an absent form).
    private let foldedNeeds: SearchPresence
    private let pinyinNeeds: SearchPresence?
    private let digitsNeeds: SearchPresence?

    /// Nil when the text holds nothing to search for.
    public init?(_ text: String) {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty else { return nil }
        folded = Array(TextFolding.fold(trimmed).utf8)
        let letters = folded.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "'") }
        pinyin = !letters.isEmpty && letters.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } ? letters : nil
        let phoneCharacters = Set("0123456789 -()+.".utf8)
        if trimmed.utf8.allSatisfy(phoneCharacters.contains), trimmed.utf8.contains(where: { (48...57).contains($0) }) {
            digits = Array(PhoneDigits.national(trimmed).utf8)
        } else {
            digits = nil
        }
        // Substring forms need their byte pairs; pinyin may skip between syllables, so only bytes.
        foldedNeeds = SearchPresence(bytes: folded, pairRanges: [folded[...]])
        pinyinNeeds = pinyin.map { SearchPresence(bytes: $0, pairRanges: [], syllables: [[$0[...]]]) }
        digitsNeeds = digits.map { SearchPresence(bytes: $0, pairRanges: [$0[...]]) }
    }

    /// False when a key with this presence cannot match: a cheap test before `matches`.
    @inline(__always)
    public func mayMatch(presence: SearchPresence) -> Bool {
        presence.covers(foldedNeeds) || pinyinNeeds.map(presence.covers) == true || digitsNeeds.map(presence.covers) == true
    }
}

/// Two 64-bit sets, of the bytes and of the adjacent byte pairs a text holds (each hashed to one
/// bit): if a query needs a bit the key lacks, the key cannot contain the query.
///
/// For pinyin the pairs are those a mixed query can form: adjacent letters within a syllable, and
/// any letter of a syllable followed by the first letter of the next.
public struct SearchPresence: Sendable, Equatable {
    var bytes: UInt64 = 0
    var pairs: UInt64 = 0
    var pinyinPairs: UInt64 = 0

    init(bytes text: [UInt8], pairRanges: [ArraySlice<UInt8>], syllables runs: [[ArraySlice<UInt8>]] = []) {
        for byte in text { bytes |= 1 << (byte & 63) }
        for range in pairRanges {
            for (first, second) in zip(range, range.dropFirst()) { pairs |= Self.bit(first, second) }
        }
        for syllables in runs {
            for (index, syllable) in syllables.enumerated() {
                for (first, second) in zip(syllable, syllable.dropFirst()) { pinyinPairs |= Self.bit(first, second) }
                if index + 1 < syllables.count, let next = syllables[index + 1].first {
                    for letter in syllable { pinyinPairs |= Self.bit(letter, next) }
                }
            }
        }
    }

    private static func bit(_ first: UInt8, _ second: UInt8) -> UInt64 {
        1 << ((UInt64(first) &* 31 &+ UInt64(second)) & 63)
    }

    /// Whether every byte and pair `needs` asks for is here.
    @inline(__always)
    func covers(_ needs: SearchPresence) -> Bool {
        bytes & needs.bytes == needs.bytes && pairs & needs.pairs == needs.pairs
            && pinyinPairs & needs.pinyinPairs == needs.pinyinPairs
    }
}

/// Case-, accent- and script-insensitive text, as names and emails are compared in search:
/// traditional Chinese characters fold to their simplified forms (劉 and 刘 compare equal).
enum TextFolding {
    static func fold(_ text: String) -> String {
        // Fastest path: ASCII, lower-cased byte by byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        // Fast path: ASCII and Han characters have no accents or width forms; only ASCII has case.
        if text.unicodeScalars.allSatisfy({ $0.isASCII || PinyinTable.covers($0) }) {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                scalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value | 0x20)! : SimplifiedChinese.simplified(scalar))
            }
            return String(scalars)
        }
        return SimplifiedChinese.simplified(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
    }
}

/// The digits of a phone number as search compares them.
enum PhoneDigits {
    /// The number's digits, and also without the China country prefix when it has one.
    static func variants(of phone: String) -> [String] {
        let all = digits(of: phone)
        guard !all.isEmpty else { return [] }
        let national = national(phone)
        return national == all ? [all] : [all, national]
    }

    /// The digits without a leading +86 or 0086.
    static func national(_ phone: String) -> String {
        let digits = digits(of: phone)
        let international = phone.utf8.drop(while: { $0 == UInt8(ascii: " ") }).starts(with: "+86".utf8)
        if international || digits.hasPrefix("0086") {
            return String(digits.dropFirst(international ? 2 : 4))
        }
        return digits
    }

    private static func digits(of phone: String) -> String {
        String(decoding: phone.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }, as: UTF8.self)
    }
}
