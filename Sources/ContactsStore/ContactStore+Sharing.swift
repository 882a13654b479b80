import Accounts
import Foundation
import SQLEngine

/// Address books shared by their owner with other accounts of the store, read-only or
/// read-write. A share is looked up again by every operation that uses it: a scope handed out
/// for it stops working for writes as soon as the share changes or goes.
extension ContactStore {
    /// Shares the owner's book with the account called `username`, or changes what it may do.
    /// - Parameter access: `.readOnly` or `.readWrite`.
    /// - Throws: `onlyOwnerManagesBook` unless `scope` is the owner's, `userNotFound`,
    ///   `cannotShareWithOwner`, `addressBookNotFound`.
    public func share(_ scope: AddressBookScope, with username: String, access: BookAccess) throws {
        precondition(access != .owner, "a book is shared read-only or read-write")
        let now = now()
        try writing(scope, managingBook: true) { db in
            guard try Self.isLiveBook(scope, db: db) else { throw StoreError.addressBookNotFound }
            let sharee = try Self.accountID(named: username, db: db)
            guard sharee != scope.userID else { throw StoreError.cannotShareWithOwner }
            try db.run("""
                INSERT INTO book_shares (book_id, user_id, access, shared_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (book_id, user_id) DO UPDATE SET access = excluded.access
                """, scope.bookID, sharee, access.rawValue, now)
        }
    }

    /// Stops sharing the owner's book with the account called `username`.
    /// - Throws: `onlyOwnerManagesBook` unless `scope` is the owner's, `userNotFound`,
    ///   `notSharedWith` when the book is not shared with the account.
    public func unshare(_ scope: AddressBookScope, with username: String) throws {
        try writing(scope, managingBook: true) { db in
            let sharee = try Self.accountID(named: username, db: db)
            try db.run("DELETE FROM book_shares WHERE book_id = ? AND user_id = ?", scope.bookID, sharee)
            guard db.changes == 1 else { throw StoreError.notSharedWith(username) }
        }
    }

    /// The accounts the owner's book is shared with, by name.
    /// - Throws: `onlyOwnerManagesBook` unless `scope` is the owner's.
    public func shares(of scope: AddressBookScope) throws -> [BookShare] {
        guard scope.access.canManageBook else { throw StoreError.onlyOwnerManagesBook }
        return try queue.read { db in
            try db.statement("""
                SELECT u.username, s.access FROM book_shares s JOIN users u ON u.id = s.user_id
                WHERE s.book_id = ? ORDER BY u.username_key
                """).rows([scope.bookID]) { row in BookShare(account: row.text(0), access: BookAccess(rawValue: row.text(1)) ?? .readOnly) }
        }
    }

    /// Who last changed the contact (created, edited, deleted or restored it) and when; nil for
    /// a contact last changed before this was recorded, or by an account since deleted.
    public func lastChange(ofContact id: Int64, in scope: AddressBookScope) throws -> ContactChange? {
        try queue.read { db in
            try db.statement("""
                SELECT u.username, c.changed_at FROM contacts c JOIN users u ON u.id = c.changed_by
                WHERE c.id = ? AND c.book_id = ? AND c.changed_at IS NOT NULL
                """).firstRow([id, scope.bookID]) { row in ContactChange(account: row.text(0), at: Self.date(row.int64(1))) }
        }
    }

    /// Runs a write in the book after checking that the scope's account may make it: change
    /// contacts, or with `managingBook` change the book itself. An account the book is shared
    /// with is checked against the share as it stands in the write's own transaction. The write
    /// holds the book, and `alsoHolding` (books of the same owner it also writes, whose shares
    /// the body checks), against other writers: writes to other books run beside it. What the
    /// write changed in each book it holds is kept in the contacts' history (`HistoryRecorder`),
    /// as `operation`'s changes by the task's `ChangeClient.current`.
    func writing<T>(_ scope: AddressBookScope, managingBook: Bool = false, alsoHolding others: [AddressBookScope] = [],
                    as operation: HistoryOperation = .edit, _ body: (any SQLConnection) throws -> T) throws -> T {
        try Self.check(scope.access, managingBook: managingBook)
        let client = ChangeClient.current
        return try queue.write(.books([scope.bookID] + others.map(\.bookID), of: scope.userID)) { db in
            try Self.checkShare(of: scope, managingBook: managingBook, db: db)
            let recorder = try HistoryRecorder(books: [scope.bookID] + others.map(\.bookID), db: db)
            let result = try body(db)
            try recorder.record(operation, by: client, account: scope.actorID, at: now(), pruningBefore: historyCutoff(), db: db)
            return result
        }
    }

