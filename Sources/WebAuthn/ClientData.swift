import Base64URL
import Foundation

/// The client data JSON a browser signs over (WebAuthn §5.8.1): what ceremony, which challenge
/// (base64url) and which origin. At most `maxLength` bytes.
public struct ClientData: Sendable {
    /// The longest client data read.
    public static let maxLength = 4096

    public let type: String
    public let challenge: [UInt8]
    public let origin: String
    public let crossOrigin: Bool

    private struct Fields: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
    }

    public init(_ json: [UInt8]) throws(WebAuthnError) {
        guard json.count <= Self.maxLength else { throw .badClientData("longer than \(Self.maxLength) bytes") }
        let fields: Fields
        do { fields = try JSONDecoder().decode(Fields.self, from: Data(json)) } catch {
            throw .badClientData("not the JSON of client data")
        }
        guard let challenge = Base64URL.decode(fields.challenge) else { throw .badClientData("the challenge is not base64url") }
        type = fields.type
        self.challenge = challenge
        origin = fields.origin
        crossOrigin = fields.crossOrigin ?? false
    }

    /// The challenge of `json` read before anything is checked, so the caller can find (and use
    /// up) the challenge it gave; nil when the JSON has none.
    public static func challenge(of json: [UInt8]) -> [UInt8]? {
        try? ClientData(json).challenge
    }
}
