import ContactsCore
import Foundation
import Testing
@testable import ContactsStore

/// A deleted address book waits in the trash with its contacts: invisible, restorable for 30
/// days, then gone for good.
@Suite struct BookTrashTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }

    init() throws {
        fixture = try TwoUserStore()
    }

    @Test func aDeletedBookIsInvisibleAndTakesNoWrites() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        let contact = try store.addContact(TwoUserStore.details("Colleague"), to: work.scope)
        try store.deleteAddressBook(work.scope)
        #expect(try store.addressBooks(for: fixture.alice).map(\.name) == ["contacts"])
        #expect(try store.addressBook(named: "work", for: fixture.alice) == nil)
        #expect(try store.lookUpCard(href: contact.uid + ".vcf", inBookNamed: "work", of: fixture.alice)?.book == nil)
        #expect(try store.searchAllBooks("coll", for: fixture.alice, limit: 10).isEmpty)
        #expect(throws: StoreError.addressBookNotFound) { try store.addContact(TwoUserStore.details("Late"), to: work.scope) }
        #expect(throws: StoreError.addressBookNotFound) { try store.deleteContact(id: contact.id, in: work.scope) }
        #expect(throws: StoreError.addressBookNotFound) { try store.setDisplayName("X", of: work.scope) }
        #expect(throws: StoreError.addressBookNotFound) { try store.deleteAddressBook(work.scope) }
        let trashed = try store.trashedAddressBooks(for: fixture.alice)
        #expect(trashed.map(\.book.name) == ["work"] && trashed.map(\.deletedAt) == [fixture.clock.now])
        #expect(try store.trashedAddressBooks(for: fixture.bob).isEmpty)
    }

    @Test func aRestoredBookHasItsContactsAndTokenBack() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        _ = try store.addContact(TwoUserStore.details("Colleague"), to: work.scope)
        let before = try #require(try store.addressBook(named: "work", for: fixture.alice))
        try store.deleteAddressBook(work.scope)
        #expect(throws: StoreError.addressBookNotFound) { try store.restoreAddressBook(named: "work", for: fixture.bob) }
        #expect(throws: StoreError.addressBookNotFound) { try store.restoreAddressBook(named: "contacts", for: fixture.alice) }
        fixture.clock.advance(days: 29)
        let restored = try store.restoreAddressBook(named: "work", for: fixture.alice)
        #expect(restored == before)
        #expect(try store.contacts(in: restored.scope).map(\.details.name) == ["Colleague"])
        #expect(try store.addressBooks(for: fixture.alice).map(\.name) == ["contacts", "work"])
        #expect(try store.trashedAddressBooks(for: fixture.alice).isEmpty)
        _ = try store.addContact(TwoUserStore.details("New colleague"), to: restored.scope)
    }

    @Test func aBookLeavesTheTrashForGoodAfter30Days() throws {
        let old = try store.createAddressBook(named: "old", displayName: "Old", for: fixture.alice)
        let contact = try store.addContact(TwoUserStore.details("Gone"), to: old.scope)
        try store.deleteAddressBook(old.scope)
        fixture.clock.advance(days: 31)
        #expect(try store.trashedAddressBooks(for: fixture.alice).isEmpty)
        #expect(throws: StoreError.addressBookNotFound) { try store.restoreAddressBook(named: "old", for: fixture.alice) }
        let other = try store.createAddressBook(named: "other", displayName: "Other", for: fixture.alice)
        try store.deleteAddressBook(other.scope)
        let database = try fixture.directory.connection()
        #expect(try database.statement("SELECT count(*) FROM address_books WHERE id = ?").firstRow([old.scope.bookID]) { $0.int(0) } == 0,
                "the next deletion purges books past their time")
        #expect(try database.statement("SELECT count(*) FROM contacts WHERE id = ?").firstRow([contact.id]) { $0.int(0) } == 0)
        #expect(try store.trashedAddressBooks(for: fixture.alice).map(\.book.name) == ["other"])
    }

    /// A new book of a trashed one's name purges the trashed one: names stay unique, and
    /// CardDAV clients may DELETE and MKCOL the same collection.
    @Test func aNewBookOfATrashedOnesNamePurgesIt() throws {
        let first = try store.createAddressBook(named: "work", displayName: "First", for: fixture.alice)
        _ = try store.addContact(TwoUserStore.details("First colleague"), to: first.scope)
        try store.deleteAddressBook(first.scope)
        let second = try store.createAddressBook(named: "work", displayName: "Second", for: fixture.alice)
        #expect(second.scope != first.scope && second.syncToken.salt != first.syncToken.salt)
        #expect(try store.contacts(in: second.scope).isEmpty)
        #expect(try store.trashedAddressBooks(for: fixture.alice).isEmpty)
        #expect(try store.contacts(in: first.scope).isEmpty, "the first book's contacts are gone for good")
    }

    @Test func emptyingTheTrashTouchesOnlyTheUsersTrashedBooks() throws {
        let alices = try store.createAddressBook(named: "a", displayName: "A", for: fixture.alice)
        let kept = try store.createAddressBook(named: "kept", displayName: "Kept", for: fixture.alice)
        let bobs = try store.createAddressBook(named: "b", displayName: "B", for: fixture.bob)
        try store.deleteAddressBook(alices.scope)
        try store.deleteAddressBook(bobs.scope)
        #expect(try store.emptyAddressBookTrash(for: fixture.alice) == 1)
        #expect(try store.addressBooks(for: fixture.alice).map(\.name) == ["contacts", "kept"])
        #expect(try store.trashedAddressBooks(for: fixture.bob).map(\.book.name) == ["b"])
        #expect(try store.addressBook(named: "kept", for: fixture.alice) == kept)
    }

    @Test func aContactsBookIsFoundByItsIDWithinTheAccountAndItsLiveBooks() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        let colleague = try store.addContact(TwoUserStore.details("Colleague"), to: work.scope)
        let trashed = try store.addContact(TwoUserStore.details("Trashed"), to: work.scope)
        try store.deleteContact(id: trashed.id, in: work.scope)
        #expect(try store.addressBook(containingContact: colleague.id, for: fixture.alice)?.name == "work")
        #expect(try store.addressBook(containingContact: trashed.id, for: fixture.alice)?.name == "work", "Undo finds it")
        #expect(try store.addressBook(containingContact: colleague.id, for: fixture.bob) == nil)
        #expect(try store.addressBook(containingContact: 987_654, for: fixture.alice) == nil)
        try store.deleteAddressBook(work.scope)
        #expect(try store.addressBook(containingContact: colleague.id, for: fixture.alice) == nil)
    }
}
