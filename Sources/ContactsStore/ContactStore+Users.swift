import Accounts
import Foundation

extension ContactStore {
    /// The name (and CardDAV URL segment) every user's first address book has.
    public static let defaultAddressBookName = "contacts"

    /// What the default address book is shown as unless the account is made with another name
    /// for it (the interface's word for it in the language in use: `Catalogue.defaultBookName`).
    public static let defaultAddressBookDisplayName = "Contacts"

    /// Creates a user with a hashed password and their default address book, in one transaction.
    /// - Parameter defaultBookName: what the default book is shown as; a person renames it later.
    public func createUser(username: String, password: String,
                           defaultBookName: String = ContactStore.defaultAddressBookDisplayName) throws -> User {
        let now = now()
        return try withAccounts {
            try $0.createUser(username: username, password: password) { user, db in
                _ = try Self.insertAddressBook(userID: user.id, name: Self.defaultAddressBookName, displayName: defaultBookName, now: now, db: db)
            }
        }
    }

    /// Checks a password's length as `createUser` and `changePassword` do.
    public static func validatePassword(_ password: String) throws(StoreError) {
        do { try PasswordHasher.validate(password) } catch { throw StoreError(error) }
    }

    /// All users, by name.
    public func users() throws -> [User] {
        try withAccounts { try $0.users() }
    }

    /// The user called `username` (see `AccountName.key`).
    public func user(named username: String) throws -> User {
        try withAccounts { try $0.user(named: username) }
    }

    /// Replaces a user's password and ends every session and remember token they had. Their app
    /// passwords stay valid.
    public func changePassword(username: String, to password: String) throws {
        try withAccounts { try $0.changePassword(username: username, to: password) }
    }

    /// Deletes a user with all their address books, contacts and sessions.
    public func deleteUser(username: String) throws {
        try withAccounts { try $0.deleteUser(username: username) }
        searchIndex.removeAll()
    }

    /// The user whose password this is, or nil (`AccountStore.authenticate`).
    public func authenticate(username: String, password: String) throws -> User? {
        try withAccounts { try $0.authenticate(username: username, password: password) }
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
        try queue.write(.account(user.id)) { db in
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

    /// `body`'s result on the store's accounts, their errors and the engine's turned into `StoreError`s.
    func withAccounts<T>(_ body: (AccountStore) throws -> T) throws -> T {
        try StoreQueue.translatingErrors { try body(accounts) }
    }
}
