import Base64URL
import Foundation
import Testing

/// Base64url without padding, checked against Foundation's base64 with the alphabet swapped.
@Suite struct Base64URLTests {
    /// Foundation's encoding of `bytes`, made base64url without padding (RFC 4648 §5).
    private func reference(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
    }

    @Test func everyLengthAndByteRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let encoded = Base64URL.encode(bytes)
            #expect(encoded == reference(bytes), "length \(length)")
            #expect(Base64URL.decode(encoded) == bytes, "length \(length)")
            #expect(Base64URL.decode(encoded + String(repeating: "=", count: (4 - encoded.utf8.count % 4) % 4)) == bytes)
        }
        let all = (0...255).map(UInt8.init)
        #expect(Base64URL.decode(Base64URL.encode(all)) == all)
        #expect(Base64URL.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    }

    @Test func textOutsideTheAlphabetIsRefused() {
        for text in ["Zm9v+mFy", "Zm9v/mFy", "Zm 9v", "Zm9vY", "Zm9\u{0}", "Zm9vYé", "=Zm9v", "Zm=9v"] {
            #expect(Base64URL.decode(text) == nil, "\(text)")
        }
    }

    @Test func bitsPastTheLastByteMustBeZero() {
        // "-_8" is FB FF; "-_9" sets a bit past the second byte, so it is no encoding of anything.
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("-_9") == nil)
        #expect(Base64URL.decode("Zg") == [0x66])
        #expect(Base64URL.decode("Zh") == nil)
    }
}
