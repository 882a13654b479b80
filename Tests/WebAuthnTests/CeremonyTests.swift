import Base64URL
import Testing
import TestSupport
@testable import WebAuthn

@Suite struct CeremonyTests {
    static let site = RelyingParty(id: "contacts.example.org", origin: "https://contacts.example.org")
    let challenge = (0..<32).map { _ in UInt8.random(in: 0...255) }

    private func registered(_ authenticator: TestAuthenticator) throws -> Registration {
        let made = authenticator.register(challenge: challenge, rpID: Self.site.id, origin: Self.site.origin)
        return try Registration(attestationObject: made.attestationObject, clientDataJSON: made.clientDataJSON,
                                challenge: challenge, relyingParty: Self.site)
    }

    @Test(arguments: COSEAlgorithm.allCases) func registersAndSignsIn(algorithm: COSEAlgorithm) throws {
        let authenticator = TestAuthenticator(algorithm)
        let registration = try registered(authenticator)
        #expect(registration.credential.credentialID == authenticator.credentialID)
        #expect(registration.credential.publicKey.algorithm == algorithm)
        let key = try COSEKey(bytes: registration.credential.publicKeyBytes)
        let signed = authenticator.assert(challenge: challenge, rpID: Self.site.id, origin: Self.site.origin)
        let assertion = try Assertion(authenticatorData: signed.authenticatorData, clientDataJSON: signed.clientDataJSON,
                                      signature: signed.signature, publicKey: key, storedSignCount: 0,
                                      challenge: challenge, relyingParty: Self.site)
        #expect(assertion.signCount == 1)
        #expect(assertion.userVerified)
    }

