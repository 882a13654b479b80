import Foundation
import SQLEngine

/// The logins of an account that have not ended, one per family of session and remember
/// tokens, with the browser and address each was last seen from; and signing them out, one or
/// all but the asking browser's. All of it is in the database, so every server sharing it sees
/// the same list and refuses a signed-out browser on its next request.
extension AccountStore {
    /// The least time between two records of a session's last request: a page view is a read,
    /// not a write, unless this long has passed since the last one was recorded.
    public static let lastSeenInterval: TimeInterval = 300

    /// The user a live session token belongs to (`user(forToken:kind:)`); when the session was
    /// last recorded `lastSeenInterval` ago or more, records `client` and now as its last request.
    public func user(forSession token: String, seenFrom client: RequestClient) throws -> User? {
        let now = now()
        let hash = SecretToken.hash(token)
        let found = try database.read { db in
            try db.statement("""
                SELECT u.id, u.username, u.created_at, s.last_seen_at FROM sessions s JOIN users u ON u.id = s.user_id
                WHERE s.token_hash = ? AND s.kind = 'session' AND s.revoked_at IS NULL AND s.expires_at > ?
                """).firstRow([hash, now]) { (user: User(row: $0), lastSeen: $0.int64(3)) }
        }
        guard let found else { return nil }
        let due = now - StoredTime.milliseconds(Date(timeIntervalSince1970: Self.lastSeenInterval))
        if found.lastSeen <= due {
            // Another server may have recorded it meanwhile: then there is nothing to update.
            try database.write(.rows) { db in
                try db.run("""
                    UPDATE sessions SET last_seen_at = ?, user_agent = ?, client_address = ? WHERE token_hash = ? AND last_seen_at <= ?
                    """, now, client.userAgent ?? "", client.address ?? "", hash, due)
            }
        }
        return found.user
    }

    /// The account's logins that have not ended (unrevoked and unexpired), the one of the
    /// session token `current` first, then the most recently seen first.
    public func signedInBrowsers(of user: User, current: String?) throws -> [SignedInBrowser] {
        let now = now()
        return try database.read { db in
            let currentFamily = try current.flatMap { token in
                try db.statement("SELECT family FROM sessions WHERE user_id = ? AND token_hash = ?")
                    .firstRow([user.id, SecretToken.hash(token)]) { $0.text(0) }
            }
            // A login is named by its first row still kept, spent tokens included: the same
            // number while its remember token is renewed and sessions come and go.
            let rows = try db.statement("""
                SELECT (SELECT min(f.id) FROM sessions f WHERE f.user_id = s.user_id AND f.family = s.family),
                       s.family, s.user_agent, s.client_address, s.last_seen_at FROM sessions s
                WHERE s.user_id = ? AND s.revoked_at IS NULL AND s.expires_at > ? ORDER BY s.last_seen_at DESC, s.id DESC
                """).rows([user.id, now]) { row in
                (id: row.int64(0), family: row.text(1), client: RequestClient(userAgent: row.text(2), address: row.text(3)),
                 lastSeen: row.int64(4))
            }
            // A family's latest row tells when it was last seen and from where; a remember token
            // issued without a client (by a caller that had none) does not hide its session's.
            var order: [String] = []
            var byFamily: [String: [(id: Int64, family: String, client: RequestClient, lastSeen: Int64)]] = [:]
            for row in rows {
                if byFamily[row.family] == nil { order.append(row.family) }
                byFamily[row.family, default: []].append(row)
            }
            let browsers = order.map { family in
                let members = byFamily[family] ?? []
                let latest = members[0]
                let client = members.first { $0.client.userAgent != nil || $0.client.address != nil }?.client ?? latest.client
                return SignedInBrowser(id: latest.id, client: client,
                                       lastSeen: StoredTime.date(latest.lastSeen), isCurrent: family == currentFamily)
            }
            return browsers.filter(\.isCurrent) + browsers.filter { !$0.isCurrent }
        }
    }

    /// Ends the login `browser` names (`SignedInBrowser.id`): its sessions and remember tokens.
    /// - Returns: false when no row of the account's has that id (another account's, or none):
    ///   nothing is changed then.
    public func signOut(browser id: Int64, of user: User) throws -> Bool {
        let now = now()
        return try database.write(.rows) { db in
            guard let family = try db.statement("SELECT family FROM sessions WHERE user_id = ? AND id = ?")
                .firstRow([user.id, id], { $0.text(0) }) else { return false }
            try db.run("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND family = ? AND revoked_at IS NULL",
                       now, user.id, family)
            return true
        }
    }

    /// Ends every login of the account but the one of the session token `current`; nothing when
    /// `current` is none of the account's.
    public func signOutOtherBrowsers(of user: User, keeping current: String) throws {
        let now = now()
        try database.write(.rows) { db in
            try db.run("""
                UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL
                AND family <> (SELECT family FROM sessions WHERE user_id = ? AND token_hash = ?)
                """, now, user.id, user.id, SecretToken.hash(current))
        }
    }
}
