import Foundation
import SQLEngine

extension ContactStore {
    /// The name (and CardDAV URL segment) every user's first address book has.
    public static let defaultAddressBookName = "contacts"

    /// Creates a user with a hashed password and a default address book.
    public func createUser(username: String, password: String) throws -> User {
        let (username, key) = try AccountName.validated(username)
        try PasswordHasher.validate(password)
        let hash = PasswordHasher.hash(password)
        let now = now()
        return try queue.write { db in
            if try db.statement("SELECT 1 FROM users WHERE username_key = ?").firstRow([key], { _ in true }) != nil {
                throw StoreError.usernameTaken(username)
            }
            let id = try Counter.userID.advance(db: db)
            try db.run("""
                INSERT INTO users (id, username, username_key, password_hash, created_at, credentials_generation)
                VALUES (?, ?, ?, ?, ?, ?)
                """, id, username, key, hash, now, try Counter.credentialsGeneration.advance(db: db))
            _ = try Self.insertAddressBook(userID: id, name: Self.defaultAddressBookName, displayName: "Contacts", now: now, db: db)
            return User(id: id, username: username, createdAt: Self.date(now))
        }
    }

    /// All users, by name.
    public func users() throws -> [User] {
        try queue.read { db in
            try db.statement("SELECT id, username, created_at FROM users ORDER BY username_key").rows([], Self.userFromRow)
        }
    }

    /// The user called `username` (see `AccountName.key`).
    public func user(named username: String) throws -> User {
        guard let key = AccountName.key(username) else { throw StoreError.userNotFound(username) }
        let found = try queue.read { db in
            try db.statement("SELECT id, username, created_at FROM users WHERE username_key = ?").firstRow([key], Self.userFromRow)
        }
        guard let found else { throw StoreError.userNotFound(username) }
        return found
    }

    /// Replaces a user's password and ends every session and remember token they had. Their app
    /// passwords stay valid.
    public func changePassword(username: String, to password: String) throws {
        guard let key = AccountName.key(username) else { throw StoreError.userNotFound(username) }
        try PasswordHasher.validate(password)
        let hash = PasswordHasher.hash(password)
        let now = now()
        try queue.write { db in
            try db.run("UPDATE users SET password_hash = ?, credentials_generation = ? WHERE username_key = ?",
                       hash, try Counter.credentialsGeneration.advance(db: db), key)
            guard db.changes == 1 else { throw StoreError.userNotFound(username) }
            try db.run("""
                UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL
                AND user_id = (SELECT id FROM users WHERE username_key = ?)
                """, now, key)
        }
    }

    /// Deletes a user with all their address books, contacts and sessions.
    public func deleteUser(username: String) throws {
        guard let key = AccountName.key(username) else { throw StoreError.userNotFound(username) }
        try queue.write { db in
            try db.run("DELETE FROM users WHERE username_key = ?", key)
            guard db.changes == 1 else { throw StoreError.userNotFound(username) }
        }
        searchIndex.removeAll()
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
        try queue.write { db in
            try db.run("UPDATE \(table.rawValue) SET password_hash = ? WHERE id = ? AND password_hash = ?", rehashed, id, hash)
        }
    }

    /// The user called `username` (see `AccountName.key`) and their password hash, or nil.
    func account(named username: String) throws -> (user: User, passwordHash: String)? {
        guard let key = AccountName.key(username) else { return nil }
        return try queue.read { db in
            try db.statement("SELECT id, username, created_at, password_hash FROM users WHERE username_key = ?")
                .firstRow([key]) { (Self.userFromRow($0), $0.text(3)) }
        }
    }

    /// Whether CardDAV adds pinyin readings (phonetic name fields) to the Chinese names of the
    /// cards the user's clients store; on unless turned off.
    public func phoneticNames(for user: User) throws -> Bool {
        let setting = try queue.read { db in
            try db.statement("SELECT phonetic_names FROM users WHERE id = ?").firstRow([user.id]) { $0.int(0) != 0 }
        }
        guard let setting else { throw StoreError.userNotFound(user.username) }
        return setting
    }

    /// Turns the phonetic names of `phoneticNames(for:)` on or off.
    public func setPhoneticNames(_ on: Bool, for user: User) throws {
        try queue.write { db in
            try db.run("UPDATE users SET phonetic_names = ? WHERE id = ?", on, user.id)
            guard db.changes == 1 else { throw StoreError.userNotFound(user.username) }
        }
    }

    /// The user's default address book.
    public func defaultAddressBook(for user: User) throws -> AddressBookScope {
        let bookID = try queue.read { db in
            try db.statement("SELECT id FROM address_books WHERE user_id = ? AND name = ? AND deleted_at IS NULL")
                .firstRow([user.id, Self.defaultAddressBookName]) { $0.int64(0) }
        }
        guard let bookID else { throw StoreError.userNotFound(user.username) }
        return AddressBookScope(userID: user.id, bookID: bookID)
    }

    /// A hash of a random password, verified against when the user does not exist.
    static let decoyHash = PasswordHasher.hash(UUID().uuidString)

    static func userFromRow(_ row: any SQLRow) -> User {
        User(id: row.int64(0), username: row.text(1), createdAt: date(row.int64(2)))
    }
}
