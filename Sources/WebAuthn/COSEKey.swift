/// The signature algorithms a passkey may use, by their COSE numbers (RFC 9053, RFC 8812).
public enum COSEAlgorithm: Int, Sendable, CaseIterable {
    /// ECDSA with P-256 and SHA-256.
    case es256 = -7
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = -257

    /// The name WebAuthn's registries give it.
    public var name: String {
        switch self {
        case .es256: "ES256"
        case .rs256: "RS256"
        }
    }
}

/// A credential's public key as a COSE_Key map (RFC 9052 §7): EC2 on P-256 with ES256, or RSA
/// with RS256, from 2048 to 4096 bits. Any other key or algorithm is refused by name.
public struct COSEKey: Equatable, Sendable {
    /// The key's material, as OpenSSL takes it.
    public enum Material: Equatable, Sendable {
        /// An uncompressed P-256 point: x and y, 32 bytes each.
        case p256(x: [UInt8], y: [UInt8])
        /// An RSA modulus and public exponent, big-endian without leading zeros.
        case rsa(modulus: [UInt8], exponent: [UInt8])
    }

    public let algorithm: COSEAlgorithm
    public let material: Material

    /// The key the COSE_Key `item` describes.
    public init(_ item: CBOR) throws(WebAuthnError) {
        guard case .map = item else { throw .badKey("the key is not a map") }
        guard let algorithmNumber = item[3]?.integer else { throw .badKey("the key names no algorithm") }
        guard let algorithm = COSEAlgorithm(rawValue: algorithmNumber) else {
            throw .unsupportedAlgorithm(Self.algorithmNames[algorithmNumber] ?? "COSE algorithm \(algorithmNumber)")
        }
        let keyType = item[1]?.integer
        switch algorithm {
        case .es256:
            guard keyType == 2 else { throw .badKey("ES256 needs an EC2 key") }
            guard item[-1]?.integer == 1 else { throw .unsupportedAlgorithm("an elliptic curve other than P-256") }
            guard case .bytes(let x)? = item[-2], case .bytes(let y)? = item[-3], x.count == 32, y.count == 32 else {
                throw .badKey("a P-256 key needs x and y of 32 bytes")
            }
            material = .p256(x: x, y: y)
        case .rs256:
            guard keyType == 3 else { throw .badKey("RS256 needs an RSA key") }
            guard case .bytes(let n)? = item[-1], case .bytes(let e)? = item[-2] else { throw .badKey("an RSA key needs n and e") }
            let modulus = Array(n.drop { $0 == 0 }), exponent = Array(e.drop { $0 == 0 })
            guard (256...512).contains(modulus.count) else { throw .badKey("an RSA key must have 2048 to 4096 bits") }
            guard (1...8).contains(exponent.count), exponent.last.map({ $0 & 1 == 1 }) == true, exponent != [1] else {
                throw .badKey("an RSA key's exponent is not usable")
            }
            material = .rsa(modulus: modulus, exponent: exponent)
        }
        self.algorithm = algorithm
    }

    /// The key read from the bytes of a COSE_Key, as the store keeps it.
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let item: CBOR
        do { item = try CBORReader.decode(bytes) } catch { throw .cbor(error) }
        try self.init(item)
    }

    /// Whether `signature` signs `message` under this key (OpenSSL's libcrypto checks it).
    public func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        SignatureCheck.verify(signature, of: message, with: self)
    }

    /// Names of algorithms refused, so that the refusal says which.
    static let algorithmNames = [-8: "EdDSA", -35: "ES384", -36: "ES512", -37: "PS256", -38: "PS384", -39: "PS512",
                                 -258: "RS384", -259: "RS512", -65535: "RS1", -47: "ES256K"]
}