    @Test(arguments: COSEAlgorithm.allCases) func refusesAFlippedBit(algorithm: COSEAlgorithm) throws {
        let authenticator = TestAuthenticator(algorithm)
        let key = try registered(authenticator).credential.publicKey
        let signed = authenticator.assert(challenge: challenge, rpID: Self.site.id, origin: Self.site.origin)
        for part in 0..<3 {
            for bit in [0, 7] {
                var data = signed.authenticatorData, clientData = signed.clientDataJSON, signature = signed.signature
                switch part {
                case 0: data[data.count - 1] ^= 1 << bit
                case 1: clientData[clientData.count - 2] ^= 1 << bit
                default: signature[signature.count / 2] ^= 1 << bit
                }
                #expect(throws: WebAuthnError.self) {
                    try Assertion(authenticatorData: data, clientDataJSON: clientData, signature: signature, publicKey: key,
                                  storedSignCount: 0, challenge: challenge, relyingParty: Self.site)
                }
            }
        }
    }

    @Test func refusesAnotherOriginRelyingPartyChallengeOrType() throws {
        let authenticator = TestAuthenticator(.es256)
        let key = try registered(authenticator).credential.publicKey
        func attempt(rpID: String = Self.site.id, origin: String = Self.site.origin, challenge given: [UInt8]? = nil,
                     flags: UInt8 = 0x05, requireUV: Bool = false) throws {
            let signed = authenticator.assert(challenge: given ?? challenge, rpID: rpID, origin: origin, flags: flags)
            _ = try Assertion(authenticatorData: signed.authenticatorData, clientDataJSON: signed.clientDataJSON,
                              signature: signed.signature, publicKey: key, storedSignCount: 0, challenge: challenge,
                              relyingParty: Self.site, requireUserVerification: requireUV)
        }
        #expect(throws: WebAuthnError.wrongOrigin) { try attempt(origin: "https://evil.example") }
        #expect(throws: WebAuthnError.wrongOrigin) { try attempt(origin: "http://contacts.example.org") }
        #expect(throws: WebAuthnError.wrongRelyingParty) { try attempt(rpID: "example.org") }
        #expect(throws: WebAuthnError.wrongChallenge) { try attempt(challenge: [UInt8](repeating: 1, count: 32)) }
        #expect(throws: WebAuthnError.userNotPresent) { try attempt(flags: 0x04) }
        #expect(throws: WebAuthnError.userNotVerified) { try attempt(flags: 0x01, requireUV: true) }
        try attempt(flags: 0x01)
        // A registration's client data is no assertion's.
        let made = authenticator.register(challenge: challenge, rpID: Self.site.id, origin: Self.site.origin)
        let signed = authenticator.assert(challenge: challenge, rpID: Self.site.id, origin: Self.site.origin)
        #expect(throws: WebAuthnError.wrongType) {
            try Assertion(authenticatorData: signed.authenticatorData, clientDataJSON: made.clientDataJSON,
                          signature: authenticator.sign(signed.authenticatorData + TestAuthenticator.sha256(made.clientDataJSON)),
                          publicKey: key, storedSignCount: 0, challenge: challenge, relyingParty: Self.site)
        }
        #expect(throws: WebAuthnError.wrongOrigin) {
            let other = authenticator.register(challenge: challenge, rpID: Self.site.id, origin: "https://evil.example")
            _ = try Registration(attestationObject: other.attestationObject, clientDataJSON: other.clientDataJSON,
                             challenge: challenge, relyingParty: Self.site)
        }
    }

    @Test func refusesACounterThatDoesNotGoUp() throws {
        let authenticator = TestAuthenticator(.es256)
        let key = try registered(authenticator).credential.publicKey
        func attempt(step: UInt32, stored: UInt32) throws -> UInt32 {
            let signed = authenticator.assert(challenge: challenge, rpID: Self.site.id, origin: Self.site.origin, step: step)
            return try Assertion(authenticatorData: signed.authenticatorData, clientDataJSON: signed.clientDataJSON,
                                 signature: signed.signature, publicKey: key, storedSignCount: stored,
                                 challenge: challenge, relyingParty: Self.site).signCount
        }
        #expect(try attempt(step: 5, stored: 0) == 5)
        #expect(throws: WebAuthnError.counterWentBack) { try attempt(step: 0, stored: 5) }
        #expect(throws: WebAuthnError.counterWentBack) { try attempt(step: 1, stored: 9) }
        #expect(try attempt(step: 1, stored: 6) == 7)
        // An authenticator without a counter (always zero) against a stored zero is taken.
        authenticator.signCount = 0
        #expect(try attempt(step: 0, stored: 0) == 0)
    }

    @Test func refusesOtherAlgorithmsByName() throws {
        let ed25519 = CBOR.map([CBOR.Entry(.unsigned(1), .unsigned(1)), CBOR.Entry(.unsigned(3), .negative(7)),
                                CBOR.Entry(.negative(0), .unsigned(6)), CBOR.Entry(.negative(1), .bytes([UInt8](repeating: 1, count: 32)))])
        #expect(throws: WebAuthnError.unsupportedAlgorithm("EdDSA")) { try COSEKey(ed25519) }
        #expect(throws: WebAuthnError.unsupportedAlgorithm("ES384")) { try COSEKey(.map([CBOR.Entry(.unsigned(3), .negative(34))])) }
        let p384 = CBOR.map([CBOR.Entry(.unsigned(1), .unsigned(2)), CBOR.Entry(.unsigned(3), .negative(6)),
                             CBOR.Entry(.negative(0), .unsigned(2))])
        #expect(throws: WebAuthnError.unsupportedAlgorithm("an elliptic curve other than P-256")) { try COSEKey(p384) }
        #expect(throws: WebAuthnError.self) { try COSEKey(.array([])) }
        #expect(throws: WebAuthnError.self) { try COSEKey(bytes: [0xA0, 0x00]) }
    }

    @Test func refusesAPointOffTheCurve() throws {
        let authenticator = TestAuthenticator(.es256)
        guard case .map(var entries) = authenticator.coseKey else { Issue.record("no map"); return }
        entries[4] = CBOR.Entry(.negative(2), .bytes([UInt8](repeating: 7, count: 32)))
        let key = try COSEKey(.map(entries))
        #expect(!key.verifies([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01], of: [1, 2, 3]))
    }

    @Test func readsAuthenticatorDataStrictly() throws {
        let authenticator = TestAuthenticator(.es256)
        let data = authenticator.authenticatorData(rpID: Self.site.id, attested: true)
        let read = try AuthenticatorData(data)
        #expect(read.attestedCredential?.credentialID == authenticator.credentialID)
        #expect(read.rpIDHash == Self.site.idHash)
        for length in 0..<data.count {
            #expect(throws: WebAuthnError.self) { try AuthenticatorData(Array(data[..<length])) }
        }
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(data + [0]) }
        // Extensions (ED): one map, then nothing.
        var withExtensions = authenticator.authenticatorData(rpID: Self.site.id, flags: 0x85, attested: false)
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(withExtensions) }
        withExtensions += [0xA1, 0x61, 0x78, 0xF5]
        #expect(try AuthenticatorData(withExtensions).userPresent)
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(withExtensions + [0x00]) }
        // A credential id over 1023 bytes.
        var long = Array(data[0..<37]) + [UInt8](repeating: 0, count: 16) + [0x04, 0x00] + [UInt8](repeating: 1, count: 1024)
        long += CBORWriter.encode(authenticator.coseKey)
        #expect(throws: WebAuthnError.badAuthenticatorData("a credential id of 1024 bytes")) { try AuthenticatorData(long) }
    }

    @Test func refusesHostileClientData() {
        for json in [#"{"type":1,"challenge":"AA","origin":"x"}"#, #"{"challenge":"AA","origin":"x"}"#, "[]", "",
                     #"{"type":"webauthn.get","challenge":"A A","origin":"x"}"#, "{\"type\":\"a\u{0}\",",
                     "{\"type\":\"" + String(repeating: "a", count: 5000) + "\",\"challenge\":\"AA\",\"origin\":\"x\"}"] {
            #expect(throws: WebAuthnError.self) { try ClientData(Array(json.utf8)) }
        }
    }

    @Test func base64URLRoundTrips() {
        for count in 0..<40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + 250) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        #expect(Base64URL.decode("a+b") == nil)
        #expect(Base64URL.decode("abcde") == nil)
        #expect(Base64URL.decode("ab\u{0}") == nil)
    }
}
