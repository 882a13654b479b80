import Accounts
import ContactsCore
import Foundation
import SQLEngine

/// A contact's birthday on one day.
public struct ContactBirthday: Sendable, Equatable {
    public let contact: Contact
    public let birthday: Birthday
}

extension ContactStore {
    /// The birthdays in the address book from `today` to `days` days later (0–366), soonest
    /// first, by name on each day; the first `limit` of them when given (on a day with more
    /// birthdays than that, some of the day's). Read along the index of birthdays by month and
    /// day, so that with a limit it costs the same in a book of any size.
    public func birthdays(in scope: AddressBookScope, from today: CalendarDate, days: Int, limit: Int? = nil) throws -> [ContactBirthday] {
        let days = min(max(days, 0), 366)
        guard let last = today.adding(days: days) else { return [] }
        let solar = Self.keyRanges(from: ContactRow.birthdayKey(today)!, to: ContactRow.birthdayKey(last)!,
                                   wholeYear: days >= 365) + [229...229]
        let (start, end) = (LunarDate(gregorian: today), LunarDate(gregorian: last))
        // Day 30 of a month that has 29 days this year is kept on its 29th: one key past the end.
        let lunar = Self.keyRanges(from: ContactRow.lunarBirthdayKey(start)!, to: ContactRow.lunarBirthdayKey(end)! + 1,
                                   wholeYear: days >= 353)
        // Within one range, key order is day order: the first of each range are the soonest.
        // A few more than asked make up for candidates the exact days leave out (a lunar month
        // without a leap, a day 30 kept on the 29th, 29 February in a common year).
        let perRange = limit.map { $0 * 2 + 10 } ?? Int(Int32.max)
        let candidates = try queue.read { db in
            try Self.contacts(withKey: "birthday_key", in: solar, limit: perRange, scope: scope, db: db)
                + Self.contacts(withKey: "lunar_birthday_key", in: lunar, limit: perRange, scope: scope, db: db)
        }
        var seen = Set<Int64>()
        let found = candidates.filter { seen.insert($0.id).inserted }
            .flatMap { contact in contact.details.birthdays(from: today, days: days).map { ContactBirthday(contact: contact, birthday: $0) } }
            .sorted { ($0.birthday.date, $0.contact.details.name) < ($1.birthday.date, $1.contact.details.name) }
        return limit.map { Array(found.prefix($0)) } ?? found
    }

    /// Every contact of the address book with a birthday or a lunar birthday, in display order.
    public func contactsWithBirthdays(in scope: AddressBookScope) throws -> [Contact] {
        try queue.read { db in
            try db.statement("""
                SELECT \(ContactRow.columns) FROM contacts c WHERE c.book_id = ? AND c.deleted_at IS NULL
                AND (c.birthday_key IS NOT NULL OR c.lunar_birthday_key IS NOT NULL) ORDER BY c.sort_key, c.name, c.uid
                """).rows([scope.bookID], ContactRow.contact)
        }
    }

    /// Month-and-day keys from `start` to `end`, across the end of the year when `end` comes first.
    private static func keyRanges(from start: Int, to end: Int, wholeYear: Bool) -> [ClosedRange<Int>] {
        if wholeYear { return [101...1231] }
        return start <= end ? [start...end] : [start...1231, 101...end]
    }

    /// The first `limit` live contacts, in key order, whose `column` key is in each range.
    private static func contacts(withKey column: String, in ranges: [ClosedRange<Int>], limit: Int, scope: AddressBookScope,
                                 db: any SQLConnection) throws -> [Contact] {
        let statement = try db.statement("""
            SELECT \(ContactRow.columns) FROM contacts c
            WHERE c.book_id = ? AND c.\(column) IS NOT NULL AND c.\(column) BETWEEN ? AND ? AND c.deleted_at IS NULL
            ORDER BY c.\(column) LIMIT ?
            """)
        return try ranges.flatMap { range in
            try statement.rows([scope.bookID, range.lowerBound, range.upperBound, limit], ContactRow.contact)
        }
    }
}

extension ContactStore {
    /// Whether the account's birthday calendar feed is on. Its token is kept as a hash, as
    /// sessions and app passwords are, so its address is shown only when it is made.
    public func hasBirthdayFeed(for user: User) throws -> Bool {
        try queue.read { db in
            try db.statement("SELECT 1 FROM birthday_feeds WHERE user_id = ?").firstRow([user.id]) { _ in true } ?? false
        }
    }

    /// Gives the account a feed under a new token, which replaces the old one (calendars
    /// subscribed to that stop receiving it), and returns it: the only time it is seen.
    public func renewBirthdayFeedToken(for user: User) throws -> String {
        let token = SecretToken.make()
        let now = now()
        try queue.write(.account(user.id)) { db in
            try db.run("""
                INSERT INTO birthday_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """, user.id, SecretToken.hash(token), now)
        }
        return token
    }

    /// Turns the account's feed off: its URL answers nothing any more.
    public func removeBirthdayFeed(for user: User) throws {
        try queue.write(.account(user.id)) { db in try db.run("DELETE FROM birthday_feeds WHERE user_id = ?", user.id) }
    }

    /// The account whose feed `token` opens; nil for any other text.
    public func user(forBirthdayFeed token: String) throws -> User? {
        guard (1...100).contains(token.utf8.count) else { return nil }
        return try queue.read { db in
            try db.statement("""
                SELECT u.id, u.username, u.created_at FROM birthday_feeds f JOIN users u ON u.id = f.user_id WHERE f.token_hash = ?
                """).firstRow([SecretToken.hash(token)], User.init(row:))
        }
    }
}

extension ContactStore {
    /// Keeps each feed's token as its SHA-256, as sessions' and app passwords' are, under a
    /// column named for it: addresses already subscribed to keep working.
    static func hashBirthdayFeedTokens(_ db: any SQLConnection) throws {
        // Once, should the migration run again on a file whose version was rolled back.
        let columns = try db.statement(db.dialect.catalogue.columns).rows(["birthday_feeds"]) { $0.text(0) }
        guard columns.contains("token") else { return }
        let feeds = try db.statement("SELECT user_id, token FROM birthday_feeds").rows { ($0.int64(0), $0.blob(1)) }
        try db.execute("ALTER TABLE birthday_feeds RENAME COLUMN token TO token_hash")
        for (user, token) in feeds {
            try db.run("UPDATE birthday_feeds SET token_hash = ? WHERE user_id = ?", SecretToken.hash(String(decoding: token, as: UTF8.self)), user)
        }
    }
}
