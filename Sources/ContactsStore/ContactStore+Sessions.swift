import Accounts
import Foundation

extension ContactStore {
    /// Issues a token of `kind` for `user` (`AccountStore.issueToken`).
    public func issueToken(_ kind: SessionKind, for user: User, lifetime: TimeInterval, family: String? = nil,
                           client: RequestClient? = nil) throws -> String {
        try withAccounts { try $0.issueToken(kind, for: user, lifetime: lifetime, family: family, client: client) }
    }

    /// The user a live token of `kind` belongs to, without spending it.
    public func user(forToken token: String, kind: SessionKind) throws -> User? {
        try withAccounts { try $0.user(forToken: token, kind: kind) }
    }

    /// Spends a remember token and issues its successor (`AccountStore.useRememberToken`).
    public func useRememberToken(_ token: String, account: String? = nil, lifetime: TimeInterval,
                                 client: RequestClient? = nil) throws -> RememberOutcome {
        try withAccounts { try $0.useRememberToken(token, account: account, lifetime: lifetime, client: client) }
    }

    /// Revokes a token; for a remember token, its whole family.
    public func revokeToken(_ token: String) throws {
        try withAccounts { try $0.revokeToken(token) }
    }

    /// The user of a live session token, its last request recorded (`AccountStore.user(forSession:seenFrom:)`).
    public func user(forSession token: String, seenFrom client: RequestClient) throws -> User? {
        try withAccounts { try $0.user(forSession: token, seenFrom: client) }
    }

    /// The account's logins that have not ended, the current one first (`AccountStore.signedInBrowsers`).
    public func signedInBrowsers(of user: User, current: String?) throws -> [SignedInBrowser] {
        try withAccounts { try $0.signedInBrowsers(of: user, current: current) }
    }

    /// Ends one of the account's logins; false when it has none of that id (`AccountStore.signOut(browser:of:)`).
    public func signOut(browser id: Int64, of user: User) throws -> Bool {
        try withAccounts { try $0.signOut(browser: id, of: user) }
    }

    /// Ends every login of the account but the current one (`AccountStore.signOutOtherBrowsers`).
    public func signOutOtherBrowsers(of user: User, keeping current: String) throws {
        try withAccounts { try $0.signOutOtherBrowsers(of: user, keeping: current) }
    }
}
