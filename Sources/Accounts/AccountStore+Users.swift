import Foundation
import SQLEngine

extension AccountStore {
    /// Creates a user with a hashed password; `alongside` writes, in the same transaction, what
    /// every user has besides (their first address book).
    public func createUser(username: String, password: String,
                           alongside: (User, any SQLConnection) throws -> Void) throws -> User {
        let (username, key) = try AccountName.validated(username)
        try PasswordHasher.validate(password)
        let hash = PasswordHasher.hash(password)
        let now = now()
        // A new account: no other writer holds it yet. Of two made at once under one name, the
        // second waits at the name's UNIQUE index for the first to commit, then inserts nothing.
        return try database.write(.rows) { db in
            let id = try Counter.userID.next(db: db)
            try db.run("""
                INSERT INTO users (id, username, username_key, password_hash, created_at, credentials_generation)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (username_key) DO NOTHING
                """, id, username, key, hash, now, try Counter.credentialsGeneration.next(db: db))
            guard db.changes == 1 else { throw AccountError.usernameTaken(username) }
            let user = User(id: id, username: username, createdAt: StoredTime.date(now))
            try alongside(user, db)
            return user
        }
    }

    /// All users, by name.
    public func users() throws -> [User] {
        try database.read { db in
            try db.statement("SELECT id, username, created_at FROM users ORDER BY username_key").rows([], User.init(row:))
        }
    }

    /// The user called `username` (see `AccountName.key`).
    public func user(named username: String) throws -> User {
        guard let key = AccountName.key(username) else { throw AccountError.userNotFound(username) }
        let found = try database.read { db in
            try db.statement("SELECT id, username, created_at FROM users WHERE username_key = ?").firstRow([key], User.init(row:))
        }
        guard let found else { throw AccountError.userNotFound(username) }
        return found
    }

    /// Replaces a user's password and ends every session and remember token they had. Their app
    /// passwords stay valid.
    public func changePassword(username: String, to password: String) throws {
        try PasswordHasher.validate(password)
        let hash = PasswordHasher.hash(password)
        let now = now()
        try writingAccount(username) { id, db in
            try db.run("UPDATE users SET password_hash = ?, credentials_generation = ? WHERE id = ?",
                       hash, try Counter.credentialsGeneration.next(db: db), id)
            try db.run("UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND user_id = ?", now, id)
        }
    }

    /// Deletes a user with everything of theirs (the tables' foreign keys cascade).
    public func deleteUser(username: String) throws {
        try writingAccount(username) { id, db in try db.run("DELETE FROM users WHERE id = ?", id) }
    }

    /// The user whose password this is, or nil. Takes the same time whether or not the user
    /// exists, so the answer does not reveal which accounts do.
    public func authenticate(username: String, password: String) throws -> User? {
        guard let (user, hash) = try account(named: username) else {
            _ = PasswordHasher.verify(password, against: Self.decoyHash)
            return nil
        }
        guard PasswordHasher.verify(password, against: hash) else { return nil }
        try rehashIfNeeded(password, verifiedAgainst: hash, in: .users, id: user.id)
        return user
    }

    /// The tables that hold password hashes.
    enum PasswordTable: String {
        case users
        case appPasswords = "app_passwords"
    }

    /// Hashes again, with the current parameters, a password that has just matched a hash made
    /// with others (an older release's). Same password: sessions and cached credentials stay valid.
    func rehashIfNeeded(_ password: String, verifiedAgainst hash: String, in table: PasswordTable, id: Int64) throws {
        guard PasswordHasher.needsRehash(hash) else { return }
        let rehashed = PasswordHasher.hash(password)
        try database.write(.rows) { db in
            try db.run("UPDATE \(table.rawValue) SET password_hash = ? WHERE id = ? AND password_hash = ?", rehashed, id, hash)
        }
    }

    /// Runs `body` with the id of the account called `username` in one write transaction that
    /// holds the whole account (`WriteLocks.account`): no write to it or its books runs beside it.
    /// - Throws: `AccountError.userNotFound` when there is no such account, or it was renamed or
    ///   deleted before the write held it.
    func writingAccount<T>(_ username: String, _ body: (Int64, any SQLConnection) throws -> T) throws -> T {
        let id = try database.readSingle { db in try Self.userID(username, db: db) }
        return try database.write(.account(id)) { db in
            guard try Self.userID(username, db: db) == id else { throw AccountError.userNotFound(username) }
            return try body(id, db)
        }
    }

    /// The id of the account called `username`.
    /// - Throws: `AccountError.userNotFound` when there is none.
    static func userID(_ username: String, db: any SQLConnection) throws -> Int64 {
        guard let key = AccountName.key(username),
              let id = try db.statement("SELECT id FROM users WHERE username_key = ?").firstRow([key], { $0.int64(0) })
        else { throw AccountError.userNotFound(username) }
        return id
    }

    /// The user called `username` (see `AccountName.key`) and their password hash, or nil.
    func account(named username: String) throws -> (user: User, passwordHash: String)? {
        guard let key = AccountName.key(username) else { return nil }
        return try database.read { db in
            try db.statement("SELECT id, username, created_at, password_hash FROM users WHERE username_key = ?")
                .firstRow([key]) { (User(row: $0), $0.text(3)) }
        }
    }

    /// A hash of a random password, verified against when the user does not exist.
    static let decoyHash = PasswordHasher.hash(UUID().uuidString)
}
