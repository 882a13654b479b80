import Base64URL
import CLibCrypto
import Foundation
import WebAuthn

/// An authenticator made of a real key pair OpenSSL generates: it registers credentials and signs
/// assertions as a browser's authenticator would, so the ceremonies are checked against real
/// ES256 and RS256 signatures.
public final class TestAuthenticator {
    public let algorithm: COSEAlgorithm
    public let credentialID: [UInt8]
    private let key: OpaquePointer
    /// The signature counter of the last assertion.
    public var signCount: UInt32 = 0

    public init(_ algorithm: COSEAlgorithm, credentialID: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255) }) {
        self.algorithm = algorithm
        self.credentialID = credentialID
        let context = EVP_PKEY_CTX_new_from_name(nil, algorithm == .es256 ? "EC" : "RSA", nil)!
        defer { EVP_PKEY_CTX_free(context) }
        precondition(EVP_PKEY_keygen_init(context) == 1)
        if algorithm == .es256 {
            precondition(EVP_PKEY_CTX_set_group_name(context, "P-256") == 1)
        } else {
            let builder = OSSL_PARAM_BLD_new()
            defer { OSSL_PARAM_BLD_free(builder) }
            precondition(OSSL_PARAM_BLD_push_uint(builder, "bits", 2048) == 1)
            let parameters = OSSL_PARAM_BLD_to_param(builder)
            defer { OSSL_PARAM_free(parameters) }
            precondition(EVP_PKEY_CTX_set_params(context, parameters) == 1)
        }
        var key: OpaquePointer?
        precondition(EVP_PKEY_generate(context, &key) == 1)
        self.key = key!
    }

    deinit { EVP_PKEY_free(key) }

    /// The public key as a COSE_Key map.
    public var coseKey: CBOR {
        switch algorithm {
        case .es256:
            var point = [UInt8](repeating: 0, count: 65)
            var length = 0
            precondition(EVP_PKEY_get_octet_string_param(key, "pub", &point, 65, &length) == 1 && length == 65)
            return .map([CBOR.Entry(.unsigned(1), .unsigned(2)), CBOR.Entry(.unsigned(3), .negative(6)),
                         CBOR.Entry(.negative(0), .unsigned(1)), CBOR.Entry(.negative(1), .bytes(Array(point[1..<33]))),
                         CBOR.Entry(.negative(2), .bytes(Array(point[33..<65])))])
        case .rs256:
            return .map([CBOR.Entry(.unsigned(1), .unsigned(3)), CBOR.Entry(.unsigned(3), .negative(256)),
                         CBOR.Entry(.negative(0), .bytes(number("n"))), CBOR.Entry(.negative(1), .bytes(number("e")))])
        }
    }

    private func number(_ name: String) -> [UInt8] {
        var bn: OpaquePointer?
        precondition(EVP_PKEY_get_bn_param(key, name, &bn) == 1)
        defer { BN_free(bn) }
        var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(bn) + 7) / 8))
        BN_bn2bin(bn, &bytes)
        return bytes
    }

    /// The signature of `message` under the private key.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        let context = EVP_MD_CTX_new()
        defer { EVP_MD_CTX_free(context) }
        precondition(EVP_DigestSignInit_ex(context, nil, "SHA256", nil, nil, key, nil) == 1)
        var length = 0
        precondition(EVP_DigestSign(context, nil, &length, message, message.count) == 1)
        var signature = [UInt8](repeating: 0, count: length)
        precondition(EVP_DigestSign(context, &signature, &length, message, message.count) == 1)
        return Array(signature[..<length])
    }

    /// Client data JSON as a browser writes it.
    public static func clientData(type: String, challenge: [UInt8], origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    /// Authenticator data for `rpID`, with the attested credential when `attested`.
    public func authenticatorData(rpID: String, flags: UInt8 = 0x05, attested: Bool) -> [UInt8] {
        var data = RelyingParty(id: rpID, origin: "").idHash
        data.append(flags | (attested ? 0x40 : 0))
        data += CBORWriter.bigEndian(UInt64(signCount), 4)
        if attested {
            data += [UInt8](repeating: 0xAA, count: 16) + CBORWriter.bigEndian(UInt64(credentialID.count), 2) + credentialID
            data += CBORWriter.encode(coseKey)
        }
        return data
    }

    /// What `navigator.credentials.create` returns: the attestation object (format none) and client data.
    public func register(challenge: [UInt8], rpID: String, origin: String, flags: UInt8 = 0x05)
        -> (attestationObject: [UInt8], clientDataJSON: [UInt8]) {
        let object = CBOR.map([CBOR.Entry(.text("fmt"), .text("none")), CBOR.Entry(.text("attStmt"), .map([])),
                               CBOR.Entry(.text("authData"), .bytes(authenticatorData(rpID: rpID, flags: flags, attested: true)))])
        return (CBORWriter.encode(object), Self.clientData(type: "webauthn.create", challenge: challenge, origin: origin))
    }

    /// What `navigator.credentials.get` returns, the counter moved on by `step`.
    public func assert(challenge: [UInt8], rpID: String, origin: String, flags: UInt8 = 0x05, step: UInt32 = 1)
        -> (authenticatorData: [UInt8], clientDataJSON: [UInt8], signature: [UInt8]) {
        signCount &+= step
        let data = authenticatorData(rpID: rpID, flags: flags, attested: false)
        let clientData = Self.clientData(type: "webauthn.get", challenge: challenge, origin: origin)
        return (data, clientData, sign(data + Self.sha256(clientData)))
    }

    /// SHA-256 of `bytes`, by libcrypto.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        precondition(EVP_Digest(bytes, bytes.count, &digest, nil, EVP_sha256(), nil) == 1)
        return digest
    }
}
