import Foundation
import SQLEngine

/// The two kinds of login token: a browser session, and a long-lived "remember password" token.
public enum SessionKind: String, Sendable {
    case session, remember
}

/// What presenting a remember token did.
public enum RememberOutcome: Sendable, Equatable {
    /// The token was good; it is now spent and `newToken` replaces it. Tokens issued in `family`
    /// (the session this login starts) are revoked with it.
    case valid(User, newToken: String, family: String)
    /// The token was already spent: it was stolen or replayed, so its whole family is revoked,
    /// sessions started from it included.
    case reused
    /// Unknown, expired, revoked, or another account's.
    case invalid
}

extension AccountStore {
    /// Issues a token of `kind` for `user`, valid for `lifetime` seconds; only its hash is stored.
    /// - Parameters:
    ///   - family: the family it joins (a new one when nil): revoking any token revokes its
    ///     family, so a session started from a remember token ends when that token is revoked
    ///     or replayed.
    ///   - client: the browser it is issued to, for the list of signed-in browsers.
    public func issueToken(_ kind: SessionKind, for user: User, lifetime: TimeInterval, family: String? = nil,
                           client: RequestClient? = nil) throws -> String {
        let now = now()
        return try database.write(.rows) { db in
            try Self.insertToken(kind, userID: user.id, family: family, lifetime: lifetime, client: client, now: now, db: db)
        }
    }

    /// The user a live (unexpired, unrevoked) token of `kind` belongs to, without spending it.
    public func user(forToken token: String, kind: SessionKind) throws -> User? {
        let now = now()
        return try database.read { db in
            try db.statement("""
                SELECT u.id, u.username, u.created_at FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.token_hash = ? AND s.kind = ? AND s.revoked_at IS NULL AND s.expires_at > ?
                """).firstRow([SecretToken.hash(token), kind.rawValue, now]) {
                User(row: $0)
            }
        }
    }

    /// Spends a remember token and issues its successor in the same family (rotation on use).
    /// - Parameters:
    ///   - account: the account logging in; a live token of another account is left unspent and
    ///     answered `.invalid`. A spent token is a replay whoever presents it.
    ///   - client: the browser presenting it, recorded with its successor.
    public func useRememberToken(_ token: String, account: String? = nil, lifetime: TimeInterval,
                                 client: RequestClient? = nil) throws -> RememberOutcome {
        let now = now()
        return try database.write(.rows) { db in
            let row = try db.statement("""
                SELECT s.id, s.family, s.revoked_at, s.expires_at, u.id, u.username, u.created_at
                FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.kind = 'remember'
                """).firstRow([SecretToken.hash(token)]) { row in
                (id: row.int64(0), family: row.text(1), revoked: !row.isNull(2), expires: row.int64(3),
                 user: User(id: row.int64(4), username: row.text(5), createdAt: StoredTime.date(row.int64(6))))
            }
            guard let row else { return .invalid }
            if !row.revoked {
                guard row.expires > now, account.map({ AccountName.key($0) == AccountName.key(row.user.username) }) ?? true else {
                    return .invalid
                }
                // Spent here and nowhere else: a writer that spent it meanwhile (a request on
                // another server) leaves nothing to update, and this one is the replay.
                try db.run("UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", now, row.id)
                if db.changes == 1 {
                    let next = try Self.insertToken(.remember, userID: row.user.id, family: row.family, lifetime: lifetime,
                                                    client: client, now: now, db: db)
                    return .valid(row.user, newToken: next, family: row.family)
                }
            }
            try db.run("UPDATE sessions SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL", now, row.family)
            return .reused
        }
    }

    /// Ends every session and remember token of every user, in the caller's write transaction.
    public static func endAllSessions(db: any SQLConnection) throws {
        try db.execute("DELETE FROM sessions")
    }

    /// Revokes a token; for a remember token, its whole family.
    public func revokeToken(_ token: String) throws {
        let now = now()
        try database.write(.rows) { db in
            try db.run("""
                UPDATE sessions SET revoked_at = ?
                WHERE revoked_at IS NULL AND family = (SELECT family FROM sessions WHERE token_hash = ?)
                """, now, SecretToken.hash(token))
        }
    }

    private static func insertToken(_ kind: SessionKind, userID: Int64, family: String?, lifetime: TimeInterval,
                                    client: RequestClient?, now: Int64, db: any SQLConnection) throws -> String {
        let token = SecretToken.make()
        let client = client ?? RequestClient(userAgent: nil, address: nil)
        try db.run("""
            INSERT INTO sessions (user_id, kind, token_hash, family, created_at, expires_at, user_agent, client_address, last_seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, userID, kind.rawValue, SecretToken.hash(token), family ?? SecretToken.make(), now,
                   now + StoredTime.milliseconds(Date(timeIntervalSince1970: lifetime)), client.userAgent ?? "", client.address ?? "", now)
        try db.run("DELETE FROM sessions WHERE user_id = ? AND expires_at < ?", userID, now)
        return token
    }
}
