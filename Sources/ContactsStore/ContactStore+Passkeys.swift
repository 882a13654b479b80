import Accounts
import Foundation
import SQLEngine

/// Passkeys and their single-use challenges. A challenge carries what it was given for and until
/// when, signed with a key every server of the database shares (kept in its `secrets` table), so
/// giving one writes nothing, and any server can check an answer to a challenge another gave.
/// Only using one up writes: a row marking it used, which exactly one server manages to insert.
extension ContactStore {
    /// How long a challenge may be answered.
    public static let passkeyChallengeLifetime: TimeInterval = 5 * 60

    /// The name of the challenges' key in the secrets table.
    static let passkeyChallengeKeyName = "passkey-challenges"
    /// A challenge's parts: random bytes, its expiry (Unix seconds, big-endian; good until 2106),
    /// and the first bytes of an HMAC-SHA-256 of them, its purpose and its account.
    private static let challengeRandomCount = 12
    private static let challengeExpiryCount = 4
    private static let challengeMACCount = 16
    private static var challengeCount: Int { challengeRandomCount + challengeExpiryCount + challengeMACCount }

    /// A fresh challenge (32 bytes) for `purpose`, bound to `user` when adding a passkey. Nothing
    /// is written (the key excepted, made once an installation, the first time any server needs it).
    public func issuePasskeyChallenge(_ purpose: Passkey.Purpose, for user: User?) throws -> [UInt8] {
        let expiry = UInt32(clamping: (now() + Self.milliseconds(Date(timeIntervalSince1970: Self.passkeyChallengeLifetime))) / 1000)
        let signed = SecretToken.randomBytes(Self.challengeRandomCount) + (0..<Self.challengeExpiryCount).reversed().map {
            UInt8(truncatingIfNeeded: expiry >> (8 * UInt32($0)))
        }
        return signed + (try challengeMAC(signed, purpose, for: user))
    }

    /// Uses up `challenge`: true once, for the server that asks first, when this installation gave
    /// it for `purpose` (and `user`) and it has not expired; false after, and for any other. A
    /// challenge that is not one given, not for this, or expired is refused without a write; one
    /// used is recorded (by a hash) until a lifetime past its expiry, which leaves room for the
    /// servers' clocks to differ, and the records older than that are deleted.
    public func consumePasskeyChallenge(_ challenge: [UInt8], _ purpose: Passkey.Purpose, for user: User?) throws -> Bool {
        guard challenge.count == Self.challengeCount else { return false }
        let signed = Array(challenge.prefix(Self.challengeRandomCount + Self.challengeExpiryCount))
        guard SecretToken.equal(try challengeMAC(signed, purpose, for: user), Array(challenge.suffix(Self.challengeMACCount))) else {
            return false
        }
        let expiresAt = 1000 * signed.suffix(Self.challengeExpiryCount).reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let now = now()
        guard now < expiresAt else { return false }
        let kept = Self.milliseconds(Date(timeIntervalSince1970: Self.passkeyChallengeLifetime))
        return try queue.write(.rows) { db in
            try db.run("DELETE FROM passkey_challenges WHERE expires_at <= ?", now - kept)
            // The challenge's row is the unique key: of servers racing with one, the first to
            // commit inserts it; the others insert nothing, and have no row back.
            return try db.statement("""
                INSERT INTO passkey_challenges (challenge_hash, expires_at) VALUES (?, ?)
                    ON CONFLICT (challenge_hash) DO NOTHING RETURNING expires_at
                """).firstRow([Self.challengeHash(challenge), expiresAt]) { _ in true } ?? false
        }
    }

    /// The MAC a challenge ends with: of its random bytes and expiry (`signed`), what it is for
    /// and the account it is bound to (0 for none), under the installation's key.
    private func challengeMAC(_ signed: [UInt8], _ purpose: Passkey.Purpose, for user: User?) throws -> [UInt8] {
        let key = try challengeKey.withLock { key in
            if let key { return key }
            let read = try secretKey(named: Self.passkeyChallengeKeyName)
            key = read
            return read
        }
        let message = Array("passkey challenge\u{0}\(purpose.rawValue)\u{0}\(user?.id ?? 0)\u{0}".utf8) + signed
        return Array(SecretToken.digest(message, key: key).prefix(Self.challengeMACCount))
    }

