import ContactsCore
import Foundation
import Testing
@testable import ContactsStore

/// Moving and copying contacts between two books of one account, and searching all of them.
@Suite struct MoveTests {
    let fixture: TwoUserStore
    let work: AddressBook
    var store: ContactStore { fixture.store }
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

    init() throws {
        fixture = try TwoUserStore()
        work = try fixture.store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
    }

    @Test func aMovedCardKeepsItsUIDTextAndPhotoAndSyncsAsDeleteAndCreate() throws {
        let sent = SentCard(text: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:card-1\r\nFN:Colleague\r\nX-CUSTOM:kept\r\nEND:VCARD\r\n", version: .v3_0)
        let card = try store.putCard(href: "c1.vcf", uid: "card-1",
                                     details: ContactDetails(name: "Colleague", photo: try Photo(data: png)),
                                     in: fixture.aliceBook, precondition: .none, sent: sent).card
        let sourceToken = try #require(try store.addressBook(named: "contacts", for: fixture.alice)).syncToken
        let targetToken = try #require(try store.addressBook(named: "work", for: fixture.alice)).syncToken
        let ids = try store.moveContacts(ids: [card.contact.id], from: fixture.aliceBook, to: work.scope)
        #expect(try store.contacts(in: fixture.aliceBook).isEmpty)
        #expect(try store.count(in: fixture.aliceBook) == 0)
        let moved = try store.contact(id: ids[0], in: work.scope)
        #expect(moved.uid == "card-1" && moved.details.name == "Colleague" && moved.details.photo?.data == png)
        #expect(try store.count(in: work.scope) == 1)
        let stored = try #require(try store.cardList(in: work.scope).first)
        #expect(try store.card(href: stored.href, in: work.scope)?.sent == sent)
        let source = try #require(try store.changes(in: fixture.aliceBook, since: sourceToken, limit: nil))
        #expect(source.removed == ["c1.vcf"] && source.written.isEmpty)
        let target = try #require(try store.changes(in: work.scope, since: targetToken, limit: nil))
        #expect(target.written.map(\.href) == [stored.href] && target.removed.isEmpty)
        #expect(try store.search("coll", in: fixture.aliceBook).isEmpty)
        #expect(try store.search("coll", in: work.scope).map(\.id) == ids)
        #expect(try store.trash(in: fixture.aliceBook).isEmpty, "a moved contact is not in the source's trash")
    }

    @Test func aMoveIsRefusedWhenTheTargetHasTheUIDAndMovesNothing() throws {
        let first = try fixture.put("a.vcf", uid: "a", name: "A", in: fixture.aliceBook)
        let second = try fixture.put("b.vcf", uid: "b", name: "B", in: fixture.aliceBook)
        try fixture.put("other.vcf", uid: "b", name: "B elsewhere", in: work.scope)
        #expect(throws: StoreError.alreadyInAddressBook(uid: "b")) {
            try store.moveContacts(ids: [first.contact.id, second.contact.id], from: fixture.aliceBook, to: work.scope)
        }
        #expect(try store.count(in: fixture.aliceBook) == 2)
        #expect(try store.count(in: work.scope) == 1)
        #expect(try store.contacts(in: work.scope).map(\.uid) == ["b"])
    }

    @Test func aContactInTheTargetsTrashMakesWay() throws {
        let trashed = try fixture.put("old.vcf", uid: "same", name: "Old", in: work.scope)
        try store.deleteContact(id: trashed.contact.id, in: work.scope)
        let live = try fixture.put("new.vcf", uid: "same", name: "New", in: fixture.aliceBook)
        _ = try store.moveContacts(ids: [live.contact.id], from: fixture.aliceBook, to: work.scope)
        #expect(try store.contacts(in: work.scope).map(\.details.name) == ["New"])
        #expect(try store.trash(in: work.scope).isEmpty)
    }

    @Test func aCopyHasANewUIDAndLeavesTheOriginal() throws {
        let original = try store.addContact(ContactDetails(name: "Friend", phones: [PhoneNumber("138 0013 8000")],
                                                           photo: try Photo(data: png)), to: fixture.aliceBook)
        let ids = try store.copyContacts(ids: [original.id, original.id], from: fixture.aliceBook, to: work.scope)
        #expect(ids.count == 1)
        let copy = try store.contact(id: ids[0], in: work.scope)
        #expect(copy.uid != original.uid && copy.details.name == "Friend" && copy.details.photo?.data == png)
        #expect(try store.contact(id: original.id, in: fixture.aliceBook).details.name == "Friend")
        _ = try store.copyContacts(ids: [original.id], from: fixture.aliceBook, to: work.scope)
        #expect(try store.count(in: work.scope) == 2, "copies may be copied again: each has its own UID")
    }

