import Accounts
import Foundation
import SQLEngine

extension ContactStore {
    /// Makes an app password for one of the user's devices (`AccountStore.addAppPassword`).
    public func addAppPassword(username: String, device: String) throws -> String {
        try withAccounts { try $0.addAppPassword(username: username, device: device) }
    }

    /// The user's app passwords by device (ignoring case), with their last use (`AccountStore.appPasswords`).
    public func appPasswords(username: String) throws -> [AppPasswordEntry] {
        try withAccounts { try $0.appPasswords(username: username) }
    }

    /// The device of the user's app password `password`, checked against its hash (`AccountStore.appPasswordDevice`).
    public func appPasswordDevice(username: String, password: String) throws -> String? {
        try withAccounts { try $0.appPasswordDevice(username: username, password: password) }
    }

    /// Deletes the app password of one of the user's devices, which can then no longer log in.
    public func revokeAppPassword(username: String, device: String) throws {
        try withAccounts { try $0.revokeAppPassword(username: username, device: device) }
    }

    /// The user whose account password or app password this is (`AccountStore.authenticateForSync`).
    public func authenticateForSync(username: String, password: String, client: RequestClient? = nil) throws -> DeviceLogin? {
        try withAccounts { try $0.authenticateForSync(username: username, password: password, client: client) }
    }

    /// The user whose app password this is, found by its digest alone (`AccountStore.authenticateAppPassword`).
    public func authenticateAppPassword(username: String, password: String, client: RequestClient? = nil) throws -> DeviceLogin? {
        try withAccounts { try $0.authenticateAppPassword(username: username, password: password, client: client) }
    }

    /// A number that changes whenever the user's credentials do (`AccountStore.credentialsGeneration`).
    public func credentialsGeneration(of user: User) throws -> Int64 {
        try withAccounts { try $0.credentialsGeneration(of: user) }
    }

    /// The user's credentials generation and the login failures `check` looks at, from one
    /// statement; nil when the user no longer exists.
    public func credentialsGeneration(of user: User, checking check: LoginFailureCheck) throws
        -> (generation: Int64, failures: CountedFailures)? {
        let failures = Self.failureColumns(check)
        return try queue.readSingle { db in
            try db.statement("SELECT credentials_generation\(failures.sql) FROM users WHERE id = ?")
                .firstRow(failures.parameters + [user.id]) { ($0.int64(0), check.failures(in: $0, from: 1)) }
        }
    }

    /// The columns of `check` to end a SELECT list with ("" without a check or keys), and the
    /// values of their parameters, which come before those of the rest of the statement.
    static func failureColumns(_ check: LoginFailureCheck?) -> (sql: String, parameters: [any SQLBindable]) {
        guard let check, !check.columns.isEmpty else { return ("", []) }
        return (", " + check.columns, check.parameters)
    }
}
