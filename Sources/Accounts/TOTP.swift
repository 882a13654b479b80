import CLibCrypto
import Foundation

/// Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA-1 of the
/// number of 30-second steps since 1970 (RFC 4226's HOTP), truncated to 6 digits.
public enum TOTP {
    /// Seconds a code lasts.
    public static let period: Int64 = 30
    /// Digits of a code.
    public static let digits = 6
    /// Bytes of a secret: 160 bits, HMAC-SHA-1's block of key that RFC 4226 §4 recommends.
    public static let secretLength = 20
    /// The issuer authenticator apps show beside the account.
    public static let issuer = "PersonalContacts"

    /// A new random secret.
    public static func makeSecret() -> [UInt8] {
        SecretToken.randomBytes(secretLength)
    }

    /// The time step `date` falls in.
    public static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / Double(period)).rounded(.down))
    }

    /// The code of `secret` for time step `step` (RFC 4226 §5.3's dynamic truncation), with
    /// leading zeros, `digits` long (6–9).
    public static func code(secret: [UInt8], step: Int64, digits: Int = digits) -> String {
        precondition((6...9).contains(digits), "a one-time code has 6 to 9 digits")
        let counter = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> (56 - 8 * $0)) }
        var mac = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard HMAC(EVP_sha1(), secret, Int32(secret.count), counter, counter.count, &mac, &length) != nil, length == 20 else {
            preconditionFailure("libcrypto's HMAC-SHA-1 failed")
        }
        let offset = Int(mac[19] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// The time step within one of `step` either way (a phone's clock may drift) whose code
    /// `typed` is, or nil. Every candidate is compared, each in constant time.
    public static func matchingStep(of typed: String, secret: [UInt8], around step: Int64) -> Int64? {
        var found: Int64?
        for candidate in [step - 1, step, step + 1] where SecretToken.equal(code(secret: secret, step: candidate), typed) {
            found = candidate
        }
        return found
    }

    /// The `otpauth://` URI an authenticator app takes (as a QR code or pasted): the label
    /// `issuer:account`, the secret in base 32, and the parameters spelled out.
    public static func uri(secret: [UInt8], account: String) -> String {
        let issuer = percentEncoded(Self.issuer)
        return "otpauth://totp/\(issuer):\(percentEncoded(account))?secret=\(Base32.encode(secret))&issuer=\(issuer)"
            + "&algorithm=SHA1&digits=\(digits)&period=\(period)"
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded.
    private static func percentEncoded(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        return text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
}
