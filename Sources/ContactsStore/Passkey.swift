import Foundation

/// A passkey of an account: a WebAuthn credential's id and public key (a COSE_Key, as the
/// authenticator sent it), its algorithm's COSE number, the signature counter last seen, and
/// the name the person gave it.
public struct Passkey: Sendable, Equatable {
    public let id: Int64
    public let userID: Int64
    public let credentialID: [UInt8]
    public let publicKey: [UInt8]
    public let algorithm: Int
    public let signCount: UInt32
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date?

    /// The longest name a passkey may have, in characters.
    public static let maximumNameLength = 64

    /// Why a passkey is not added.
    public enum Problem: Error, Equatable, Sendable {
        /// The name is empty, longer than `maximumNameLength` or holds a hidden character.
        case invalidName
        /// A passkey with this credential id is already registered (to any account).
        case alreadyRegistered
    }

    /// What a challenge is for: adding a passkey to a signed-in account, or signing in.
    public enum Purpose: String, Sendable {
        case register, login
    }
}
