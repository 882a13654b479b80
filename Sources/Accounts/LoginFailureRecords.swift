/// Where a `LoginThrottle` keeps its HMAC key and the failures it counts, each key with its limit.
public protocol LoginFailureRecords: Sendable {
    /// A 256-bit key kept under `name`, created on first use.
    func secretKey(named name: String) throws -> [UInt8]
    /// For each key with at least its limit of failures since `since` (milliseconds), the time
    /// of the oldest of its newest `limit`: the key is blocked until that one ages out.
    func oldestCountedFailures(of keys: [(key: [UInt8], limit: Int)], since: Int64) throws -> [Int64]
    /// Records a failure of each key at `now`, forgets the failures that no longer count and,
    /// per key, all but the newest of its limit.
    func recordFailedLogin(keys: [(key: [UInt8], limit: Int)], at now: Int64, forgettingBefore cutoff: Int64) throws
}
