import Accounts

extension ContactStore: LoginFailureRecords {
    /// A 256-bit key kept in the database under `name`, created on first use.
    public func secretKey(named name: String) throws -> [UInt8] {
        try withAccounts { try $0.secretKey(named: name) }
    }

    public func countedFailures(_ check: LoginFailureCheck) throws -> CountedFailures {
        try withAccounts { try $0.countedFailures(check) }
    }

    public func recordFailedLogin(keys: [(key: [UInt8], limit: Int)], at now: Int64, forgettingBefore cutoff: Int64) throws {
        try withAccounts { try $0.recordFailedLogin(keys: keys, at: now, forgettingBefore: cutoff) }
    }
}
