import Accounts
import Blanks
import ContactsStore
import Foundation
import HTTP
import Synchronization
import Wording

/// HTTP Basic authentication (RFC 7617) for every DAV request, against the account password or
/// one of its app passwords, with the web login's throttling.
///
/// Clients send the credentials on every request and an argon2id check costs ~70 ms, so a
/// successful check is remembered for a few minutes — keyed by a keyed hash of the credentials
/// under a key that lives only in this process, never by the password itself — and forgotten when the
/// account's credentials change (a new password, an app password added or revoked).
///
/// With two-step verification on, the account password is refused (401, saying to make an app
/// password) even when right: only app passwords log sync clients in, as with iCloud.
///
/// App passwords, unguessable, pass without the throttle. The account password never does, cached
/// or not: while its account or address is locked, the right password gets the same 429 as a
/// wrong one, so nobody can tell a right guess by its answer, and servers that cached it count
/// the failures as every other server does.
final class BasicAuthenticator: Sendable {
    private let store: ContactStore
    private let throttle: LoginThrottle
    private let gate: PasswordGate
    private let log: @Sendable (String) -> Void
    private let clock: @Sendable () -> Date
    private let key = SecretToken.CacheKey()
    /// Keyed by the digest of the credentials as sent, `name:password`: the password itself is not kept.
    private let verified = Mutex<[[UInt8]: Verified]>([:])

    /// Credentials verified in the last few minutes.
    private struct Verified {
        let user: User
        let generation: Int64
        let expires: Date
        /// The device of an app password, which the throttle does not hold back; nil for the
        /// account password.
        let device: AppPasswordDevice?
    }

    /// How long a verified password is trusted without another argon2id check.
    static let cacheLifetime: TimeInterval = 5 * 60
    /// The most credentials remembered at once.
    static let cacheLimit = 10_000
    static let challenge = #"Basic realm="PersonalContacts", charset="UTF-8""#

    init(store: ContactStore, throttle: LoginThrottle, gate: PasswordGate,
         log: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.throttle = throttle
        self.gate = gate
        self.log = log
        self.clock = clock
    }

    /// Who a request's credentials belong to.
    struct Login {
        let user: User
        /// Set when the credentials were verified earlier: they hold while the account's
        /// credentials generation is still this one, which the caller confirms (see
        /// `PendingCredentials`).
        let unconfirmedGeneration: Int64?
        /// Set for an account password verified earlier: the login failures that hold it back
        /// while its account or address is locked, which the caller reads with the generation.
        let unreadFailures: LoginFailureCheck?
        /// The device whose app password it was; nil for the account password.
        let device: AppPasswordDevice?
    }

    /// Who the request's credentials belong to.
    /// - Parameter trustingCache: false to verify the credentials again even if they were
    ///   verified in the last few minutes (their account's generation has moved since).
    /// - Throws: 401 with a challenge when they are missing or wrong, 429 with Retry-After while
    ///   the account or the address is throttled.
    func login(for request: Request, trustingCache: Bool = true) throws -> Login {
        guard let (username, password, sent) = Self.credentials(request) else {
            throw Self.unauthorized(davWording.syncLogIn)
        }
        // A name holds no colon (RFC 7617 §2), so the pair as sent names one name and password.
        let cacheKey = key.digest(sent)
        let now = clock()
        // The throttle counts by the name as accounts are looked up (see `AccountName.key`); a
        // name no account can have (control characters, over 64 characters) fails without a check.
        let accountKey = AccountName.key(username)
        func throttled() throws -> DAVError? {
            try throttle.retryAfter(account: accountKey ?? username, address: request.clientAddress).map(Self.tooManyLogins)
        }
        if trustingCache, let entry = verified.withLock({ $0[cacheKey] }), entry.expires > now {
            // The failures are read with the request's first statement, with the generation.
            let failures = entry.device != nil ? nil : try throttle.check(account: accountKey ?? username, address: request.clientAddress)
            return Login(user: entry.user, unconfirmedGeneration: entry.generation, unreadFailures: failures, device: entry.device)
        }
        // What the devices page shows of an app password's last use.
        let client = RequestClient(userAgent: request.headers["User-Agent"], address: request.clientAddress)
        var login = accountKey == nil ? nil
            : try gate.run({ try store.authenticateAppPassword(username: username, password: password, client: client) })
        if login == nil {
            if let refusal = try throttled() { throw refusal }
            login = accountKey == nil ? nil
                : try gate.run({ try store.authenticateForSync(username: username, password: password, client: client) })
        }
        guard let login else {
            try throttle.recordFailure(account: accountKey ?? username, address: request.clientAddress)
            log("\(ISO8601DateFormatter().string(from: now)) carddav: failed login for account \"\(LogText.printable(username))\" from \(LogText.printable(request.clientAddress))")
            throw Self.unauthorized(wording.wrongLogin)
        }
        let user = login.user
        // The right account password, but the account asks for a second step, which a sync
        // client cannot give: it needs an app password. Not a failure: nothing is counted.
        if login.appPassword == nil, try store.twoStepIsOn(username: user.username) {
            throw Self.unauthorized(Language.allCases.map(\.catalogue.useAppPasswordForSync).joined(separator: "\n"))
        }
        let generation = try store.credentialsGeneration(of: user)
        verified.withLock { verified in
            if verified.count >= Self.cacheLimit { verified = verified.filter { $0.value.expires > now } }
            if verified.count < Self.cacheLimit {
                verified[cacheKey] = Verified(user: user, generation: generation, expires: now.addingTimeInterval(Self.cacheLifetime),
                                              device: login.appPassword)
            }
        }
        return Login(user: user, unconfirmedGeneration: nil, unreadFailures: nil, device: login.appPassword)
    }

    /// 429 with Retry-After: a password login held back by the throttle for `seconds`.
    static func tooManyLogins(seconds: Int) -> DAVError {
        var error = DAVError(429, davWording.tooManyLogins(seconds: seconds))
        error.headers["Retry-After"] = String(seconds)
        return error
    }

    static func unauthorized(_ message: String) -> DAVError {
        var error = DAVError(401, message)
        error.headers["WWW-Authenticate"] = challenge
        return error
    }

    /// The account name and password of a `Basic` Authorization header (RFC 7617 §2, UTF-8),
    /// read byte by byte: every request of a sync client has one.
    private static func credentials(_ request: Request) -> (username: String, password: String, sent: [UInt8])? {
        guard let header = request.headers["Authorization"] else { return nil }
        let bytes = Array(header.utf8)
        // The scheme's name, ASCII letters in either case, then the token between blanks.
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard bytes.count > 6, bytes[..<6].lazy.map({ (65...90).contains($0) ? $0 + 32 : $0 }).elementsEqual("basic ".utf8),
              let first = bytes[6...].firstIndex(where: { !isBlank($0) }),
              let last = bytes.lastIndex(where: { !isBlank($0) }),
              let decoded = Data(base64Encoded: Data(bytes[first...last])),
              let colon = decoded.firstIndex(of: UInt8(ascii: ":")), colon > decoded.startIndex,
              let username = String(validating: decoded[..<colon], as: UTF8.self),
              let password = String(validating: decoded[(colon + 1)...], as: UTF8.self) else { return nil }
        return (username, password, Array(decoded))
    }
}