    @Test func movesStayInsideOneAccountAndBetweenLiveBooks() throws {
        let contact = try store.addContact(TwoUserStore.details("Mine"), to: fixture.aliceBook)
        #expect(throws: StoreError.addressBookNotFound) {
            try store.moveContacts(ids: [contact.id], from: fixture.aliceBook, to: fixture.bobBook)
        }
        let forged = AddressBookScope(userID: fixture.alice.id, bookID: fixture.bobBook.bookID)
        #expect(throws: StoreError.addressBookNotFound) { try store.copyContacts(ids: [contact.id], from: fixture.aliceBook, to: forged) }
        let bobs = try store.addContact(TwoUserStore.details("Bob's"), to: fixture.bobBook)
        #expect(throws: StoreError.contactNotFound(bobs.id)) { try store.moveContacts(ids: [bobs.id], from: fixture.aliceBook, to: work.scope) }
        #expect(throws: StoreError.sameAddressBook) { try store.moveContacts(ids: [contact.id], from: fixture.aliceBook, to: fixture.aliceBook) }
        try store.deleteAddressBook(work.scope)
        #expect(throws: StoreError.addressBookNotFound) { try store.moveContacts(ids: [contact.id], from: fixture.aliceBook, to: work.scope) }
        try store.deleteContact(id: contact.id, in: fixture.aliceBook)
        let other = try store.createAddressBook(named: "other", displayName: "Other", for: fixture.alice)
        #expect(throws: StoreError.contactNotFound(contact.id)) {
            try store.copyContacts(ids: [contact.id], from: fixture.aliceBook, to: other.scope)
        }
        #expect(try store.count(in: fixture.bobBook) == 1)
        #expect(try store.count(in: other.scope) == 0)
    }

    @Test func aSelectionIsDeletedAndRestoredWholeOrNotAtAll() throws {
        let ids = try ["A", "B", "C"].map { try store.addContact(TwoUserStore.details($0), to: fixture.aliceBook).id }
        let bobs = try store.addContact(TwoUserStore.details("Bob's"), to: fixture.bobBook)
        #expect(throws: StoreError.contactNotFound(bobs.id)) { try store.deleteContacts(ids: [ids[0], bobs.id], in: fixture.aliceBook) }
        #expect(try store.count(in: fixture.aliceBook) == 3)
        try store.deleteContacts(ids: [ids[0], ids[2], ids[0]], in: fixture.aliceBook)
        #expect(try store.contacts(in: fixture.aliceBook).map(\.details.name) == ["B"])
        #expect(throws: StoreError.notInTrash(ids[1])) { try store.restoreContacts(ids: [ids[0], ids[1]], in: fixture.aliceBook) }
        #expect(try store.count(in: fixture.aliceBook) == 1)
        try store.restoreContacts(ids: [ids[0], ids[2]], in: fixture.aliceBook)
        #expect(try store.count(in: fixture.aliceBook) == 3 && store.count(in: fixture.bobBook) == 1)
    }

    @Test func aSearchOfAllBooksSaysWhichBookEachMatchIsIn() throws {
        _ = try store.addContact(TwoUserStore.details("Wang Fang"), to: fixture.aliceBook)
        _ = try store.addContact(TwoUserStore.details("Wang Wei"), to: work.scope)
        _ = try store.addContact(TwoUserStore.details("Wang Lei"), to: work.scope)
        _ = try store.addContact(TwoUserStore.details("Wang Bob"), to: fixture.bobBook)
        let results = try store.searchAllBooks("wang", for: fixture.alice, limit: 1)
        #expect(results.map(\.book.name) == ["contacts", "work"])
        #expect(results.map(\.total) == [1, 2] && results.map(\.contacts.count) == [1, 1])
        #expect(results[1].contacts.map(\.details.name) == ["Wang Lei"])
        #expect(try store.searchAllBooks("nobody", for: fixture.alice, limit: 5).isEmpty)
        #expect(try store.searchAllBooks("  ", for: fixture.alice, limit: 5).isEmpty)
    }
}
