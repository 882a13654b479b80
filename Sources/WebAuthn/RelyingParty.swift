/// This site as passkeys see it: the RP ID (a host name) and the origin browsers must name.
public struct RelyingParty: Equatable, Sendable {
    public let id: String
    public let origin: String

    /// - Parameters:
    ///   - id: the host of the public URL, else of the request.
    ///   - origin: `scheme://host[:port]` of the same.
    public init(id: String, origin: String) {
        self.id = id
        self.origin = origin
    }

    /// SHA-256 of the RP ID, as authenticator data carries it.
    public var idHash: [UInt8] { SignatureCheck.sha256(Array(id.utf8)) }

    /// Checks what registration and assertion share: the client data's type, challenge and
    /// origin, then the authenticator data's RP ID hash and flags.
    func check(_ clientData: ClientData, type: String, challenge: [UInt8], _ data: AuthenticatorData,
               requireUserVerification: Bool) throws(WebAuthnError) {
        guard clientData.type == type else { throw .wrongType }
        guard ConstantTime.equal(clientData.challenge, challenge) else { throw .wrongChallenge }
        guard clientData.origin == origin, !clientData.crossOrigin else { throw .wrongOrigin }
        guard ConstantTime.equal(data.rpIDHash, idHash) else { throw .wrongRelyingParty }
        guard data.userPresent else { throw .userNotPresent }
        guard data.userVerified || !requireUserVerification else { throw .userNotVerified }
    }
}

/// Comparisons that take as long whatever the bytes.
enum ConstantTime {
    static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
