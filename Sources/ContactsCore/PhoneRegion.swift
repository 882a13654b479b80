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
        let main = number.prefix { !$0.isLetter && !";,#".contains($0) }
        var digits = String(main.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
        let written = main.drop { $0 == " " || $0 == "(" }
        guard digits.count >= Self.shortestComparedNumber else { return nil }
        if written.hasPrefix("+") { return "+" + digits }
        if digits.hasPrefix(internationalPrefix) { return "+" + digits.dropFirst(internationalPrefix.count) }
        if !trunkPrefix.isEmpty && digits.hasPrefix(trunkPrefix) { digits.removeFirst(trunkPrefix.count) }
        return "+" + callingCode + digits
    }
}
