import Foundation
import SQLite

extension ContactStore {
    /// The name every user's first address book has.
    public static let defaultAddressBookName = "default"

    /// Creates a user with a hashed password and a default address book.
    public func createUser(username: String, password: String) throws -> User {
        let key = try Self.usernameKey(username)
        try PasswordHasher.validate(password)
        let hash = PasswordHasher.hash(password)
        let now = now()
        return try queue.write { db in
            if try db.statement("SELECT 1 FROM users WHERE username_key = ?").firstRow([key], { _ in true }) != nil {
                throw StoreError.usernameTaken(username)
            }
            try db.run("INSERT INTO users (username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?)",
                       username, key, hash, now)
            let id = db.lastInsertRowID
            try db.run("INSERT INTO address_books (user_id, name, display_name, created_at) VALUES (?, ?, ?, ?)",
                       id, Self.defaultAddressBookName, "Contacts", now)
            return User(id: id, username: username, createdAt: Self.date(now))
        }
    }

    /// All users, by name.
    public func users() throws -> [User] {
        try queue.read { db in
            try db.statement("SELECT id, username, created_at FROM users ORDER BY username_key").rows([], Self.userFromRow)
        }
    }

    /// The user called `username` (case-insensitively).
    public func user(named username: String) throws -> User {
        let key = username.lowercased()
        let found = try queue.read { db in
            try db.statement("SELECT id, username, created_at FROM users WHERE username_key = ?").firstRow([key], Self.userFromRow)
        }
        guard let found else { throw StoreError.userNotFound(username) }
        return found
    }

    /// Replaces a user's password and ends every session and remember token they had.
    public func changePassword(username: String, to password: String) throws {
        try PasswordHasher.validate(password)
        let hash = PasswordHasher.hash(password)
        let now = now()
        try queue.write { db in
            try db.run("UPDATE users SET password_hash = ? WHERE username_key = ?", hash, username.lowercased())
            guard db.changes == 1 else { throw StoreError.userNotFound(username) }
            try db.run("""
                UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL
                AND user_id = (SELECT id FROM users WHERE username_key = ?)
                """, now, username.lowercased())
        }
    }

    /// Deletes a user with all their address books, contacts and sessions.
    public func deleteUser(username: String) throws {
        try queue.write { db in
            try db.run("DELETE FROM users WHERE username_key = ?", username.lowercased())
            guard db.changes == 1 else { throw StoreError.userNotFound(username) }
        }
        searchIndex.removeAll()
    }

    /// The user whose password this is, or nil. Takes the same time whether or not the user
    /// exists, so the answer does not reveal which accounts do.
    public func authenticate(username: String, password: String) throws -> User? {
        let key = username.lowercased()
        let row = try queue.read { db in
            try db.statement("SELECT id, username, created_at, password_hash FROM users WHERE username_key = ?")
                .firstRow([key]) { (Self.userFromRow($0), $0.text(3)) }
        }
        guard let (user, hash) = row else {
            _ = PasswordHasher.verify(password, against: Self.decoyHash)
            return nil
        }
        return PasswordHasher.verify(password, against: hash) ? user : nil
    }

    /// The user's default address book.
    public func defaultAddressBook(for user: User) throws -> AddressBookScope {
        let bookID = try queue.read { db in
            try db.statement("SELECT id FROM address_books WHERE user_id = ? AND name = ?")
                .firstRow([user.id, Self.defaultAddressBookName]) { $0.int64(0) }
        }
        guard let bookID else { throw StoreError.userNotFound(user.username) }
        return AddressBookScope(userID: user.id, bookID: bookID)
    }

    /// A hash of a random password, verified against when the user does not exist.
    private static let decoyHash = PasswordHasher.hash(UUID().uuidString)

    private static func userFromRow(_ row: Row) -> User {
        User(id: row.int64(0), username: row.text(1), createdAt: date(row.int64(2)))
    }

    /// The unique, case-folded form of a username; throws when the name is not allowed.
    static func usernameKey(_ username: String) throws(StoreError) -> String {
        let allowed = (1...64).contains(username.count) && username.allSatisfy {
            $0.isLetter || $0.isNumber || "._-@".contains($0)
        }
        guard allowed else { throw .invalidUsername(username) }
        return username.lowercased()
    }
}
