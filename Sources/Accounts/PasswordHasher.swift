import CSodium
import Synchronization

/// Argon2id password hashes through libsodium's `crypto_pwhash_str`: 7 MiB and 5 passes, the
/// smallest of OWASP's equally strong argon2id settings (19 MiB and 2 passes is another). It
/// takes about the time the others do, and the least memory a login holds: a server's memory
/// peaks at its logins, and logins at once each hold their own. Before each hash the allocator
/// gives the pages it keeps free back to the system, so that the peak is what the server uses
/// plus the hash's 7 MiB, not plus idle pages too.
public enum PasswordHasher {
    /// Passes over the memory.
    static let operations = 5
    /// Memory per hash, in bytes.
    static let memory = 7 << 20

    /// Passwords shorter than this are refused.
    public static let minimumLength = 8
    /// Longer passwords are refused so nobody can make the server hash megabytes.
    public static let maximumBytes = 1024

    private static let initialized: Bool = sodium_init() >= 0

    /// Checks the password's length.
    public static func validate(_ password: String) throws(AccountError) {
        guard password.count >= minimumLength else {
            throw .invalidPassword(.tooShort(minimum: minimumLength))
        }
        guard password.utf8.count <= maximumBytes else {
            throw .invalidPassword(.tooLong(maximumBytes: maximumBytes))
        }
    }

    /// An encoded argon2id hash (algorithm, parameters, salt and hash) of `password`.
    public static func hash(_ password: String) -> String {
        hash(password, operations: operations, memory: memory)
    }

    /// A hash with other parameters (what an older release stored).
    static func hash(_ password: String, operations: Int, memory: Int) -> String {
        precondition(initialized, "libsodium failed to initialize")
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        csodium_return_free_memory()
        let result = password.withCString { input in
            crypto_pwhash_str_alg(&output, input, UInt64(password.utf8.count), UInt64(operations), memory,
                                  crypto_pwhash_argon2id_alg_argon2id13())
        }
        precondition(result == 0, "argon2id ran out of memory")
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a hash was made with other parameters (an older release's) and should be made
    /// again, now that the password is known.
    public static func needsRehash(_ encodedHash: String) -> Bool {
        precondition(initialized, "libsodium failed to initialize")
        return crypto_pwhash_str_needs_rehash(encodedHash, UInt64(operations), memory) != 0
    }

    /// Counts the verifications made in a task while set: what a login costs is how many it makes.
    @TaskLocal static var verifications: VerificationCount?

    /// A tally of `verify` calls.
    final class VerificationCount: Sendable {
        private let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .relaxed) }
        func increment() { count.add(1, ordering: .relaxed) }
    }

    /// Whether `password` matches `encodedHash`, compared by libsodium in constant time.
    public static func verify(_ password: String, against encodedHash: String) -> Bool {
        precondition(initialized, "libsodium failed to initialize")
        verifications?.increment()
        guard password.utf8.count <= maximumBytes else { return false }
        csodium_return_free_memory()
        return password.withCString { input in
            crypto_pwhash_str_verify(encodedHash, input, UInt64(password.utf8.count)) == 0
        }
    }
}
