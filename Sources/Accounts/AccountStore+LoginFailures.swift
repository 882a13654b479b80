import SQLEngine

extension AccountStore: LoginFailureRecords {
    public func oldestCountedFailures(of keys: [(key: [UInt8], limit: Int)], since: Int64) throws -> [Int64] {
        try database.read { db in
            let statement = try db.statement("""
                SELECT failed_at FROM login_failures WHERE key = ? AND failed_at > ?
                ORDER BY failed_at DESC LIMIT ?
                """)
            return try keys.compactMap { key, limit in
                let times = try statement.rows([key, since, limit]) { $0.int64(0) }
                return times.count >= limit ? times.last : nil
            }
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
