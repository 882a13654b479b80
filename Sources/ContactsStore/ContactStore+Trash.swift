import ContactsCore
import Foundation
import SQLEngine

/// A deleted contact that can still be restored.
public struct TrashedContact: Sendable, Equatable {
    public let contact: Contact
    public let deletedAt: Date
}

extension ContactStore {
    /// The contacts deleted in the last 30 days, most recently deleted first.
    public func trash(in scope: AddressBookScope) throws -> [TrashedContact] {
        let cutoff = trashCutoff()
        return try queue.read { db in
            try db.statement("""
                SELECT \(ContactRow.columns), c.deleted_at FROM contacts c
                WHERE c.book_id = ? AND c.deleted_at IS NOT NULL AND c.deleted_at >= ? AND c.is_group = 0
                ORDER BY c.deleted_at DESC, c.id DESC
                """).rows([scope.bookID, cutoff]) { row in
                TrashedContact(contact: ContactRow.contact(from: row), deletedAt: Self.date(row.int64(ContactColumn.following)))
            }
        }
    }

    /// Brings a contact back from the trash.
    public func restoreContact(id: Int64, in scope: AddressBookScope) throws -> Contact {
        let now = now()
        let cutoff = trashCutoff()
        try writing(scope, as: .restore) { db in
            guard try Self.restoreFromTrash(id, in: scope, now: now, cutoff: cutoff, db: db) else { throw StoreError.notInTrash(id) }
        }
        return try contact(id: id, in: scope)
    }

    /// Moves live contacts of the book to the trash, all of them or none (`contactNotFound` for
    /// the first id of no live contact of the book): what one Undo (`restoreContacts`) takes back.
    public func deleteContacts(ids: [Int64], in scope: AddressBookScope) throws {
        try changeEachOnce(ids, in: scope, orThrow: StoreError.contactNotFound) { id, now, cutoff, db in
            try Self.moveToTrash(id, in: scope, now: now, cutoff: cutoff, db: db)
        }
    }

    /// Brings contacts back from the trash, all of them or none (`notInTrash` for the first id
    /// that is not in the book's trash).
    public func restoreContacts(ids: [Int64], in scope: AddressBookScope) throws {
        try changeEachOnce(ids, in: scope, as: .restore, orThrow: StoreError.notInTrash) { id, now, cutoff, db in
            try Self.restoreFromTrash(id, in: scope, now: now, cutoff: cutoff, db: db)
        }
    }

    /// Brings back every contact of the book's trash (those deleted in the last 30 days) in one
    /// write; returns how many came back.
    public func restoreTrash(in scope: AddressBookScope) throws -> Int {
        let now = now()
        let cutoff = trashCutoff()
        return try writing(scope, as: .restore) { db in
            let ids = try db.statement("""
                SELECT id FROM contacts WHERE book_id = ? AND deleted_at IS NOT NULL AND deleted_at >= ? AND is_group = 0
                """).rows([scope.bookID, cutoff]) { $0.int64(0) }
            for id in ids {
                _ = try Self.restoreFromTrash(id, in: scope, now: now, cutoff: cutoff, db: db)
            }
            return ids.count
        }
    }

    /// Deletes contacts of the book's trash for good, all of them or none (`notInTrash` for the
    /// first id that is not in the book's trash). Their deletion is already in the change log.
    public func deleteFromTrash(ids: [Int64], in scope: AddressBookScope) throws {
        try changeEachOnce(ids, in: scope, orThrow: StoreError.notInTrash) { id, _, cutoff, db in
            try db.run("""
                DELETE FROM contacts WHERE id = ? AND book_id = ? AND deleted_at IS NOT NULL AND deleted_at >= ? AND is_group = 0
                """, id, scope.bookID, cutoff)
            return db.changes == 1
        }
    }

    /// Runs `change` (given the id, now and the trash's cutoff) on each id once, in one write
    /// transaction: the first that answers false undoes them all with `error` of its id.
    private func changeEachOnce(_ ids: [Int64], in scope: AddressBookScope, as operation: HistoryOperation = .edit,
                                orThrow error: (Int64) -> StoreError,
                                _ change: (Int64, Int64, Int64, any SQLConnection) throws -> Bool) throws {
        let now = now()
        let cutoff = trashCutoff()
        try writing(scope, as: operation) { db in
            for id in Set(ids).sorted() {
                guard try change(id, now, cutoff, db) else { throw error(id) }
            }
        }
    }

    /// Brings a contact deleted at or after `cutoff` back and logs it as created again; false
    /// when it is not in the trash.
    static func restoreFromTrash(_ id: Int64, in scope: AddressBookScope, now: Int64, cutoff: Int64, db: any SQLConnection) throws -> Bool {
        try db.run("""
            UPDATE contacts SET deleted_at = NULL, updated_at = ?
            WHERE id = ? AND book_id = ? AND deleted_at IS NOT NULL AND deleted_at >= ?
            """, now, id, scope.bookID, cutoff)
        guard db.changes == 1 else { return false }
        try recordChange(.create, of: id, in: scope, at: now, db: db)
        try GroupSync.restored(id, in: scope, now: now, db: db)
        return true
    }

    /// Moves a live contact to the trash, logs the deletion and empties the book's trash of
    /// contacts deleted before `cutoff`; false when there is no such live contact.
    static func moveToTrash(_ id: Int64, in scope: AddressBookScope, now: Int64, cutoff: Int64, db: any SQLConnection) throws -> Bool {
        try db.run("UPDATE contacts SET deleted_at = ? WHERE id = ? AND book_id = ? AND deleted_at IS NULL", now, id, scope.bookID)
        guard db.changes == 1 else { return false }
        try recordChange(.delete, of: id, in: scope, at: now, db: db)
        try GroupSync.removed(id, in: scope, now: now, db: db)
        try db.run("DELETE FROM contacts WHERE book_id = ? AND deleted_at < ?", scope.bookID, cutoff)
        return true
    }

    /// Deletes a contact in the trash for good, to make way for a new one with its UID or name.
    static func purgeFromTrash(_ id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws {
        try db.run("DELETE FROM contacts WHERE id = ? AND book_id = ? AND deleted_at IS NOT NULL", id, scope.bookID)
    }

    /// Contacts deleted before this moment have left the trash for good.
    func trashCutoff() -> Int64 {
        now() - Self.milliseconds(Date(timeIntervalSince1970: Self.trashRetention))
    }
}
