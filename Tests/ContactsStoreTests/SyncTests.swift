import ContactsCore
import Foundation
import Testing
@testable import ContactsStore

/// `changes(in:since:limit:)`: RFC 6578 sync from the change log.
@Suite struct SyncTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var alice: AddressBookScope { fixture.aliceBook }

    init() throws {
        fixture = try TwoUserStore()
    }

    private func token() throws -> SyncToken {
        try #require(try store.addressBook(named: ContactStore.defaultAddressBookName, for: fixture.alice)).syncToken
    }

    private func changes(since token: SyncToken?, limit: Int? = nil) throws -> (written: Set<String>, removed: Set<String>, token: SyncToken) {
        let changes = try #require(try store.changes(in: alice, since: token, limit: limit))
        return (Set(changes.written.map(\.href)), Set(changes.removed), changes.token)
    }

    @Test func initialSyncIsEveryLiveCard() throws {
        #expect(try changes(since: nil) == ([], [], try token()))
        #expect(try token().change == 0)
        for name in ["a", "b", "c"] { try fixture.put("\(name).vcf", uid: name, name: name, in: alice) }
        try store.deleteCard(href: "b.vcf", in: alice, ifMatch: nil)
        try fixture.put("other.vcf", uid: "other", name: "Bob's", in: fixture.bobBook)
        let initial = try changes(since: nil)
        #expect(initial.written == ["a.vcf", "c.vcf"])
        #expect(initial.removed.isEmpty)
        #expect(initial.token == (try token()))
        #expect(initial.token.change == 4)
    }

    @Test func incrementalSyncReportsWritesAndRemovals() throws {
        let a = try store.addContact(TwoUserStore.details("A"), to: alice)
        try fixture.put("b.vcf", uid: "b", name: "B", in: alice)
        try fixture.put("c.vcf", uid: "c", name: "C", in: alice)
        let start = try token()
        #expect(try changes(since: start) == ([], [], start))
        _ = try store.updateContact(id: a.id, with: TwoUserStore.details("A2"), in: alice)
        try store.deleteCard(href: "b.vcf", in: alice, ifMatch: nil)
        try fixture.put("d.vcf", uid: "d", name: "D", in: alice)
        try fixture.put("e.vcf", uid: "e", name: "E", in: alice)
        try store.deleteCard(href: "e.vcf", in: alice, ifMatch: nil)
        try store.deleteCard(href: "c.vcf", in: alice, ifMatch: nil)
        try fixture.put("c.vcf", uid: "c2", name: "C again", in: alice)
        _ = try store.addContact(TwoUserStore.details("Bob's"), to: fixture.bobBook)
        let next = try changes(since: start)
        #expect(next.written == [a.uid + ".vcf", "d.vcf", "c.vcf"])
        #expect(next.removed == ["b.vcf", "e.vcf"])
        #expect(next.token == (try token()))
        #expect(try changes(since: next.token) == ([], [], next.token))
    }

    @Test func cardsPurgedFromTheTrashAreStillReportedRemoved() throws {
        try fixture.put("old.vcf", uid: "old", name: "Old", in: alice)
        let start = try token()
        try store.deleteCard(href: "old.vcf", in: alice, ifMatch: nil)
        fixture.clock.advance(days: 31)
        try fixture.put("new.vcf", uid: "new", name: "New", in: alice)
        try store.deleteCard(href: "new.vcf", in: alice, ifMatch: nil)  // empties the trash of "old"
        #expect(try store.trash(in: alice).map(\.contact.uid) == ["new"])
        #expect(try changes(since: start).removed == ["old.vcf", "new.vcf"])
    }

    @Test(arguments: [1, 2, 3, 10])
    func aLimitPagesThroughEverything(limit: Int) throws {
        for name in ["a", "b", "c", "d", "e"] { try fixture.put("\(name).vcf", uid: name, name: name, in: alice) }
        let start = try token()
        try fixture.put("a.vcf", uid: "a", name: "A2", in: alice)
        try store.deleteCard(href: "b.vcf", in: alice, ifMatch: nil)
        try fixture.put("f.vcf", uid: "f", name: "F", in: alice)
        try fixture.put("c.vcf", uid: "c", name: "C2", in: alice)
        try fixture.put("a.vcf", uid: "a", name: "A3", in: alice)
        for since in [nil, start] {
            var token = since
            var written: [String] = []
            var removed: [String] = []
            var pages = 0
            while pages < 20 {
                let page = try #require(try store.changes(in: alice, since: token, limit: limit))
                #expect(page.written.count + page.removed.count <= limit)
                written += page.written.map(\.href)
                removed += page.removed
                token = page.token
                pages += 1
                if token == (try self.token()) { break }
            }
            let everything = try changes(since: since)
            #expect(Set(written) == everything.written)
            #expect(written.count == everything.written.count, "no card twice")
            if since == nil {
                // Pages after the first come from the log, which may name cards removed meanwhile.
                #expect(Set(removed).isSubset(of: ["b.vcf"]))
            } else {
                #expect(removed == ["b.vcf"])
            }
        }
    }

    @Test func tokensBeyondTheLogAreRefused() throws {
        let salt = try token().salt
        #expect(try store.changes(in: alice, since: SyncToken(salt: salt, change: 1), limit: nil) == nil)
        try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        let latest = try token()
        #expect(try store.changes(in: alice, since: SyncToken(salt: salt, change: latest.change + 1), limit: nil) == nil)
        #expect(try store.changes(in: alice, since: SyncToken(salt: salt, change: -1), limit: nil) == nil)
        // A newer token of another book is not one of this book's.
        try fixture.put("b.vcf", uid: "b", name: "B", in: fixture.bobBook)
        let bobs = try #require(try store.addressBook(named: ContactStore.defaultAddressBookName, for: fixture.bob)).syncToken
        #expect(try store.changes(in: alice, since: bobs, limit: nil) == nil)
        #expect(try changes(since: latest) == ([], [], latest))
    }

    @Test func aDeletedBooksTokenIsRefusedByTheBookMadeAgainAtItsName() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        try fixture.put("old.vcf", uid: "old", name: "Old", in: work.scope)
        let oldToken = try #require(try store.addressBook(named: "work", for: fixture.alice)).syncToken
        try store.deleteAddressBook(work.scope)
        let again = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        for name in ["n1", "n2"] { try fixture.put("\(name).vcf", uid: name, name: name, in: again.scope) }
        // The old token is below the new book's newest change, but it is not one of its own: the
        // client must start again, and so learns that old.vcf is gone.
        let newToken = try #require(try store.addressBook(named: "work", for: fixture.alice)).syncToken
        #expect(oldToken.change < newToken.change && oldToken.salt != newToken.salt)
        #expect(try store.changes(in: again.scope, since: oldToken, limit: nil) == nil)
        #expect(try store.changes(in: again.scope, since: SyncToken(salt: newToken.salt, change: oldToken.change), limit: nil) != nil)
    }

    @Test func onlyALimitThatCutsTheAnswerShortIsTruncation() throws {
        for name in ["a", "b"] { try fixture.put("\(name).vcf", uid: name, name: name, in: alice) }
        #expect(try #require(try store.changes(in: alice, since: nil, limit: 1)).truncated)
        #expect(try !(#require(try store.changes(in: alice, since: nil, limit: 2)).truncated))
        #expect(try !(#require(try store.changes(in: alice, since: nil, limit: nil)).truncated))
    }

    @Test func theSyncTokenMovesWithEveryWriteToTheBookOnly() throws {
        var tokens = [try token()]
        let contact = try store.addContact(TwoUserStore.details("A"), to: alice)
        tokens.append(try token())
        _ = try store.addContact(TwoUserStore.details("B"), to: fixture.bobBook)
        #expect(try token() == tokens.last)
        _ = try store.updateContact(id: contact.id, with: TwoUserStore.details("A2"), in: alice)
        tokens.append(try token())
        try store.deleteContact(id: contact.id, in: alice)
        tokens.append(try token())
        _ = try store.restoreContact(id: contact.id, in: alice)
        tokens.append(try token())
        #expect(tokens.map(\.change) == [0, 1, 2, 3, 4])
        #expect(Set(tokens.map(\.salt)).count == 1)
    }

    // MARK: Nothing moves with another book's writes

    /// The numbers alice's clients see (her token's, the CTag's, each card's ETag's) through the
    /// same writes of hers, with or without bob writing in between.
    private static func alicesNumbers(bobWritesInBetween: Bool) throws -> [String] {
        let fixture = try TwoUserStore()
        let (store, alice, bob) = (fixture.store, fixture.aliceBook, fixture.bobBook)
        var seen: [String] = []
        func look() throws {
            let book = try #require(try store.addressBook(named: ContactStore.defaultAddressBookName, for: fixture.alice))
            // In display order, by name; the names of the cards made with fresh UIDs differ from run to run.
            let listed = try store.cardList(in: alice).map { $0.etag.replacingOccurrences(of: book.syncToken.salt, with: "salt") }
            seen.append("token \(book.syncToken.change): " + listed.joined(separator: ", "))
        }
        /// What bob does; alice sees none of it.
        func bobWrites() throws {
            guard bobWritesInBetween else { return }
            try look()
            let before = seen.removeLast()
            let contact = try store.addContact(TwoUserStore.details("Bob's"), to: bob)
            try fixture.put("bob.vcf", uid: "bob", name: "Bob", in: bob)
            _ = try store.updateContact(id: contact.id, with: TwoUserStore.details("Bob's 2"), in: bob)
            try store.deleteContact(id: contact.id, in: bob)
            try store.deleteCard(href: "bob.vcf", in: bob, ifMatch: nil)
            try look()
            #expect(seen.removeLast() == before)
        }
        try look()
        try bobWrites()
        let a = try store.addContact(TwoUserStore.details("A"), to: alice)
        try look()
        try bobWrites()
        try fixture.put("b.vcf", uid: "b", name: "B", in: alice)
        try look()
        try bobWrites()
        _ = try store.updateContact(id: a.id, with: TwoUserStore.details("A2"), in: alice)
        try bobWrites()
        try look()
        try store.deleteCard(href: "b.vcf", in: alice, ifMatch: nil)
        try bobWrites()
        try fixture.put("c.vcf", uid: "c", name: "C", in: alice)
        try look()
        try bobWrites()
        let synced = try #require(try store.changes(in: alice, since: nil, limit: nil))
        seen.append("sync \(synced.token.change): " + synced.written.map(\.etag).sorted().joined(separator: ", ")
            .replacingOccurrences(of: synced.token.salt, with: "salt"))
        return seen
    }

    @Test func bobsWritesNeverShowInAlicesTokensOrETags() throws {
        let alone = try Self.alicesNumbers(bobWritesInBetween: false)
        #expect(alone.last == "sync 5: \"salt-3\", \"salt-5\"")
        #expect(try Self.alicesNumbers(bobWritesInBetween: true) == alone)
    }

    @Test func theSameWritesInTwoBooksGiveEachItsOwnSequence() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice).scope
        var numbers: [AddressBookScope: [Int64]] = [:]
        for round in 1...3 {
            for scope in [alice, fixture.bobBook, work] {
                let card = try fixture.put("x.vcf", uid: "x", name: "X \(round)", in: scope)
                let book = try #require(try store.addressBooks(for: scope == fixture.bobBook ? fixture.bob : fixture.alice)
                    .first { $0.scope == scope })
                #expect(card.etag == "\"\(book.syncToken.salt)-\(round)\"")
                numbers[scope, default: []].append(book.syncToken.change)
            }
        }
        #expect(numbers == [alice: [1, 2, 3], fixture.bobBook: [1, 2, 3], work: [1, 2, 3]])
    }

    @Test func aTokenOfAnotherBookIsRefusedEvenAtTheSameNumber() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice).scope
        for scope in [alice, fixture.bobBook, work] {
            for name in ["a", "b"] { try fixture.put("\(name).vcf", uid: name, name: name, in: scope) }
        }
        let tokens = try [store.addressBooks(for: fixture.alice), store.addressBooks(for: fixture.bob)].joined()
            .map { ($0.scope, $0.syncToken) }
        #expect(tokens.count == 3 && tokens.allSatisfy { $0.1.change == 2 })
        #expect(Set(tokens.map(\.1.salt)).count == 3)
        for (scope, _) in tokens {
            for (other, token) in tokens {
                let answer = try store.changes(in: scope, since: token, limit: nil)
                #expect((answer != nil) == (scope == other))
            }
        }
    }

    @Test func tokensOfEarlierReleasesAreNotTokens() throws {
        try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        // Earlier releases handed out the change log's global sequence number.
        for text in ["0", "1", "42", "/1", "\(try token().salt)", "\(try token().salt)/", "\(try token().salt)/-1",
                     "\(try token().salt)/+1", "\(try token().salt.uppercased())/1", "\(try token().salt)/1/1"] {
            #expect(SyncToken(text) == nil, "\(text)")
        }
        #expect(SyncToken(try token().description) == (try token()))
    }
}
