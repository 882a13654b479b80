import SQLEngine

extension AccountStore: LoginFailureRecords {
    /// One statement for every key (a request with cached credentials checks two before it is
    /// answered: one round trip, not a transaction of one statement per key).
    public func oldestCountedFailures(of keys: [(key: [UInt8], limit: Int)], since: Int64) throws -> [Int64] {
        let counted = keys.filter { $0.limit > 0 }
        guard !counted.isEmpty else { return [] }
        // Each key's `limit`th newest failure still counted: NULL when it has fewer.
        let oldest = Array(repeating: """
            (SELECT failed_at FROM login_failures WHERE key = ? AND failed_at > ? ORDER BY failed_at DESC LIMIT 1 OFFSET ?)
            """, count: counted.count).joined(separator: ", ")
        return try database.readSingle { db in
            try db.statement("SELECT " + oldest).firstRow(counted.flatMap { [$0.key, since, $0.limit - 1] as [any SQLBindable] }) { row in
                (0..<Int32(counted.count)).compactMap { row.isNull($0) ? nil : row.int64($0) }
            } ?? []
        }
    }

    public func recordFailedLogin(keys: [(key: [UInt8], limit: Int)], at now: Int64, forgettingBefore cutoff: Int64) throws {
        try database.write(.rows) { db in
            try db.run("DELETE FROM login_failures WHERE failed_at <= ?", cutoff)
            for (key, limit) in keys {
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
        try database.read { db in try db.statement("SELECT count(*) FROM login_failures").firstRow { $0.int(0) } ?? 0 }
    }
}
