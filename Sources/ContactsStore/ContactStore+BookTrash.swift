import Accounts
import Foundation
import SQLEngine

/// A deleted address book that can still be restored, with the contacts it held.
public struct TrashedAddressBook: Sendable, Equatable {
    public let book: AddressBook
    public let deletedAt: Date
}

extension ContactStore {
    /// Moves an address book with its contacts to the trash: it leaves every listing and lookup
    /// (web, CLI, CardDAV) and takes no writes, and `restoreAddressBook` brings it back for 30
    /// days. Books in the user's trash for longer are deleted for good. The default book cannot
    /// be deleted.
    public func deleteAddressBook(_ scope: AddressBookScope) throws {
        let now = now()
        let cutoff = trashCutoff()
        try writing(scope, managingBook: true) { db in
            guard let name = try db.statement("SELECT name FROM address_books WHERE id = ? AND user_id = ? AND deleted_at IS NULL")
                .firstRow([scope.bookID, scope.userID], { $0.text(0) }) else { throw StoreError.addressBookNotFound }
            guard name != Self.defaultAddressBookName else { throw StoreError.cannotDeleteDefaultAddressBook }
            try db.run("UPDATE address_books SET deleted_at = ? WHERE id = ?", now, scope.bookID)
            try db.run("DELETE FROM address_books WHERE user_id = ? AND deleted_at < ?", scope.userID, cutoff)
        }
    }

    /// The user's address books deleted in the last 30 days, most recently deleted first.
    public func trashedAddressBooks(for user: User) throws -> [TrashedAddressBook] {
        let cutoff = trashCutoff()
        return try queue.read { db in
            try db.statement("""
                SELECT \(Self.addressBookColumns), b.deleted_at FROM address_books b
                WHERE b.user_id = ? AND b.deleted_at IS NOT NULL AND b.deleted_at >= ? ORDER BY b.deleted_at DESC, b.id DESC
                """).rows([user.id, cutoff]) { row in
                TrashedAddressBook(book: Self.addressBook(from: row, userID: user.id), deletedAt: Self.date(row.int64(5)))
            }
        }
    }

    /// Brings the user's address book called `name` back from the trash, its contacts, change
    /// log and properties as they were; it takes its place among the books again. Refused while
    /// a live book is shown by its display name (`addressBookDisplayNameTaken`).
    public func restoreAddressBook(named name: String, for user: User) throws -> AddressBook {
        let name = Self.bookNameToFind(name)
        let cutoff = trashCutoff()
        try queue.write(.account(user.id)) { db in
            if let displayName = try db.statement("""
                SELECT display_name FROM address_books WHERE user_id = ? AND name = ? AND deleted_at IS NOT NULL AND deleted_at >= ?
                """).firstRow([user.id, name, cutoff], { $0.text(0) }) {
                try Self.requireUnusedDisplayName(displayName, userID: user.id, except: nil, db: db)
            }
            try db.run("""
                UPDATE address_books SET deleted_at = NULL WHERE user_id = ? AND name = ? AND deleted_at IS NOT NULL AND deleted_at >= ?
                """, user.id, name, cutoff)
            guard db.changes == 1 else { throw StoreError.addressBookNotFound }
        }
        guard let book = try addressBook(named: name, for: user) else { throw StoreError.addressBookNotFound }
        return book
    }

    /// Deletes the user's address books in the trash for good, with their contacts, change logs
    /// and properties; returns how many there were.
    @discardableResult
    public func emptyAddressBookTrash(for user: User) throws -> Int {
        let purged = try queue.write(.account(user.id)) { db in
            try db.run("DELETE FROM address_books WHERE user_id = ? AND deleted_at IS NOT NULL", user.id)
            return db.changes
        }
        searchIndex.removeAll()
        return purged
    }
}
