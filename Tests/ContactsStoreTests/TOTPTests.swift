@testable import Accounts
import Foundation
import Testing

/// One-time codes against RFC 6238's own test values, and base 32 against RFC 4648's.
@Suite struct TOTPTests {
    /// RFC 6238 Appendix B, SHA-1: the ASCII key "12345678901234567890", 8 digits, 30-second steps.
    @Test(arguments: [
        (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ] as [(Int64, String)])
    func rfc6238Vectors(time: Int64, code: String) {
        let step = TOTP.step(at: Date(timeIntervalSince1970: Double(time)))
        #expect(TOTP.code(secret: Array("12345678901234567890".utf8), step: step, digits: 8) == code)
        // Six digits are the last six of the same number.
        #expect(TOTP.code(secret: Array("12345678901234567890".utf8), step: step) == String(code.suffix(6)))
    }

    /// RFC 4648 §10, without the padding.
    @Test(arguments: [("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"),
                      ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI")])
    func rfc4648Base32Vectors(text: String, encoded: String) {
        #expect(Base32.encode(Array(text.utf8)) == encoded)
    }

    @Test func oneStepOfDriftEitherWayAndNoMore() {
        let secret = TOTP.makeSecret()
        #expect(secret.count == 20)
        for offset in -3...3 {
            let matched = TOTP.matchingStep(of: TOTP.code(secret: secret, step: 1000 + Int64(offset)), secret: secret, around: 1000)
            // A code of a step two or more away could collide with one of the three by chance (1 in 10⁶).
            if abs(offset) <= 1 { #expect(matched == 1000 + Int64(offset)) } else { #expect(matched == nil || matched != 1000 + Int64(offset)) }
        }
        #expect(TOTP.matchingStep(of: "12345", secret: secret, around: 1000) == nil)
    }

    @Test func theURIPercentEncodesTheLabelAndSpellsOutTheParameters() {
        let secret = Array("12345678901234567890".utf8)
        #expect(TOTP.uri(secret: secret, account: "li lei/é") == "otpauth://totp/PersonalContacts:li%20lei%2F%C3%A9"
            + "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=PersonalContacts&algorithm=SHA1&digits=6&period=30")
    }
}
