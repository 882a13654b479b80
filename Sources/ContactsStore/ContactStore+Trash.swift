import ContactsCore
import Foundation
import SQLite

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
                WHERE c.book_id = ? AND c.deleted_at IS NOT NULL AND c.deleted_at >= ?
                ORDER BY c.deleted_at DESC, c.id DESC
                """).rows([scope.bookID, cutoff]) { row in
                TrashedContact(contact: ContactRow.contact(from: row), deletedAt: Self.date(row.int64(15)))
            }
        }
    }

    /// Brings a contact back from the trash.
    public func restoreContact(id: Int64, in scope: AddressBookScope) throws -> Contact {
        let now = now()
        let cutoff = trashCutoff()
        try queue.write { db in
            try db.run("""
                UPDATE contacts SET deleted_at = NULL, updated_at = ?
                WHERE id = ? AND book_id = ? AND deleted_at IS NOT NULL AND deleted_at >= ?
                """, now, id, scope.bookID, cutoff)
            guard db.changes == 1 else { throw StoreError.notInTrash(id) }
            try Self.recordChange(.create, of: id, in: scope, at: now, db: db)
        }
        return try contact(id: id, in: scope)
    }

    /// Contacts deleted before this moment have left the trash for good.
    func trashCutoff() -> Int64 {
        now() - Self.milliseconds(Date(timeIntervalSince1970: Self.trashRetention))
    }
}
