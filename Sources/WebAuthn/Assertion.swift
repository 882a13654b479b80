/// A sign-in with a passkey (WebAuthn §7.2): the authenticator data, client data and signature
/// a browser returned from `navigator.credentials.get`, checked against the stored key.
public struct Assertion: Sendable {
    /// The counter to store from now on.
    public let signCount: UInt32
    public let userVerified: Bool

    /// Verifies an assertion. `storedSignCount` is the counter last seen: when it or the new one
    /// is not zero, the new one must be greater, else the authenticator may be a clone.
    public init(authenticatorData: [UInt8], clientDataJSON: [UInt8], signature: [UInt8], publicKey: COSEKey,
                storedSignCount: UInt32, challenge: [UInt8], relyingParty: RelyingParty,
                requireUserVerification: Bool = false) throws(WebAuthnError) {
        let clientData = try ClientData(clientDataJSON)
        let data = try AuthenticatorData(authenticatorData)
        try relyingParty.check(clientData, type: "webauthn.get", challenge: challenge, data,
                               requireUserVerification: requireUserVerification)
        guard publicKey.verifies(signature, of: authenticatorData + SignatureCheck.sha256(clientDataJSON)) else {
            throw .badSignature
        }
        if data.signCount != 0 || storedSignCount != 0, data.signCount <= storedSignCount { throw .counterWentBack }
        signCount = data.signCount
        userVerified = data.userVerified
    }
}
