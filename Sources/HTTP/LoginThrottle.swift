import Foundation
import Synchronization

/// Counts failed logins per account and per client address; after `limit` failures within
/// `window` either one is blocked until its oldest failure ages out, even with the right password.
/// One instance is shared by every way of logging in (web form, CardDAV Basic auth).
///
/// Memory stays bounded whatever is sent: an account name is kept only as a 64-bit keyed digest
/// (SipHash under this process's random seed, so nobody can aim two names at one counter), each
/// key keeps at most `limit` times, and past `capacity` keys the ones whose last failure is
/// oldest are forgotten first.
public final class LoginThrottle: Sendable {
    private enum Key: Hashable {
        case account(Int)
        case address(String)
    }

    private let failures = Mutex<[Key: [Date]]>([:])
    private let limit: Int
    private let window: TimeInterval
    private let capacity: Int
    private let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - account: callers pass names already normalised the way accounts are looked up.
    ///   - capacity: the most accounts and addresses tracked at once.
    public init(limit: Int = 5, window: TimeInterval = 15 * 60, capacity: Int = 100_000,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.limit = limit
        self.window = window
        self.capacity = capacity
        self.clock = clock
    }

    /// Seconds until a login for this account from this address may be tried, or nil when it may now.
    public func retryAfter(account: String, address: String) -> Int? {
        let now = clock()
        return failures.withLock { failures in
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
        failures.withLock { failures in
            for key in Self.keys(account: account, address: address) {
                failures[key, default: []].append(now)
                // Only the newest `limit` failures decide when the key is free again.
                if failures[key]!.count > limit { failures[key]!.removeFirst() }
            }
            if failures.count > capacity { forgetOldest(in: &failures, now: now) }
        }
    }

    /// The number of accounts and addresses with failures on record.
    public var trackedCount: Int { failures.withLock { $0.count } }

    /// Drops what has aged out, then, if still over capacity, the keys least recently failed.
    private func forgetOldest(in failures: inout [Key: [Date]], now: Date) {
        failures = failures.filter { now.timeIntervalSince($0.value.last!) < window }
        guard failures.count > capacity else { return }
        let excess = failures.count - capacity * 9 / 10
        for (key, _) in failures.sorted(by: { $0.value.last! < $1.value.last! }).prefix(excess) {
            failures[key] = nil
        }
    }

    private static func keys(account: String, address: String) -> [Key] {
        [.account(account.hashValue), .address(String(address.prefix(64)))]
    }
}
