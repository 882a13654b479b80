@testable import Accounts
import ContactsCore
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
@testable import ContactsStore

/// Upcoming birthdays read through the birthday index, and the account's calendar feed token.
@Suite struct BirthdayStoreTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }

    init() throws {
        fixture = try TwoUserStore()
    }

    @discardableResult
    private func add(_ name: String, birthday: String? = nil, lunar: LunarDate? = nil, to scope: AddressBookScope? = nil) throws -> Contact {
        var details = TwoUserStore.details(name)
        details.birthday = birthday.flatMap(CalendarDate.init)
        details.lunarBirthday = lunar
        return try store.addContact(details, to: scope ?? fixture.aliceBook)
    }

    private func upcoming(from today: String, days: Int = 30) throws -> [String] {
        try store.birthdays(in: fixture.aliceBook, from: CalendarDate(today)!, days: days).map {
            "\($0.birthday.date) \($0.contact.details.name)\($0.birthday.turning.map { " \($0)" } ?? "")"
        }
    }

    @Test func theNextThirtyDaysSoonestFirst() throws {
        try add("Today", birthday: "1990-09-20")
        try add("Soon", birthday: "--09-30")
        try add("Later", birthday: "1990-10-21")
        try add("Passed", birthday: "1990-09-19")
        try add("Nobody")
        try add("Moon", lunar: LunarDate(year: 1980, month: 8, day: 15))
        try store.deleteContact(id: try add("Trashed", birthday: "1990-09-21").id, in: fixture.aliceBook)
        try add("Bob's", birthday: "1990-09-21", to: fixture.bobBook)
        #expect(try upcoming(from: "2026-09-20") == ["2026-09-20 Today 36", "2026-09-25 Moon 46", "2026-09-30 Soon"])
        #expect(try upcoming(from: "2026-09-20", days: 0) == ["2026-09-20 Today 36"])
    }

    @Test func acrossTheNewYearAndTheLunarNewYear() throws {
        try add("January", birthday: "2000-01-05")
        try add("December", birthday: "2000-12-31")
        // Lunar 2026's new year's eve (12/30) is 2027-02-05; its new year 2027-02-06.
        try add("Eve", lunar: LunarDate(month: 12, day: 30))
        try add("New year", lunar: LunarDate(month: 1, day: 1))
        #expect(try upcoming(from: "2026-12-25") == ["2026-12-31 December 26", "2027-01-05 January 27"])
        #expect(try upcoming(from: "2027-02-01") == ["2027-02-05 Eve", "2027-02-06 New year"])
    }

    @Test func aLeapDayShowsOnTheTwentyEighth() throws {
        try add("Leap", birthday: "2004-02-29")
        #expect(try upcoming(from: "2027-02-15") == ["2027-02-28 Leap 23"])
    }

    @Test func editsMoveTheBirthday() throws {
        let contact = try add("Moving", birthday: "1990-09-25")
        var details = contact.details
        details.birthday = CalendarDate("1990-12-01")
        _ = try store.updateContact(id: contact.id, with: details, in: fixture.aliceBook)
        #expect(try upcoming(from: "2026-09-20") == [])
        #expect(try upcoming(from: "2026-11-20") == ["2026-12-01 Moving 36"])
        #expect(try store.contactsWithBirthdays(in: fixture.aliceBook).map(\.details.name) == ["Moving"])
    }

    @Test func theWholeYearIsEveryBirthdayOnce() throws {
        for (index, month) in (1...12).enumerated() {
            try add("M\(index)", birthday: String(format: "--%02d-10", month))
        }
        #expect(try upcoming(from: "2026-06-15", days: 366).count == 12)
        #expect(try upcoming(from: "2026-06-15", days: 364).count == 12)
    }

    @Test func aLimitKeepsTheSoonestAcrossTheEndOfTheYear() throws {
        for (name, birthday) in [("Jan 2", "--01-02"), ("Dec 31", "--12-31"), ("Jan 1", "--01-01"), ("Dec 30", "--12-30"),
                                 ("Jan 3", "--01-03")] {
            try add(name, birthday: birthday)
        }
        let found = try store.birthdays(in: fixture.aliceBook, from: CalendarDate("2026-12-29")!, days: 30, limit: 3)
        #expect(found.map(\.contact.details.name) == ["Dec 30", "Dec 31", "Jan 1"])
        let all = try store.birthdays(in: fixture.aliceBook, from: CalendarDate("2026-12-29")!, days: 30)
        #expect(all.count == 5)
    }

    @Test func feedTokensOpenTheirAccountUntilRenewedOrRemoved() throws {
        #expect(try !store.hasBirthdayFeed(for: fixture.alice))
        let first = try store.renewBirthdayFeedToken(for: fixture.alice)
        #expect(try store.hasBirthdayFeed(for: fixture.alice))
        let kept = try store.queue.read { db in try db.statement("SELECT token_hash FROM birthday_feeds").rows { $0.blob(0) } }
        #expect(kept.count == 1 && kept[0] != Array(first.utf8) && kept[0].count == 32, "a SHA-256, never the token")
        #expect(try store.user(forBirthdayFeed: first) == fixture.alice)
        let second = try store.renewBirthdayFeedToken(for: fixture.alice)
        #expect(second != first)
        #expect(try store.user(forBirthdayFeed: first) == nil, "the old URL stops working")
        #expect(try store.user(forBirthdayFeed: second) == fixture.alice)
        let bobs = try store.renewBirthdayFeedToken(for: fixture.bob)
        #expect(try store.user(forBirthdayFeed: bobs) == fixture.bob)
        for guess in ["", String(second.dropLast()), second + "x", second.uppercased(), String(repeating: "A", count: 10_000)] {
            #expect(try store.user(forBirthdayFeed: guess) == nil)
        }
        try store.removeBirthdayFeed(for: fixture.alice)
        #expect(try store.user(forBirthdayFeed: second) == nil)
        #expect(try !store.hasBirthdayFeed(for: fixture.alice))
        try store.deleteUser(username: "bob")
        #expect(try store.user(forBirthdayFeed: bobs) == nil)
    }
}

