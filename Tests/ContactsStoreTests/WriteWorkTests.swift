import ContactsCore
import Foundation
import SQLite
import Testing
import TestSupport
@testable import ContactsStore

/// What one write can make the others wait for is bounded by what one card may carry: a card
/// past the groups limit is refused before any write, and a card at it writes statements in
/// proportion to its categories. (A card with 16,000 new CATEGORIES once held the write lock
/// 25 s, and another account's PUT waited 14.8 s behind it.) Counted in statements, not seconds.
@Suite struct WriteWorkTests {
    let log = StatementLog()
    let logged: LoggedStore
    var store: ContactStore { logged.store }
    let book: AddressBookScope

    init() throws {
        logged = try LoggedStore(log: log)
        book = try logged.store.defaultAddressBook(for: try logged.store.createUser(username: "alice", password: "password1"))
    }

    /// The statements of the write transactions of a PUT of a new card in `count` new groups.
    private func writtenStatements(categories count: Int) throws -> [String] {
        var details = ContactDetails(name: "Many Groups \(count)")
        details.changeCategories(adding: (0..<count).map { "Group \(count)-\($0)" }, removing: [])
        let uid = "many-\(count)"
        return try log.transactions {
            do {
                _ = try store.putCard(href: uid + ".vcf", uid: uid, details: details, in: book, precondition: .none)
            } catch StoreError.invalid(.tooMany(field: .groups, limit: _)) {}
        }.writes.statements
    }

    @Test func aCardPastTheLimitWritesNothingAndOneAtItWritesInProportion() throws {
        let limit = ContactDetails.Limits.groups
        for count in [limit + 1, 1_000, 16_000] {
            #expect(try writtenStatements(categories: count).isEmpty, "\(count) categories: refused before any write")
        }
        let quarter = try writtenStatements(categories: limit / 4).count
        let half = try writtenStatements(categories: limit / 2).count
        let whole = try writtenStatements(categories: limit).count
        // Each new group costs the same few statements: twice the categories, twice the work.
        #expect(abs((whole - half) - 2 * (half - quarter)) <= 10, "\(quarter), \(half), \(whole) statements")
        #expect(whole < 30 * limit, "\(whole) statements for \(limit) new groups")
        #expect(try store.groups(in: book).count == limit / 4 + limit / 2 + limit)
    }
}