    /// Adds a passkey to `user`'s account (nil when the account is gone); `Passkey.Problem` when
    /// the name is not one or the credential is registered already.
    public func addPasskey(for user: User, credentialID: [UInt8], publicKey: [UInt8], algorithm: Int, signCount: UInt32,
                           name: String) throws -> Passkey? {
        let name = NameText.nfc(name.trimmingCharacters(in: .whitespaces))
        guard (1...Passkey.maximumNameLength).contains(name.count), !name.unicodeScalars.contains(where: NameText.isHidden) else {
            throw Passkey.Problem.invalidName
        }
        return try queue.write(.account(user.id)) { db in
            guard try db.statement("SELECT 1 FROM passkeys WHERE credential_id = ?").firstRow([credentialID], { _ in true }) == nil else {
                throw Passkey.Problem.alreadyRegistered
            }
            // Nothing is added for an account deleted meanwhile.
            try db.run("""
                INSERT INTO passkeys (user_id, credential_id, public_key, algorithm, sign_count, name, created_at)
                    SELECT id, ?, ?, ?, ?, ?, ? FROM users WHERE id = ?
                """, credentialID, publicKey, Int64(algorithm), Int64(signCount), name, now(), user.id)
            return try Self.passkey(credentialID: credentialID, db: db)
        }
    }

    /// `user`'s passkeys, oldest first.
    public func passkeys(for user: User) throws -> [Passkey] {
        try queue.readSingle { db in
            try db.statement("SELECT \(Self.passkeyColumns) FROM passkeys WHERE user_id = ? ORDER BY created_at, id")
                .rows([user.id]) { Self.passkey(row: $0) }
        }
    }

    /// The passkey with this credential id and its account; nil when there is none.
    public func passkey(credentialID: [UInt8]) throws -> (passkey: Passkey, user: User)? {
        let columns = Self.passkeyColumns.split(separator: ", ").map { "p.\($0)" }.joined(separator: ", ")
        return try queue.readSingle { db in
            try db.statement("""
                SELECT u.id, u.username, u.created_at, \(columns) FROM passkeys p JOIN users u ON u.id = p.user_id
                    WHERE p.credential_id = ?
                """).firstRow([credentialID]) { row in (Self.passkey(row: row, from: 3), User(row: row)) }
        }
    }

    /// Records a sign-in: the new counter and the time, only if the counter is still `previous`
    /// (another server that took the same counter first wins); whether it was recorded.
    public func recordPasskeyUse(_ passkey: Passkey, signCount: UInt32) throws -> Bool {
        try queue.write(.rows) { db in
            try db.statement("UPDATE passkeys SET sign_count = ?, last_used_at = ? WHERE id = ? AND sign_count = ? RETURNING id")
                .firstRow([Int64(signCount), now(), passkey.id, Int64(passkey.signCount)]) { _ in true } ?? false
        }
    }

    /// Deletes one of `user`'s passkeys; false when they have none with this id.
    public func removePasskey(id: Int64, for user: User) throws -> Bool {
        try queue.write(.account(user.id)) { db in
            try db.statement("DELETE FROM passkeys WHERE id = ? AND user_id = ? RETURNING id").firstRow([id, user.id]) { _ in true } ?? false
        }
    }

    /// How many passkeys the account called `username` has.
    public func passkeyCount(username: String) throws -> Int {
        let user = try user(named: username)
        return try queue.readSingle { db in
            try db.statement("SELECT count(*) FROM passkeys WHERE user_id = ?").firstRow([user.id]) { $0.int(0) } ?? 0
        }
    }

    private static let passkeyColumns = "id, user_id, credential_id, public_key, algorithm, sign_count, name, created_at, last_used_at"

    /// The passkey in `passkeyColumns` of `row`, the first at `column`.
    private static func passkey(row: any SQLRow, from column: Int32 = 0) -> Passkey {
        Passkey(id: row.int64(column), userID: row.int64(column + 1), credentialID: row.blob(column + 2),
                publicKey: row.blob(column + 3), algorithm: row.int(column + 4), signCount: UInt32(clamping: row.int64(column + 5)),
                name: row.text(column + 6), createdAt: date(row.int64(column + 7)), lastUsedAt: row.optionalInt64(column + 8).map(date))
    }

    private static func passkey(credentialID: [UInt8], db: any SQLConnection) throws -> Passkey? {
        try db.statement("SELECT \(passkeyColumns) FROM passkeys WHERE credential_id = ?").firstRow([credentialID]) { passkey(row: $0) }
    }

    /// The key a used challenge is recorded under: SHA-256 of its hex digits.
    private static func challengeHash(_ challenge: [UInt8]) -> [UInt8] {
        SecretToken.hash(challenge.map { String(format: "%02x", $0) }.joined())
    }
}
