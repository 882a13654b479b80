import ContactsCore
import Foundation
import SQLEngine
import Synchronization

/// The search keys of each address book, kept in memory and brought up to date from the change
/// log before every search, so a search scans memory instead of 100,000 rows.
final class SearchIndex: Sendable {
    private let books = Mutex<[Int64: Book]>([:])

    private struct Entry {
        let id: Int64
        let key: SearchKey
        /// Sort key, name and UID as bytes: the display order, compared as SQLite's BINARY does.
        let order: [UInt8]

        init(_ row: any SQLRow) {
            id = row.int64(0)
            key = SearchKey(text: row.text(1))
            order = Array(row.text(2).utf8) + [0] + Array(row.text(3).utf8) + [0] + Array(row.text(4).utf8)
        }
    }

    /// One address book's entries, kept in display order so a search with a limit stops early.
    private struct Book {
        var latestChange: Int64 = 0
        var entries: [Entry] = []
        /// Each entry's `SearchKey.presence`, scanned first without touching the entries.
        var presences: [SearchPresence] = []
        var orders: [Int64: [UInt8]] = [:]

        /// Up to `limit` matching ids following contact `after` (from the start when nil), and
        /// how many match in all when `counting` (else the scan stops at the limit).
        func matches(_ query: SearchQuery, among members: Set<Int64>?, after: Int64?, limit: Int, counting: Bool) -> (ids: [Int64], total: Int) {
            var start = 0
            if let after {
                guard let order = orders[after] else { return ([], 0) }
                start = position(of: order) + 1
            }
            var found: [Int64] = []
            var total = 0
            presences.withUnsafeBufferPointer { presences in
                for index in (counting ? 0 : start)..<presences.count where query.mayMatch(presence: presences[index]) {
                    guard entries[index].key.matches(query), members?.contains(entries[index].id) ?? true else { continue }
                    total += 1
                    if index >= start && found.count < limit {
                        found.append(entries[index].id)
                    } else if !counting && found.count == limit {
                        break
                    }
                }
            }
            return (found, total)
        }

        /// Replaces, adds (`entry` given) or removes (nil) the entry of contact `id`.
        mutating func set(_ id: Int64, _ entry: Entry?) {
            if let old = orders.removeValue(forKey: id) {
                let position = position(of: old)
                entries.remove(at: position)
                presences.remove(at: position)
            }
            if let entry {
                let position = position(of: entry.order)
                entries.insert(entry, at: position)
                presences.insert(entry.key.presence, at: position)
                orders[id] = entry.order
            }
        }

        /// Appends an entry known to sort after every other.
        mutating func append(_ entry: Entry) {
            entries.append(entry)
            presences.append(entry.key.presence)
            orders[entry.id] = entry.order
        }

        private func position(of order: [UInt8]) -> Int {
            var low = 0
            var high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].order.lexicographicallyPrecedes(order) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// The ids of the address book's contacts that match `query`, in display order: at most
    /// `limit`, following contact `after` when given, only those among `members` when given; and
    /// the number of all matches when `counting`.
    /// Must be called with the connection held, so the log and the rows agree.
    func matches(_ query: SearchQuery, in scope: AddressBookScope, among members: Set<Int64>? = nil, after: Int64?, limit: Int, counting: Bool,
                 db: any SQLConnection) throws -> (ids: [Int64], total: Int) {
        let latest = try ContactStore.latestChange(in: scope, db: db)
        return try books.withLock { books in
            if books[scope.bookID]?.latestChange != latest {
                try refresh(&books[scope.bookID, default: Book()], scope: scope, latest: latest, db: db)
            }
            return books[scope.bookID]!.matches(query, among: members, after: after, limit: limit, counting: counting)
        }
    }

    /// Forgets everything, e.g. after a user and their books were deleted.
    func removeAll() {
        books.withLock { $0.removeAll() }
    }

    private func refresh(_ book: inout Book, scope: AddressBookScope, latest: Int64, db: any SQLConnection) throws {
        let load = "SELECT id, search_text, sort_key, name, uid FROM contacts WHERE book_id = ? AND deleted_at IS NULL AND is_group = 0"
        if book.latestChange == 0 {
            try db.statement(load + " ORDER BY sort_key, name, uid").forEachRow([scope.bookID]) { book.append(Entry($0)) }
        } else {
            let changed = try db.statement("SELECT DISTINCT contact_id FROM changes WHERE book_id = ? AND number > ?")
                .rows([scope.bookID, book.latestChange]) { $0.int64(0) }
            let current = try db.statement(load + " AND id = ?")
            for id in changed {
                book.set(id, try current.firstRow([scope.bookID, id], Entry.init))
            }
        }
        book.latestChange = latest
    }
}
