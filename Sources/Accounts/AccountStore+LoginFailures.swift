import SQLEngine

extension AccountStore: LoginFailureRecords {
    /// One statement for every key: one round trip.
    public func countedFailures(_ check: LoginFailureCheck) throws -> CountedFailures {
        guard !check.columns.isEmpty else { return CountedFailures(oldest: [], countedSince: check.countedSince) }
        return try database.readSingle { db in
            try db.statement("SELECT " + check.columns).firstRow(check.parameters) { check.failures(in: $0, from: 0) }
        } ?? CountedFailures(oldest: [], countedSince: check.countedSince)
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