/// The birthday migration on a file the previous release wrote: contacts' birthdays are found.
@Suite(.enabled(if: TestEngine.isSQLite)) struct BirthdayMigrationTests {
    let directory = TemporaryDirectory()

    @Test func birthdaysWrittenBeforeAreFound() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        let birthdays = try #require(Schema.migrations.firstIndex { $0.name.hasPrefix("Birthdays:") })
        try Migrator(Array(Schema.migrations.prefix(birthdays))).migrate(db)
        try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (1, 'alice', 'alice', ?, 0)",
                   PasswordHasher.hash("password1"))
        try db.run("INSERT INTO address_books (id, user_id, name, display_name, created_at, sync_salt) VALUES (1, 1, 'contacts', 'Contacts', 0, 'salt')")
        for (id, birthday, extra) in [(1, "1990-09-25", ""), (2, nil, "X-ALTBDAY;CALSCALE=chinese:007800020815"), (3, nil, "X-FOO:bar")]
            as [(Int64, String?, String)] {
            try db.run("""
                INSERT INTO contacts (book_id, sort_key, name, uid, id, phones, emails, sex, age, birthday, address, note,
                                      extra_properties, has_photo, section, search_text, created_at, updated_at, deleted_at, href, revision)
                VALUES (1, ?, ?, ?, ?, '', '', '', NULL, ?, '', '', ?, 0, 'A', '', 0, 0, NULL, ?, 1)
                """, "c\(id)", "c\(id)", "c\(id)", id, birthday, extra, "c\(id).vcf")
        }
        let store = try directory.store()
        let book = try store.defaultAddressBook(for: try store.user(named: "alice"))
        let found = try store.birthdays(in: book, from: CalendarDate("2026-09-20")!, days: 30)
        // Lunar 8/15 falls on 2026-09-25 too; on one day, by name.
        #expect(found.map(\.contact.id) == [1, 2])
        #expect(found.map(\.birthday.isLunar) == [false, true])
    }
}

/// Feeds made before their tokens were hashed: the addresses subscribed to keep working, and
/// the database no longer holds them.
@Suite(.enabled(if: TestEngine.isSQLite)) struct BirthdayFeedHashMigrationTests {
    let directory = TemporaryDirectory()

    @Test func addressesSubscribedToKeepWorkingAndTheTokenIsGone() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        let hashing = try #require(Schema.migrations.firstIndex { $0.name == Schema.birthdayFeedHashMigrationName })
        try Migrator(Array(Schema.migrations.prefix(hashing))).migrate(db)
        try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (1, 'alice', 'alice', ?, 0)",
                   PasswordHasher.hash("password1"))
        let token = SecretToken.make()
        try db.run("INSERT INTO birthday_feeds (user_id, token, created_at) VALUES (1, ?, 0)", Array(token.utf8))

        let store = try directory.store()
        let alice = try store.user(named: "alice")
        #expect(try store.user(forBirthdayFeed: token) == alice)
        #expect(try store.hasBirthdayFeed(for: alice))
        let kept = try store.queue.read { db in try db.statement("SELECT token_hash FROM birthday_feeds").rows { $0.blob(0) } }
        #expect(kept == [SecretToken.hash(token)])
    }
}
