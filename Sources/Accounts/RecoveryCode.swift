/// The single-use codes that stand in for a one-time code when the phone is lost: 40 random bits
/// each, written `xxxx-xxxx` in lower-case base 32 (no 0, 1, 8 or 9 to mistake for letters).
/// The store keeps only their SHA-256 (`SecretToken.hash`).
public enum RecoveryCode {
    /// How many a set holds.
    public static let count = 10

    /// A new code, grouped.
    static func make() -> String {
        let code = Base32.encode(SecretToken.randomBytes(5)).lowercased()
        return code.prefix(4) + "-" + code.dropFirst(4)
    }

    /// A typed code as it is hashed (lower case, without the hyphen and spaces), or nil when it
    /// cannot be one.
    static func normalized(_ typed: String) -> String? {
        let letters = typed.lowercased().filter { $0 != "-" && $0 != " " }
        guard letters.count == 8, letters.allSatisfy({ ("a"..."z").contains($0) || ("2"..."7").contains($0) }) else { return nil }
        return letters
    }
}
