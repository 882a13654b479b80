/// Where a `LoginThrottle` keeps its HMAC key and the failures it counts, each key with its limit.
public protocol LoginFailureRecords: Sendable {
    /// A 256-bit key kept under `name`, created on first use.
    func secretKey(named name: String) throws -> [UInt8]
    /// The failures the check looks at: for each key at its limit, the oldest of its newest
    /// `limit` still counted; the key is blocked until that one ages out.
    func countedFailures(_ check: LoginFailureCheck) throws -> CountedFailures
    /// Records a failure of each key at `now`, forgets the failures that no longer count and,
    /// per key, all but the newest of its limit.
    func recordFailedLogin(keys: [(key: [UInt8], limit: Int)], at now: Int64, forgettingBefore cutoff: Int64) throws
}
