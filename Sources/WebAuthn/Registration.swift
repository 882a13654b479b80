/// A passkey's registration (WebAuthn §7.1): the attestation object and client data a browser
/// returned from `navigator.credentials.create`. Browsers are asked for attestation "none";
/// a statement of another format is ignored, never trusted.
public struct Registration: Sendable {
    /// The credential to keep.
    public let credential: AuthenticatorData.AttestedCredential
    public let signCount: UInt32
    public let userVerified: Bool

    /// Verifies a registration against the challenge this site gave.
    public init(attestationObject: [UInt8], clientDataJSON: [UInt8], challenge: [UInt8], relyingParty: RelyingParty,
                requireUserVerification: Bool = false) throws(WebAuthnError) {
        let clientData = try ClientData(clientDataJSON)
        let object: CBOR
        do { object = try CBORReader.decode(attestationObject) } catch { throw .cbor(error) }
        guard case .map = object else { throw .badAttestation("not a map") }
        guard case .text? = object["fmt"] else { throw .badAttestation("no format") }
        guard case .map? = object["attStmt"] else { throw .badAttestation("no statement") }
        guard case .bytes(let authData)? = object["authData"] else { throw .badAttestation("no authenticator data") }
        let data = try AuthenticatorData(authData)
        try relyingParty.check(clientData, type: "webauthn.create", challenge: challenge, data,
                               requireUserVerification: requireUserVerification)
        guard let credential = data.attestedCredential else { throw .badAuthenticatorData("no attested credential") }
        self.credential = credential
        signCount = data.signCount
        userVerified = data.userVerified
    }
}
