import Base64URL
import Foundation
import HTTP
import WebAuthn

/// The JSON body the passkeys script posts: one object of string fields (or null), at most
/// `maxBytes`, its byte fields in base64url. Anything else is `Refusal` (400), worded by the caller.
struct PasskeyRequest {
    /// The largest body taken: a credential id of 1023 bytes, an RSA-4096 key and the client
    /// data fit many times over.
    static let maxBytes = 16 * 1024

    /// Why a body is not taken.
    struct Refusal: Error {}

    private let fields: [String: Any]

    init(_ request: Request) throws(Refusal) {
        guard request.body.count <= Self.maxBytes,
              let object = try? JSONSerialization.jsonObject(with: Data(request.body.isEmpty ? Array("{}".utf8) : request.body)),
              let fields = object as? [String: Any] else { throw Refusal() }
        self.fields = fields
    }

    /// The text of `name`, at most `maxLength` characters; nil when it is absent or null.
    func optionalText(_ name: String, maxLength: Int = 1024) throws(Refusal) -> String? {
        switch fields[name] {
        case nil, is NSNull: return nil
        case let text as String where text.count <= maxLength: return text
        default: throw Refusal()
        }
    }

    /// The text of `name`, which must be there.
    func text(_ name: String, maxLength: Int = 1024) throws(Refusal) -> String {
        guard let text = try optionalText(name, maxLength: maxLength) else { throw Refusal() }
        return text
    }

    /// The bytes of the base64url field `name`, which must be there.
    func bytes(_ name: String) throws(Refusal) -> [UInt8] {
        guard let bytes = try optionalBytes(name) else { throw Refusal() }
        return bytes
    }

    /// The bytes of the base64url field `name`; nil when it is absent or null.
    func optionalBytes(_ name: String) throws(Refusal) -> [UInt8]? {
        guard let text = try optionalText(name, maxLength: Self.maxBytes) else { return nil }
        guard let bytes = Base64URL.decode(text) else { throw Refusal() }
        return bytes
    }
}
