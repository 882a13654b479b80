/// A country's dialling rules, for telling whether two ways of writing a phone number name the
/// same line: `+86 138 0013 8000`, `13800138000` and `0086-138-0013-8000` all do in China.
public struct PhoneRegion: Sendable, Equatable {
    /// The ISO 3166 code, `CN`.
    public let code: String
    /// The country calling code, without `+`.
    let callingCode: String
    /// The digit a national number starts with when dialled at home (`0` in China), if any.
    let trunkPrefix: String
    /// What is dialled before a calling code from this country (`00`, `011` in North America).
    let internationalPrefix: String

    /// The regions known by code; a number written with its country code needs none of them.
    public static let all: [PhoneRegion] = [
        PhoneRegion(code: "CN", callingCode: "86", trunkPrefix: "0", internationalPrefix: "00"),
        PhoneRegion(code: "HK", callingCode: "852", trunkPrefix: "", internationalPrefix: "001"),
        PhoneRegion(code: "MO", callingCode: "853", trunkPrefix: "", internationalPrefix: "00"),
        PhoneRegion(code: "TW", callingCode: "886", trunkPrefix: "0", internationalPrefix: "002"),
        PhoneRegion(code: "SG", callingCode: "65", trunkPrefix: "", internationalPrefix: "000"),
        PhoneRegion(code: "JP", callingCode: "81", trunkPrefix: "0", internationalPrefix: "010"),
        PhoneRegion(code: "KR", callingCode: "82", trunkPrefix: "0", internationalPrefix: "001"),
        PhoneRegion(code: "US", callingCode: "1", trunkPrefix: "1", internationalPrefix: "011"),
        PhoneRegion(code: "CA", callingCode: "1", trunkPrefix: "1", internationalPrefix: "011"),
        PhoneRegion(code: "GB", callingCode: "44", trunkPrefix: "0", internationalPrefix: "00"),
        PhoneRegion(code: "DE", callingCode: "49", trunkPrefix: "0", internationalPrefix: "00"),
        PhoneRegion(code: "FR", callingCode: "33", trunkPrefix: "0", internationalPrefix: "00"),
        PhoneRegion(code: "AU", callingCode: "61", trunkPrefix: "0", internationalPrefix: "0011"),
    ]

    /// The region with this ISO code (any case); nil when it is not one of `all`.
    public init?(code: String) {
        guard let region = Self.all.first(where: { $0.code == code.uppercased() }) else { return nil }
        self = region
    }

    private init(code: String, callingCode: String, trunkPrefix: String, internationalPrefix: String) {
        self.code = code
        self.callingCode = callingCode
        self.trunkPrefix = trunkPrefix
        self.internationalPrefix = internationalPrefix
    }

    /// Numbers shorter than this (`110`, `10086`) are service numbers many contacts share.
    static let shortestComparedNumber = 7

    /// The number in international form, `+8613800138000`: what it dials from anywhere. An
    /// extension (`x12`, `ext. 12`, `;ext=12`, a pause `,`) is dropped. Nil for numbers too short
    /// to tell people apart and for text without digits.
    public func international(_ number: String) -> String? {
        var digits: [UInt8] = []
        var plus = false
        if number.utf8.allSatisfy({ $0 < 0x80 }) {
            // Most numbers: ASCII, read byte by byte.
            for byte in number.utf8 {
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    digits.append(byte)
                } else if byte == UInt8(ascii: "+") && digits.isEmpty {
                    plus = true
                } else if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || ";,#".utf8.contains(byte) {
                    break
                }
            }
        } else {
            // Full-width digits and dashes, extensions written in other scripts (分机 12).
            for character in number {
                if let digit = character.wholeNumberValue, character.isNumber, (0...9).contains(digit) {
                    digits.append(UInt8(ascii: "0") + UInt8(digit))
                } else if (character == "+" || character == "＋") && digits.isEmpty {
                    plus = true
                } else if Self.endsTheNumber(character) {
                    break
                }
            }
        }
        guard digits.count >= Self.shortestComparedNumber else { return nil }
        var national = digits[...]
        if plus { return "+" + String(decoding: national, as: UTF8.self) }
        if national.starts(with: internationalPrefix.utf8) {
            return "+" + String(decoding: national.dropFirst(internationalPrefix.utf8.count), as: UTF8.self)
        }
        if !trunkPrefix.isEmpty && national.starts(with: trunkPrefix.utf8) { national = national.dropFirst(trunkPrefix.utf8.count) }
        return "+" + callingCode + String(decoding: national, as: UTF8.self)
    }

    /// A letter, `;`, `,` or `#` starts what follows the number: an extension or a pause.
    private static func endsTheNumber(_ character: Character) -> Bool {
        character.isLetter || character == ";" || character == "," || character == "#"
    }
}
