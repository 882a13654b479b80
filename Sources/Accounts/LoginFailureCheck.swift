import SQLEngine

/// The failed logins to look at before a password login is let through: those counted against
/// the account and against the client's address, each key with its limit. Read on their own
/// (`LoginThrottle.retryAfter(account:address:)`) or as columns of another statement, so that a
/// request with credentials verified earlier reads them with its first read.
public struct LoginFailureCheck: Sendable {
    struct Key: Sendable {
        let digest: [UInt8]
        let limit: Int
    }

    let keys: [Key]
    /// Failures after this time (the store's milliseconds) still count.
    let countedSince: Int64

    /// As many columns as `keys`, each key's `limit`th newest failure still counted (NULL when
    /// it has fewer), for a SELECT list; `parameters` are the values of their `?`s.
    public var columns: String { Self.columns(keyCount: keys.count) }

    /// How many keys the check has: `columns` is `columns(keyCount:)` of it.
    public var keyCount: Int { keys.count }

    /// The columns of a check of `keyCount` keys.
    public static func columns(keyCount: Int) -> String {
        keyCount < columnLists.count ? columnLists[keyCount] : columnList(keyCount)
    }

    /// The columns for no key, one and two (an account and an address), written once: a
    /// statement's text is the key of its compiled form, so it is built for every request.
    private static let columnLists = (0...2).map(columnList)

    private static func columnList(_ count: Int) -> String {
        repeatElement("(SELECT failed_at FROM login_failures WHERE key = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT 1 OFFSET ?)",
                      count: count).joined(separator: ", ")
    }

    public var parameters: [any SQLBindable] {
        keys.flatMap { [$0.digest, countedSince, $0.limit - 1] as [any SQLBindable] }
    }

    /// What `columns` read, from `row` where they begin at `first`.
    public func failures(in row: any SQLRow, from first: Int32) -> CountedFailures {
        CountedFailures(oldest: (0..<Int32(keys.count)).compactMap { row.isNull(first + $0) ? nil : row.int64(first + $0) },
                        countedSince: countedSince)
    }
}

/// The failures a `LoginFailureCheck` read: for each key at its limit, the oldest of the failures
/// that count.
public struct CountedFailures: Sendable {
    let oldest: [Int64]
    let countedSince: Int64

    /// Seconds until a password login may be tried again, or nil when it may now: until the
    /// oldest counted failure of every key at its limit ages out.
    public var retryAfter: Int? {
        oldest.map { Double($0 - countedSince) / 1000 }.max().map { max(1, Int($0.rounded(.up))) }
    }
}
