import CSodium

/// Argon2id password hashes through libsodium's `crypto_pwhash_str` (interactive limits).
public enum PasswordHasher {
    /// Passwords shorter than this are refused.
    public static let minimumLength = 8
    /// Longer passwords are refused so nobody can make the server hash megabytes.
    public static let maximumBytes = 1024

    private static let initialized: Bool = sodium_init() >= 0

    /// Checks the password's length, with a message for the person choosing it.
    public static func validate(_ password: String) throws(StoreError) {
        guard password.count >= minimumLength else {
            throw .invalidPassword("the password must have at least \(minimumLength) characters")
        }
        guard password.utf8.count <= maximumBytes else {
            throw .invalidPassword("the password must be at most \(maximumBytes) bytes")
        }
    }

    /// An encoded argon2id hash (algorithm, parameters, salt and hash) of `password`.
    public static func hash(_ password: String) -> String {
        precondition(initialized, "libsodium failed to initialize")
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let result = password.withCString { input in
            crypto_pwhash_str_alg(&output, input, UInt64(password.utf8.count),
                                  UInt64(crypto_pwhash_argon2id_opslimit_interactive()),
                                  crypto_pwhash_argon2id_memlimit_interactive(),
                                  crypto_pwhash_argon2id_alg_argon2id13())
        }
        precondition(result == 0, "argon2id ran out of memory")
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `encodedHash`, compared by libsodium in constant time.
    public static func verify(_ password: String, against encodedHash: String) -> Bool {
        precondition(initialized, "libsodium failed to initialize")
        guard password.utf8.count <= maximumBytes else { return false }
        return password.withCString { input in
            crypto_pwhash_str_verify(encodedHash, input, UInt64(password.utf8.count)) == 0
        }
    }
}
