import Foundation
import Synchronization

/// Counts failed password logins per account and per client address. After `accountLimit`
/// failures within `window` an account's password is refused (429) from every address until its
/// oldest failure ages out, even the right password; after `addressLimit` (looser: a household
/// or an office shares one address) an address is refused for every account. One instance is
/// shared by every way of logging in (web form, CardDAV Basic auth).
///
/// Only guessable secrets are throttled: the account password. App passwords and remember
/// tokens (150 and 256 random bits) are checked before it, so a family's phones keep syncing
/// while someone guesses at the account, and a locked account's right password gets the same
/// 429 as a wrong one, whatever a server has cached (see `BasicAuthenticator`).
///
/// The failures are kept in the store, so every server on one database counts them together and
/// a restart forgets none (see `LoginFailureRecords`). Neither the name nor the address is kept: each is an HMAC under a key
/// the store keeps (so nobody can aim two names at one counter), and a key keeps at most its
/// limit of failures, each only while it counts, so the table stays small whatever is sent.
public final class LoginThrottle: Sendable {
    private let store: any LoginFailureRecords
    private let accountLimit: Int
    private let addressLimit: Int
    private let window: TimeInterval
    private let clock: @Sendable () -> Date
    /// What the failures are of, so that throttles on one store count apart ("" for passwords).
    private let scope: String
    /// The HMAC key, read from the store on first use, and the keys made under it lately: a
    /// sync client sends its name from its address with every request.
    private let keying = Mutex<Keying?>(nil)

    private struct Keying {
        let key: SecretToken.MACKey
        var keys: [Counted: [LoginFailureCheck.Key]] = [:]
    }

    /// What a login's failures are counted against.
    private struct Counted: Hashable {
        let account: String
        let address: String
    }

    /// The most pairs whose keys are remembered; past it they are forgotten together.
    static let rememberedPairs = 4_096
    /// The longest account name and address whose keys are remembered, in bytes together (an
    /// account name is at most 64 characters, an address 64 bytes).
    static let longestRememberedPair = 512

    /// - Parameters:
    ///   - accountLimit: failures that lock an account's password for `window`.
    ///   - addressLimit: failures from one client address that lock it out of every account.
    ///   - scope: what is counted, when not the password: a second throttle on the same store
    ///     (the one-time codes of two-step sign-in) names its own, and its counts stay apart.
    public init(store: any LoginFailureRecords, accountLimit: Int = 5, addressLimit: Int = 30, window: TimeInterval = 15 * 60,
                scope: String = "", clock: @escaping @Sendable () -> Date = Date.init) {
        self.scope = scope
        self.store = store
        self.accountLimit = accountLimit
        self.addressLimit = addressLimit
        self.window = window
        self.clock = clock
    }

    /// Seconds until a password login for this account from this address may be tried, or nil
    /// when it may now. Callers pass names already normalised the way accounts are looked up.
    public func retryAfter(account: String, address: String) throws -> Int? {
        try store.countedFailures(try check(account: account, address: address)).retryAfter
    }

    /// The failures to read before a password login for this account from this address: with
    /// another statement, when the caller has one to run anyway.
    public func check(account: String, address: String) throws -> LoginFailureCheck {
        let keys = try keys(account: account, address: address)
        // A limit of 0 holds nothing back.
        return LoginFailureCheck(keys: keys.allSatisfy { $0.limit > 0 } ? keys : keys.filter { $0.limit > 0 },
                                 countedSince: times().counted)
    }

    /// Records a failed login.
    public func recordFailure(account: String, address: String) throws {
        let (now, counted) = times()
        try store.recordFailedLogin(keys: try keys(account: account, address: address).map { ($0.digest, $0.limit) }, at: now,
                                    forgettingBefore: counted)
    }

    /// Now, and the time after which a failure still counts, in the store's milliseconds.
    private func times() -> (now: Int64, counted: Int64) {
        let now = StoredTime.milliseconds(clock())
        return (now, now - StoredTime.milliseconds(Date(timeIntervalSince1970: window)))
    }

    /// The keys of the account's and the address's failures, with their limits, remembered.
    private func keys(account: String, address: String) throws -> [LoginFailureCheck.Key] {
        let counted = Counted(account: account, address: String(address.prefix(64)))
        let (key, remembered) = try keying.withLock { keying in
            let ready = try keying ?? Keying(key: SecretToken.MACKey(store.secretKey(named: "login-throttle")))
            keying = ready
            return (ready.key, ready.keys[counted])
        }
        if let remembered { return remembered }
        let scope = self.scope.isEmpty ? "" : self.scope + "\u{0}"
        let keys = [LoginFailureCheck.Key(digest: key.digest(Array((scope + "account\u{0}" + counted.account).utf8)), limit: accountLimit),
                    LoginFailureCheck.Key(digest: key.digest(Array((scope + "address\u{0}" + counted.address).utf8)), limit: addressLimit)]
        // A name no account can have may be as long as a header: only short ones are kept, so
        // failed logins with long names cannot fill memory with them.
        guard counted.account.utf8.count + counted.address.utf8.count <= Self.longestRememberedPair else { return keys }
        keying.withLock { keying in
            if keying?.keys.count ?? 0 >= Self.rememberedPairs { keying?.keys.removeAll() }
            keying?.keys[counted] = keys
        }
        return keys
    }
}
