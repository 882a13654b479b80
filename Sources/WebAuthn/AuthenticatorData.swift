/// The authenticator data of a registration or an assertion (WebAuthn §6.1): the RP ID's hash,
/// the flags, the signature counter and, when AT is set, the attested credential; extensions,
/// when ED is set, must be one CBOR map and are not otherwise read. Nothing may follow.
public struct AuthenticatorData: Equatable, Sendable {
    /// The longest credential id taken (WebAuthn §5.8.3's limit).
    public static let maxCredentialIDLength = 1023

    /// The credential a registration's authenticator made.
    public struct AttestedCredential: Equatable, Sendable {
        public let aaguid: [UInt8]
        public let credentialID: [UInt8]
        /// The COSE_Key exactly as sent, for the store.
        public let publicKeyBytes: [UInt8]
        public let publicKey: COSEKey
    }

    public let rpIDHash: [UInt8]
    public let userPresent: Bool
    public let userVerified: Bool
    public let signCount: UInt32
    public let attestedCredential: AttestedCredential?

    public init(_ bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count >= 37 else { throw .badAuthenticatorData("shorter than 37 bytes") }
        rpIDHash = Array(bytes[0..<32])
        let flags = bytes[32]
        userPresent = flags & 0x01 != 0
        userVerified = flags & 0x04 != 0
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var offset = 37
        if flags & 0x40 != 0 {
            guard bytes.count >= offset + 18 else { throw .badAuthenticatorData("the attested credential is cut short") }
            let aaguid = Array(bytes[offset..<offset + 16])
            let idLength = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard idLength > 0, idLength <= Self.maxCredentialIDLength else {
                throw .badAuthenticatorData("a credential id of \(idLength) bytes")
            }
            guard bytes.count >= offset + idLength else { throw .badAuthenticatorData("the credential id is cut short") }
            let credentialID = Array(bytes[offset..<offset + idLength])
            offset += idLength
            var reader = CBORReader(bytes, offset: offset)
            let item: CBOR
            do { item = try reader.read() } catch { throw .cbor(error) }
            let key = try COSEKey(item)
            attestedCredential = AttestedCredential(aaguid: aaguid, credentialID: credentialID,
                                                    publicKeyBytes: Array(bytes[offset..<reader.offset]), publicKey: key)
            offset = reader.offset
        } else {
            attestedCredential = nil
        }
        if flags & 0x80 != 0 {
            var reader = CBORReader(bytes, offset: offset)
            let extensions: CBOR
            do { extensions = try reader.read() } catch { throw .cbor(error) }
            guard case .map = extensions else { throw .badAuthenticatorData("the extensions are not a map") }
            offset = reader.offset
        }
        guard offset == bytes.count else { throw .badAuthenticatorData("bytes follow the data") }
    }
}
