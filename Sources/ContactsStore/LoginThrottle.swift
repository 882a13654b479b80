import Foundation
import Synchronization

/// Counts failed logins per account and per client address; after `limit` failures within
/// `window` either one is blocked until its oldest failure ages out, even with the right password.
/// One instance is shared by every way of logging in (web form, CardDAV Basic auth).
///
/// The failures are kept in the store, so every server on one database counts them together and
/// a restart forgets none. Neither the name nor the address is kept: each is an HMAC under a key
/// the store keeps (so nobody can aim two names at one counter), and a key keeps at most `limit`
/// failures, each only while it counts, so the table stays small whatever is sent.
public final class LoginThrottle: Sendable {
    private let store: ContactStore
    private let limit: Int
    private let window: TimeInterval
    private let clock: @Sendable () -> Date
    /// The HMAC key, read from the store on first use.
    private let key = Mutex<[UInt8]?>(nil)

    /// - Parameters:
    ///   - account: callers pass names already normalised the way accounts are looked up.
    public init(store: ContactStore, limit: Int = 5, window: TimeInterval = 15 * 60,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.limit = limit
        self.window = window
        self.clock = clock
    }

    /// Seconds until a login for this account from this address may be tried, or nil when it may now.
    public func retryAfter(account: String, address: String) throws -> Int? {
        let (_, counted) = times()
        let oldest = try store.oldestCountedFailures(of: try keys(account: account, address: address),
                                                     since: counted, limit: limit)
        return oldest.map { Double($0 - counted) / 1000 }.max().map { max(1, Int($0.rounded(.up))) }
    }

    /// Records a failed login.
    public func recordFailure(account: String, address: String) throws {
        let (now, counted) = times()
        try store.recordFailedLogin(keys: try keys(account: account, address: address), at: now,
                                    forgettingBefore: counted, keeping: limit)
    }

    /// Now, and the time after which a failure still counts, in the store's milliseconds.
    private func times() -> (now: Int64, counted: Int64) {
        let now = ContactStore.milliseconds(clock())
        return (now, now - ContactStore.milliseconds(Date(timeIntervalSince1970: window)))
    }

    private func keys(account: String, address: String) throws -> [[UInt8]] {
        let key = try self.key.withLock { key in
            if let key { return key }
            let read = try store.secretKey(named: "login-throttle")
            key = read
            return read
        }
        return [SecretToken.digest("account\u{0}" + account, key: key),
                SecretToken.digest("address\u{0}" + String(address.prefix(64)), key: key)]
    }
}

extension ContactStore {
    /// For each key with at least `limit` failures since `since` (milliseconds), the time of the
    /// oldest of its newest `limit`: the key is blocked until that one ages out.
    func oldestCountedFailures(of keys: [[UInt8]], since: Int64, limit: Int) throws -> [Int64] {
        try queue.read { db in
            let statement = try db.statement("""
                SELECT failed_at FROM login_failures WHERE key = ? AND failed_at > ?
                ORDER BY failed_at DESC LIMIT ?
                """)
            return try keys.compactMap { key in
                let times = try statement.rows([key, since, limit]) { $0.int64(0) }
                return times.count >= limit ? times.last : nil
            }
        }
    }

    /// Records a failure of each key at `now`, forgets the failures that no longer count and,
    /// per key, all but the newest `limit`.
    func recordFailedLogin(keys: [[UInt8]], at now: Int64, forgettingBefore cutoff: Int64, keeping limit: Int) throws {
        try queue.write { db in
            try db.run("DELETE FROM login_failures WHERE failed_at <= ?", cutoff)
            for key in keys {
                try db.run("INSERT INTO login_failures (key, failed_at) VALUES (?, ?)", key, now)
                try db.run("""
                    DELETE FROM login_failures WHERE key = ? AND failed_at < (
                        SELECT min(failed_at) FROM (SELECT failed_at FROM login_failures WHERE key = ?
                                                    ORDER BY failed_at DESC LIMIT ?) AS newest)
                    """, key, key, limit)
            }
        }
    }

    /// How many failures the store keeps on record.
    func recordedLoginFailures() throws -> Int {
        try queue.read { db in try db.statement("SELECT count(*) FROM login_failures").firstRow { $0.int(0) } ?? 0 }
    }
}
