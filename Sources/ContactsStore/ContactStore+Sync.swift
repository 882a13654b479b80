import SQLEngine

extension ContactStore {
    /// What changed in the address book after `token` (RFC 6578 sync-collection): the names of
    /// the cards written since (live now) and of those removed since.
    ///
    /// A token is a point in this book's own change log, as `AddressBook.syncToken` and this
    /// method hand out; nil asks for an initial sync: every live card, nothing removed. Any token
    /// of this book is answered — the log is never pruned and keeps each card's name, so cards
    /// purged from the trash are still reported as removed. A name written and removed since
    /// `token` counts as removed; one removed and written again (a new card at the same name)
    /// counts as written.
    /// - Parameter limit: at most this many names (at least 1); the returned token then covers
    ///   just those, and asking again from it brings the rest.
    /// - Returns: the names, the token they bring the client to, and whether `limit` cut the
    ///   answer short; nil when `token` is not one this book handed out (a token of another
    ///   book, even one deleted from the same address, or of another store, or from before a
    ///   restore — each has another salt — or one beyond the book's newest change): the client
    ///   must sync from scratch.
    public func changes(in scope: AddressBookScope, since token: SyncToken?, limit: Int?) throws
        -> (written: [CardVersion], removed: [String], token: SyncToken, truncated: Bool)? {
        let pageSize = limit.map { max($0, 1) }
        // Names with the number of their last change, in that order, so the first `limit` of
        // them are everything changed up to the last one's number; with each name, the live
        // card's revision and last change (NULL when there is none).
        let rowLimit = pageSize.map { $0 + 1 } ?? Int.max
        // One statement, so one snapshot and one round trip: the book's position, with the
        // entries beside it (none: one row of NULLs).
        let (query, values): (String, [any SQLBindable]) = if let token {
            // The change numbers are bounded on both sides (the upper bound is no bound): a
            // planner that cannot see the values then takes the range for a narrow one, as a
            // token's is, and PostgreSQL keeps one plan instead of planning it at every sync.
            ("""
                SELECT b.sync_salt, b.last_change, e.href, e.last, e.revision, e.updated_at
                FROM address_books b LEFT JOIN (
                    SELECT ch.href, max(ch.number) AS last, c.revision, c.updated_at
                    FROM changes ch LEFT JOIN contacts c ON c.book_id = ch.book_id AND c.href = ch.href AND c.deleted_at IS NULL
                    WHERE ch.book_id = ? AND ch.number > ? AND ch.number <= ? GROUP BY ch.href, c.revision, c.updated_at
                    ORDER BY last LIMIT ?
                ) e ON 1 = 1 WHERE b.id = ? ORDER BY e.last
                """, [scope.bookID, token.change, Int64.max, rowLimit, scope.bookID])
        } else {
            // Every live card: a plain join, which no engine has to materialize, in the order of
            // their last changes only when a limit cuts the list (whole, its order is no matter).
            ("""
                SELECT b.sync_salt, b.last_change, c.href, c.revision, c.revision, c.updated_at
                FROM address_books b LEFT JOIN contacts c ON c.book_id = b.id AND c.deleted_at IS NULL
                WHERE b.id = ?
                """ + (pageSize == nil ? "" : " ORDER BY c.revision LIMIT ?"), pageSize == nil ? [scope.bookID] : [scope.bookID, rowLimit])
        }
        // The book's position from the first row; an entry from each row that has one.
        var latest: SyncToken?
        var entries: [(href: String, number: Int64, live: CardVersion?)] = []
        try queue.readSingle { db in
            try db.statement(query).forEachRow(values) { row in
                let position = latest ?? SyncToken(salt: row.text(0), change: row.int64(1))
                latest = position
                if !row.isNull(2) { entries.append(Self.syncEntry(row, salt: position.salt, first: 2)) }
            }
        }
        guard let latest else { return nil }
        // Every token this book handed out has its salt and a number up to its newest change.
        if let token, token.salt != latest.salt || !(0...latest.change).contains(token.change) { return nil }
        var next = latest
        let truncated = pageSize.map { entries.count > $0 } ?? false
        if let pageSize, truncated {
            entries.removeLast(entries.count - pageSize)
            next = SyncToken(salt: latest.salt, change: entries[pageSize - 1].number)
        }
        var written: [CardVersion] = []
        var removed: [String] = []
        written.reserveCapacity(entries.count)
        for entry in entries {
            if let live = entry.live { written.append(live) } else { removed.append(entry.href) }
        }
        return (written, removed, next, truncated)
    }

    /// A name, the number of its last change, and the live card that has it, if any, from the
    /// row's columns `first`…`first + 3`.
    private static func syncEntry(_ row: any SQLRow, salt: String, first: Int32) -> (href: String, number: Int64, live: CardVersion?) {
        let href = row.text(first)
        let live = row.isNull(first + 2) ? nil
            : CardVersion(href: href, etag: etag(salt: salt, revision: row.int64(first + 2)), updatedAt: date(row.int64(first + 3)))
        return (href, row.int64(first + 1), live)
    }
}
