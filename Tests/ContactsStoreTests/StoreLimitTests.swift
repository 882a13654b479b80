import ContactsCore
import Testing
@testable import ContactsStore

/// What one account may keep at most, refused with an error naming the limit and nothing written.
@Suite struct StoreLimitTests {
    let fixture = try! TwoUserStore()
    var store: ContactStore { fixture.store }

    @Test func anAccountHoldsAtMostSoManyBooksTheTrashIncluded() throws {
        let maximum = StoreError.StoreLimit.addressBooks.maximum
        for index in 1..<maximum - 1 {
            _ = try store.createAddressBook(named: "book-\(index)", displayName: "Book \(index)", for: fixture.alice)
        }
        let last = try store.createAddressBook(named: "last", displayName: "Last", for: fixture.alice)
        #expect(try store.addressBooks(for: fixture.alice).count == maximum)
        #expect(throws: StoreError.limitReached(.addressBooks)) {
            try store.createAddressBook(named: "one-more", displayName: "One More", for: fixture.alice)
        }
        try store.deleteAddressBook(last.scope)
        #expect(throws: StoreError.limitReached(.addressBooks), "a book in the trash still counts") {
            try store.createAddressBook(named: "one-more", displayName: "One More", for: fixture.alice)
        }
        _ = try store.emptyAddressBookTrash(for: fixture.alice)
        _ = try store.createAddressBook(named: "one-more", displayName: "One More", for: fixture.alice)
        _ = try store.createAddressBook(named: "bobs", displayName: "Bob's", for: fixture.bob)
        #expect(StoreError.limitReached(.addressBooks).description.contains("at most \(maximum) address books"))
    }

    @Test func aBookHoldsAtMostSoManyGroupsAndAnImportPastThemWritesNothing() throws {
        let maximum = StoreError.StoreLimit.groups.maximum
        let perCard = ContactDetails.Limits.groups
        let cards = (0..<maximum / perCard + 1).map { card in
            var details = TwoUserStore.details("Card \(card)")
            details.changeCategories(adding: (0..<perCard).map { "Group \(card)-\($0)" }, removing: [])
            return ImportedCard(uid: "card-\(card)", details: details)
        }
        #expect(throws: StoreError.limitReached(.groups)) {
            try store.importCards(cards, into: fixture.aliceBook, onConflict: .update)
        }
        #expect(try store.groups(in: fixture.aliceBook).isEmpty && store.count(in: fixture.aliceBook) == 0, "all or nothing")

        _ = try store.importCards(Array(cards.dropLast()), into: fixture.aliceBook, onConflict: .update)
        #expect(try store.groups(in: fixture.aliceBook).count == maximum)
        #expect(throws: StoreError.limitReached(.groups)) { try store.createGroup(named: "One More", in: fixture.aliceBook) }
        var joining = TwoUserStore.details("Joins A New Group")
        joining.changeCategories(adding: ["Brand New"], removing: [])
        #expect(throws: StoreError.limitReached(.groups)) { try store.addContact(joining, to: fixture.aliceBook) }
        joining.changeCategories(adding: ["Group 0-0"], removing: ["Brand New"])
        _ = try store.addContact(joining, to: fixture.aliceBook)
        _ = try store.createGroup(named: "Bob's Own", in: fixture.bobBook)
    }
}