    /// Throws unless the scope's account may write in the book as its share stands now (in the
    /// transaction `db` holds): for a second book a write touches, beside the one `writing` checks.
    static func checkShare(of scope: AddressBookScope, managingBook: Bool = false, db: any SQLConnection) throws {
        try check(scope.access, managingBook: managingBook)
        guard scope.access != .owner else { return }
        guard let current = try db.statement("SELECT access FROM book_shares WHERE book_id = ? AND user_id = ?")
            .firstRow([scope.bookID, scope.actorID], { BookAccess(rawValue: $0.text(0)) ?? .readOnly })
        else { throw StoreError.addressBookNotFound }
        try check(current, managingBook: managingBook)
    }

    private static func check(_ access: BookAccess, managingBook: Bool) throws(StoreError) {
        if managingBook, !access.canManageBook { throw .onlyOwnerManagesBook }
        if !access.canWriteContacts { throw .addressBookReadOnly }
    }

    private static func accountID(named username: String, db: any SQLConnection) throws -> Int64 {
        guard let key = AccountName.key(username),
              let id = try db.statement("SELECT id FROM users WHERE username_key = ?").firstRow([key], { $0.int64(0) })
        else { throw StoreError.userNotFound(username) }
        return id
    }

    /// The columns of a shared book `b`, its owner `o` and the share `s` that `sharedBook(from:for:startingAt:)` reads.
    private static let sharedBookColumns = "\(addressBookColumns), o.id, o.username, s.access"
    private static let sharedBookColumnCount = addressBookColumnCount + 3

    /// The books shared with the user, by owner and name, each under its `SharedBookSegment`.
    static func sharedAddressBooks(for user: User, db: any SQLConnection) throws -> [AddressBook] {
        try db.statement("""
            SELECT \(sharedBookColumns) FROM book_shares s
            JOIN address_books b ON b.id = s.book_id JOIN users o ON o.id = b.user_id
            WHERE s.user_id = ? AND b.deleted_at IS NULL ORDER BY o.username_key, b.name
            """).rows([user.id]) { sharedBook(from: $0, for: user) }
    }

    /// The book shared with the user under `segment` (nil when none is, or no longer) with the
    /// account's credentials generation, from one statement; nil when the user no longer exists.
    func sharedAddressBookWithCredentials(_ segment: SharedBookSegment, for user: User, checking check: LoginFailureCheck?) throws
        -> (credentialsGeneration: Int64, book: AddressBook?, failures: CountedFailures?)? {
        let failures = Self.failureColumns(check)
        return try queue.readSingle { db in
            try db.statement("""
                SELECT u.credentials_generation, \(Self.sharedBookColumns)\(failures.sql) FROM users u
                LEFT JOIN book_shares s ON s.user_id = u.id AND s.book_id = (
                    SELECT sb.id FROM address_books sb JOIN users so ON so.id = sb.user_id
                    WHERE so.username_key = ? AND sb.name = ? AND sb.deleted_at IS NULL)
                LEFT JOIN address_books b ON b.id = s.book_id
                LEFT JOIN users o ON o.id = b.user_id
                WHERE u.id = ?
                """).firstRow(failures.parameters + [AccountName.key(segment.owner) ?? "", Self.bookNameToFind(segment.book), user.id]) { row in
                (row.int64(0), row.isNull(1) ? nil : Self.sharedBook(from: row, for: user, startingAt: 1),
                 check?.failures(in: row, from: 1 + Self.sharedBookColumnCount))
            }
        }
    }

    /// The shared book whose `sharedBookColumns` begin at column `first` of `row`.
    private static func sharedBook(from row: any SQLRow, for user: User, startingAt first: Int32 = 0) -> AddressBook {
        let own = addressBook(from: row, userID: row.int64(first + 5), startingAt: first)
        let owner = row.text(first + 6)
        let scope = AddressBookScope(userID: own.scope.userID, bookID: own.scope.bookID, actorID: user.id,
                                     access: BookAccess(rawValue: row.text(first + 7)) ?? .readOnly)
        return AddressBook(scope: scope, name: SharedBookSegment(owner: owner, book: own.name).description,
                           displayName: own.displayName, syncToken: own.syncToken, sharedBy: owner)
    }
}
