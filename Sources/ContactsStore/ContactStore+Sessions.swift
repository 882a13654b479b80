import Accounts
import Foundation

extension ContactStore {
    /// Issues a token of `kind` for `user` (`AccountStore.issueToken`).
    public func issueToken(_ kind: SessionKind, for user: User, lifetime: TimeInterval, family: String? = nil) throws -> String {
        try withAccounts { try $0.issueToken(kind, for: user, lifetime: lifetime, family: family) }
    }

    /// The user a live token of `kind` belongs to, without spending it.
    public func user(forToken token: String, kind: SessionKind) throws -> User? {
        try withAccounts { try $0.user(forToken: token, kind: kind) }
    }

    /// Spends a remember token and issues its successor (`AccountStore.useRememberToken`).
    public func useRememberToken(_ token: String, account: String? = nil, lifetime: TimeInterval) throws -> RememberOutcome {
        try withAccounts { try $0.useRememberToken(token, account: account, lifetime: lifetime) }
    }

    /// Revokes a token; for a remember token, its whole family.
    public func revokeToken(_ token: String) throws {
        try withAccounts { try $0.revokeToken(token) }
    }
}
