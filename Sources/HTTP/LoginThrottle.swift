import Foundation

/// Counts failed logins per account and per client address; after `limit` failures within
/// `window` either one is blocked until its oldest failure ages out, even with the right password.
/// One instance is shared by every way of logging in (web form, CardDAV Basic auth).
public final class LoginThrottle: @unchecked Sendable {
    // Unchecked: `failures` is only touched while `lock` is held.
    private let lock = NSLock()
    private var failures: [String: [Date]] = [:]
    private let limit: Int
    private let window: TimeInterval
    private let clock: @Sendable () -> Date

    public init(limit: Int = 5, window: TimeInterval = 15 * 60, clock: @escaping @Sendable () -> Date = Date.init) {
        self.limit = limit
        self.window = window
        self.clock = clock
    }

    /// Seconds until a login for this account from this address may be tried, or nil when it may now.
    public func retryAfter(account: String, address: String) -> Int? {
        let now = clock()
        return lock.withLock {
            let waits = Self.keys(account: account, address: address).compactMap { key -> TimeInterval? in
                let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
                failures[key] = recent.isEmpty ? nil : recent
                guard recent.count >= limit, let oldest = recent.first else { return nil }
                return window - now.timeIntervalSince(oldest)
            }
            return waits.max().map { max(1, Int($0.rounded(.up))) }
        }
    }

    /// Records a failed login.
    public func recordFailure(account: String, address: String) {
        let now = clock()
        lock.withLock {
            for key in Self.keys(account: account, address: address) { failures[key, default: []].append(now) }
        }
    }

    private static func keys(account: String, address: String) -> [String] {
        ["account:" + account.lowercased(), "address:" + address]
    }
}
