import ContactsCore
import SQLite

extension ContactStore {
    /// The contacts matching `text` by name, pinyin (full, initials or mixed), phone digits or
    /// email, in display order; at most `limit` of them when given, following contact `after`.
    public func search(_ text: String, in scope: AddressBookScope, after: Int64? = nil, limit: Int? = nil) throws -> [Contact] {
        guard let query = SearchQuery(text) else { return try contacts(in: scope) }
        return try queue.read { db in
            let ids = try searchIndex.matches(query, in: scope, after: after, limit: limit ?? .max, db: db)
            guard !ids.isEmpty else { return [] }
            let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
            // CROSS JOIN keeps the matched ids, in display order, as the outer loop: one
            // primary-key lookup per match instead of a walk through the whole book.
            return try db.statement("""
                SELECT \(ContactRow.columns) FROM json_each(?) AS matched CROSS JOIN contacts c ON c.id = matched.value
                WHERE c.book_id = ? AND c.deleted_at IS NULL ORDER BY matched.key
                """).rows([list, scope.bookID], ContactRow.contact)
        }
    }

    /// How many contacts match `text` (all of them when it is empty).
    public func searchCount(_ text: String, in scope: AddressBookScope) throws -> Int {
        guard let query = SearchQuery(text) else { return try count(in: scope) }
        return try queue.read { db in try searchIndex.matches(query, in: scope, after: nil, limit: .max, db: db).count }
    }
}
