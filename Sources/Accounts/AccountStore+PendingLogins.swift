import Foundation
import SQLEngine

/// A login whose password was right, waiting for its second step: who, and what the login page
/// asked for, to be done once the code is right.
public struct PendingLogin: Sendable, Equatable {
    public let user: User
    /// Whether *Remember password* was on.
    public let remember: Bool
    /// Whether *Auto login* was on.
    public let autoLogin: Bool
    /// The page to go to afterwards (already checked by the web app), if one was asked for.
    public let next: String?

    public init(user: User, remember: Bool, autoLogin: Bool, next: String?) {
        self.user = user
        self.remember = remember
        self.autoLogin = autoLogin
        self.next = next
    }
}

extension AccountStore {
    /// How long a second step waits for its code.
    public static let pendingLoginLifetime: TimeInterval = 5 * 60

    /// Keeps `login` waiting for its second step and returns its token (256 random bits), of
    /// which only the hash is stored; forgets the steps that waited too long.
    public func startPendingLogin(_ login: PendingLogin) throws -> String {
        let token = SecretToken.make()
        let now = now()
        try database.write(.rows) { db in
            try db.run("DELETE FROM pending_logins WHERE expires_at <= ?", now)
            try db.run("""
                INSERT INTO pending_logins (user_id, token_hash, remember, auto_login, next, expires_at) VALUES (?, ?, ?, ?, ?, ?)
                """, login.user.id, SecretToken.hash(token), login.remember, login.autoLogin, login.next,
                       now + StoredTime.milliseconds(Date(timeIntervalSince1970: Self.pendingLoginLifetime)))
        }
        return token
    }

    /// The login waiting under `token`, or nil when there is none or it waited too long.
    public func pendingLogin(_ token: String) throws -> PendingLogin? {
        let now = now()
        return try database.readSingle { db in
            try db.statement("""
                SELECT u.id, u.username, u.created_at, p.remember, p.auto_login, p.next
                FROM pending_logins p JOIN users u ON u.id = p.user_id WHERE p.token_hash = ? AND p.expires_at > ?
                """).firstRow([SecretToken.hash(token), now]) { row in
                PendingLogin(user: User(row: row), remember: row.int(3) != 0, autoLogin: row.int(4) != 0,
                             next: row.isNull(5) ? nil : row.text(5))
            }
        }
    }

    /// Ends the login waiting under `token`; false when it had already ended (on any server).
    @discardableResult
    public func endPendingLogin(_ token: String) throws -> Bool {
        try database.write(.rows) { db in
            try db.run("DELETE FROM pending_logins WHERE token_hash = ?", SecretToken.hash(token))
            return db.changes == 1
        }
    }
}
