import Accounts
import ContactsCore
import SQLEngine

extension ContactStore {
    /// The contacts matching `text` by name, pinyin (full, initials or mixed), phone digits or
    /// email, in display order; at most `limit` of them when given, following contact `after`.
    public func search(_ text: String, in scope: AddressBookScope, after: Int64? = nil, limit: Int? = nil) throws -> [Contact] {
        try searchPage(text, in: scope, after: after, limit: limit, counting: false).contacts
    }

    /// One page of a search (as `search`) and the number of all matches, from one scan; only
    /// among the members of group `group` when given.
    public func searchPage(_ text: String, in scope: AddressBookScope, group: Int64? = nil, after: Int64? = nil,
                           limit: Int) throws -> (contacts: [Contact], total: Int) {
        try searchPage(text, in: scope, group: group, after: after, limit: limit, counting: true)
    }

    private func searchPage(_ text: String, in scope: AddressBookScope, group: Int64? = nil, after: Int64?, limit: Int?,
                            counting: Bool) throws -> (contacts: [Contact], total: Int) {
        guard let query = SearchQuery(text) else {
            let contacts = try group.map { try self.contacts(in: scope, group: $0, limit: .max) } ?? contacts(in: scope)
            return (contacts, contacts.count)
        }
        return try queue.read { db in
            let members = try group.map { try memberIDs(of: $0, in: scope, db: db) }
            let (ids, total) = try searchIndex.matches(query, in: scope, among: members, after: after, limit: limit ?? .max,
                                                       counting: counting, db: db)
            guard !ids.isEmpty else { return ([], total) }
            let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
            // The list join keeps the matched ids, in display order, as the outer loop: one
            // primary-key lookup per match instead of a walk through the whole book.
            let contacts = try db.statement("""
                SELECT \(ContactRow.columns) FROM \(db.dialect.jsonIntegers(as: "matched")) \(db.dialect.listJoin) contacts c ON c.id = matched.value
                WHERE c.book_id = ? AND c.deleted_at IS NULL ORDER BY matched.key
                """).rows([list, scope.bookID], ContactRow.contact)
            return (contacts, total)
        }
    }
}

/// What a search of all an account's address books found in one of them.
public struct BookSearchResult: Sendable, Equatable {
    public let book: AddressBook
    /// The first matches, in display order.
    public let contacts: [Contact]
    /// How many contacts of the book match in all.
    public let total: Int
}

extension ContactStore {
    /// A search (as `search`) of each of the user's address books, the default one first: for
    /// each book with a match, up to `limit` matches and how many there are. Nothing for a text
    /// with nothing to search by.
    public func searchAllBooks(_ text: String, for user: User, limit: Int) throws -> [BookSearchResult] {
        guard SearchQuery(text) != nil else { return [] }
        return try addressBooks(for: user).compactMap { book in
            let (contacts, total) = try searchPage(text, in: book.scope, limit: limit)
            return total == 0 ? nil : BookSearchResult(book: book, contacts: contacts, total: total)
        }
    }
}
