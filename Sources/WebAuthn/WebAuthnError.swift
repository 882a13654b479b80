/// Why a passkey's registration or assertion is refused. The descriptions are for logs and
/// tests; a person is told only that the passkey could not be used.
public enum WebAuthnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The CBOR of the attestation object or the key is not read.
    case cbor(CBORError)
    /// The authenticator data is malformed.
    case badAuthenticatorData(String)
    /// The attestation object is malformed.
    case badAttestation(String)
    /// The public key is malformed.
    case badKey(String)
    /// The key's algorithm or curve is not ES256 or RS256.
    case unsupportedAlgorithm(String)
    /// The client data JSON is malformed.
    case badClientData(String)
    /// The client data names another ceremony (`webauthn.create` / `webauthn.get`).
    case wrongType
    /// The client data's challenge is not the one given.
    case wrongChallenge
    /// The client data names another origin.
    case wrongOrigin
    /// The authenticator data is for another relying party.
    case wrongRelyingParty
    /// The user was not present.
    case userNotPresent
    /// The user was not verified where that is required.
    case userNotVerified
    /// The signature does not verify.
    case badSignature
    /// The signature counter did not go up: the authenticator may have been cloned.
    case counterWentBack

    public var description: String {
        switch self {
        case .cbor(let error): error.description
        case .badAuthenticatorData(let why): "authenticator data: \(why)"
        case .badAttestation(let why): "attestation: \(why)"
        case .badKey(let why): "public key: \(why)"
        case .unsupportedAlgorithm(let name): "\(name) is not supported (only ES256 and RS256)"
        case .badClientData(let why): "client data: \(why)"
        case .wrongType: "the client data is for another ceremony"
        case .wrongChallenge: "the challenge is not the one given"
        case .wrongOrigin: "the origin is not this site's"
        case .wrongRelyingParty: "the RP ID hash is not this site's"
        case .userNotPresent: "the user was not present"
        case .userNotVerified: "the user was not verified"
        case .badSignature: "the signature does not verify"
        case .counterWentBack: "the signature counter did not increase"
        }
    }
}
