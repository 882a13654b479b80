import Base64URL
import CSodium
import Foundation

extension SecretToken {
    /// `text` encrypted and authenticated under a key derived from `key` (libsodium's secretbox:
    /// XSalsa20-Poly1305, a fresh random nonce), as base64url: for a secret the server hands a
    /// browser to give back, which nobody else can read or forge.
    public static func seal(_ text: String, key: [UInt8]) -> String {
        let message = Array(text.utf8)
        let nonce = randomBytes(Int(crypto_secretbox_NONCEBYTES))
        var sealed = [UInt8](repeating: 0, count: message.count + Int(crypto_secretbox_MACBYTES))
        _ = crypto_secretbox_easy(&sealed, message, UInt64(message.count), nonce, boxKey(key))
        return Base64URL.encode(nonce + sealed)
    }

    /// The text `seal` sealed under the same key; nil for anything else (changed, truncated,
    /// sealed under another key, not base64url, over `maximumLength` characters).
    public static func open(_ sealed: String, key: [UInt8], maximumLength: Int = 4096) -> String? {
        guard sealed.utf8.count <= maximumLength, let bytes = Base64URL.decode(sealed) else { return nil }
        let nonceLength = Int(crypto_secretbox_NONCEBYTES)
        guard bytes.count >= nonceLength + Int(crypto_secretbox_MACBYTES) else { return nil }
        let nonce = Array(bytes.prefix(nonceLength))
        let box = Array(bytes.dropFirst(nonceLength))
        var message = [UInt8](repeating: 0, count: box.count - Int(crypto_secretbox_MACBYTES))
        guard crypto_secretbox_open_easy(&message, box, UInt64(box.count), nonce, boxKey(key)) == 0 else { return nil }
        return String(validating: message, as: UTF8.self)
    }

    /// The 256-bit secretbox key of a key of any length.
    private static func boxKey(_ key: [UInt8]) -> [UInt8] {
        hash(String(decoding: key, as: UTF8.self))
    }
}
