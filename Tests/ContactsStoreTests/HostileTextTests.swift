import ContactsCore
import Foundation
import Testing
@testable import ContactsStore

/// Text no engine should be handed raw: a NUL (which PostgreSQL cannot store in text at all) or
/// another control character, in everything the store takes from outside. Each is cleaned or
/// refused with the reason, the same on both engines — never a failure of the database.
@Suite struct HostileTextTests {
    let two: TwoUserStore
    init() throws { two = try TwoUserStore() }

    @Test func contactTextIsStoredWithoutItsControlCharacters() throws {
        let details = ContactDetails(name: "Ab\u{0}c\u{1}", phones: [PhoneNumber("138\u{0}0013")], emails: ["a\u{0}@example.com"],
                                     addresses: [PostalAddress(street: "Line\u{0}\nTwo")], note: "x\u{0}y\u{7F}z")
        let contact = try two.store.addContact(details, to: two.aliceBook)
        let stored = try two.store.contact(id: contact.id, in: two.aliceBook).details
        #expect(stored.name == "Abc" && stored.phones.map { $0.number } == ["1380013"])
        #expect(stored.emails == ["a@example.com"] && stored.addresses == [PostalAddress(street: "Line\nTwo")] && stored.note == "xyz")
        #expect(try two.store.search("a\u{0}b", in: two.aliceBook).isEmpty)
    }

    @Test func namesWithANulAreRefusedOrNotFoundNeverADatabaseFailure() throws {
        for name in ["eve\u{0}", "\u{0}", "al\u{0}ice"] {
            #expect(throws: StoreError.invalidUsername(name)) { try two.store.createUser(username: name, password: "password1") }
            #expect(throws: StoreError.userNotFound(name)) { try two.store.user(named: name) }
            #expect(throws: StoreError.self) { try two.store.addAppPassword(username: "alice", device: name) }
            #expect(try two.store.authenticate(username: name, password: "password1") == nil)
            #expect(try two.store.addressBook(named: name, for: two.alice) == nil)
            #expect(throws: StoreError.invalidAddressBookName(name)) {
                try two.store.createAddressBook(named: name, displayName: "Work", for: two.alice)
            }
        }
        #expect(try two.store.importSummary("id\u{0}", for: two.alice) == nil)
        #expect(try two.store.importSummary(String(repeating: "x", count: 1 << 20), for: two.alice) == nil)
    }

    @Test func cardNamesWithControlCharactersAreNotFoundNeverADatabaseFailure() throws {
        let store = two.store
        try two.put("anna.vcf", uid: "anna", name: "Anna", in: two.aliceBook)
        for href in ["a\u{0}b.vcf", "\u{0}", "anna.vcf\u{0}", "a\u{1}.vcf", String(repeating: "x", count: 1 << 16)] {
            #expect(try store.card(href: href, in: two.aliceBook) == nil)
            #expect(try store.cards(hrefs: [href, "anna.vcf"], in: two.aliceBook).map(\.href) == ["anna.vcf"])
            #expect(try store.cardVersions(hrefs: [href, "anna.vcf"], in: two.aliceBook).map(\.href) == ["anna.vcf"])
            let lookup = try #require(try store.lookUpCard(href: href, inBookNamed: "contacts", of: two.alice))
            #expect(lookup.book != nil && lookup.card == nil)
            #expect(throws: StoreError.cardNotFound(href: href)) { try store.deleteCard(href: href, in: two.aliceBook, ifMatch: nil) }
            #expect(throws: StoreError.invalidHref(href)) {
                try store.putCard(href: href, uid: "other", details: TwoUserStore.details("Other"), in: two.aliceBook, precondition: .none)
            }
        }
        #expect(try store.cardList(in: two.aliceBook).map(\.href) == ["anna.vcf"])
    }
}
