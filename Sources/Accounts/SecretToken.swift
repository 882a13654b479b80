import Base64URL
import CSodium

/// Random bearer tokens (256 bits, base64url), the hash under which the store keeps them, and
/// keyed MACs for values the server signs.
public enum SecretToken {
    private static let initialized: Bool = sodium_init() >= 0

    /// A fresh token from libsodium's CSPRNG.
    public static func make() -> String {
        Base64URL.encode(randomBytes(32))
    }

    /// `count` bytes from libsodium's CSPRNG.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        precondition(initialized, "libsodium failed to initialize")
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, bytes.count)
        return bytes
    }

    /// SHA-256 of the token: a stolen database does not yield usable tokens.
    public static func hash(_ token: String) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        let bytes = Array(token.utf8)
        crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
        return digest
    }

    /// HMAC-SHA-256 of `message` under `key`, as base64url.
    public static func mac(_ message: String, key: [UInt8]) -> String {
        Base64URL.encode(digest(message, key: key))
    }

    /// HMAC-SHA-256 of `message` under `key`, as bytes.
    static func digest(_ message: String, key: [UInt8]) -> [UInt8] {
        digest(Array(message.utf8), key: key)
    }

    /// HMAC-SHA-256 of the bytes `message` under `key` (32 bytes).
    public static func digest(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        MACKey(key).digest(message)
    }

    /// An HMAC-SHA-256 key with its padded blocks hashed once, for a key that signs on every
    /// request: each digest under it hashes the message alone, half the work of
    /// `digest(_:key:)` for a short one.
    public struct MACKey: Sendable {
        private let keyed: crypto_auth_hmacsha256_state

        public init(_ key: [UInt8]) {
            precondition(initialized, "libsodium failed to initialize")
            var state = crypto_auth_hmacsha256_state()
            crypto_auth_hmacsha256_init(&state, key, key.count)
            keyed = state
        }

        /// HMAC-SHA-256 of the bytes `message` (32 bytes).
        public func digest(_ message: [UInt8]) -> [UInt8] {
            var state = keyed
            var digest = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
            crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
            crypto_auth_hmacsha256_final(&state, &digest)
            return digest
        }
    }

    /// A key for the keys of an in-memory cache of secrets (credentials verified a moment ago):
    /// no digest under it is stored or sent, so it need not be an HMAC. SipHash-128 (a keyed
    /// pseudorandom function for short messages, 128-bit digests) costs a tenth of HMAC-SHA-256.
    public struct CacheKey: Sendable {
        private let key = randomBytes(Int(crypto_shorthash_siphashx24_KEYBYTES))

        /// A key of random bytes, known to this process alone.
        public init() {}

        /// The keyed digest of the bytes `message` (16 bytes).
        public func digest(_ message: [UInt8]) -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: Int(crypto_shorthash_siphashx24_BYTES))
            crypto_shorthash_siphashx24(&digest, message, UInt64(message.count), key)
            return digest
        }
    }

    /// Compares two secrets in time independent of where they differ.
    public static func equal(_ left: String, _ right: String) -> Bool {
        equal(Array(left.utf8), Array(right.utf8))
    }

    /// Compares two secrets' bytes in time independent of where they differ (their lengths
    /// are not secret).
    public static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.count == right.count && sodium_memcmp(left, right, left.count) == 0
    }
}
