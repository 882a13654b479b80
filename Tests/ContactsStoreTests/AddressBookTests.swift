import ContactsCore
import Foundation
import SQLEngine
import SQLite
import Testing
@testable import ContactsStore

/// Address books as CardDAV collections: listing, making, naming, dead properties, deleting.
@Suite struct AddressBookTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }

    init() throws {
        fixture = try TwoUserStore()
    }

    @Test func everyUserHasTheDefaultBook() throws {
        let books = try store.addressBooks(for: fixture.alice)
        let token = try #require(books.first).syncToken
        #expect(books == [AddressBook(scope: fixture.aliceBook, name: "contacts", displayName: "Contacts", syncToken: token)])
        #expect(token.change == 0 && SyncToken.isSalt(token.salt))
        #expect(try store.addressBook(named: "contacts", for: fixture.alice) == books.first)
        #expect(try store.addressBook(named: "Contacts", for: fixture.alice) == nil)
        #expect(try store.addressBook(named: "work", for: fixture.alice) == nil)
    }

    @Test func createdBooksAreListedAfterTheDefaultOne() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        let older = try store.createAddressBook(named: "a.old_1-2", displayName: "Old", for: fixture.alice)
        #expect(try store.addressBooks(for: fixture.alice).map(\.name) == ["contacts", "work", "a.old_1-2"])
        #expect(try store.addressBook(named: "work", for: fixture.alice) == work)
        #expect(work.syncToken.change == 0)
        #expect(Set([work.syncToken.salt, older.syncToken.salt, try store.addressBooks(for: fixture.alice)[0].syncToken.salt]).count == 3,
                "every book has its own salt")
        #expect(work.scope != older.scope)
        _ = try store.addContact(TwoUserStore.details("At work"), to: work.scope)
        let token = try #require(try store.addressBook(named: "work", for: fixture.alice)).syncToken
        #expect(token == SyncToken(salt: work.syncToken.salt, change: 1))
        #expect(try store.contacts(in: fixture.aliceBook).isEmpty)
        #expect(try store.addressBook(named: "contacts", for: fixture.alice)?.syncToken.change == 0)
    }

    @Test(arguments: ["", ".", "..", "a/b", "tab\t", "bell\u{07}", "del\u{7F}", "line\nbreak", " lead", "trail ", "zero\u{200B}width",
                      "bidi\u{202E}name", "bom\u{FEFF}", "para\u{2029}graph", "non\u{FFFF}char", String(repeating: "x", count: 256),
                      String(repeating: "家", count: 86)])
    func badNamesAreRefused(name: String) throws {
        #expect(throws: StoreError.invalidAddressBookName(name)) {
            try store.createAddressBook(named: name, displayName: "X", for: fixture.alice)
        }
        #expect(try store.addressBooks(for: fixture.alice).count == 1)
    }

    /// Names as clients give them: spaces, `@`, any script, up to 255 bytes of UTF-8, kept in
    /// NFC and found by either normalization form.
    @Test func namesAsClientsGiveThemAreOneBookInNFC() throws {
        for name in ["My Contacts", "家人", "me@work", "100% (old) & new", String(repeating: "x", count: 255), String(repeating: "家", count: 85)] {
            let book = try store.createAddressBook(named: name, displayName: name, for: fixture.alice)
            #expect(book.name == name)
            #expect(try store.addressBook(named: name, for: fixture.alice) == book)
        }
        let decomposed = "Fami\u{301}lia", composed = "Fam\u{ED}lia"
        let book = try store.createAddressBook(named: decomposed, displayName: "Família", for: fixture.alice)
        #expect(Array(book.name.utf8) == Array(composed.utf8))
        #expect(try store.addressBook(named: decomposed, for: fixture.alice) == book)
        #expect(try store.addressBook(named: composed, for: fixture.alice) == book)
        #expect(throws: StoreError.addressBookNameTaken(composed)) {
            try store.createAddressBook(named: composed, displayName: "Again", for: fixture.alice)
        }
    }

    @Test func namesAreUniquePerUser() throws {
        _ = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        #expect(throws: StoreError.addressBookNameTaken("work")) {
            try store.createAddressBook(named: "work", displayName: "Again", for: fixture.alice)
        }
        #expect(throws: StoreError.addressBookNameTaken("contacts")) {
            try store.createAddressBook(named: "contacts", displayName: "Again", for: fixture.alice)
        }
        _ = try store.createAddressBook(named: "work", displayName: "Bob's work", for: fixture.bob)
        #expect(try store.addressBook(named: "work", for: fixture.alice)?.displayName == "Work")
        #expect(try store.addressBook(named: "work", for: fixture.bob)?.displayName == "Bob's work")
    }

    @Test func displayNamesAndDeadPropertiesArePerBook() throws {
        try store.setDisplayName("Alice's people", of: fixture.aliceBook)
        #expect(try store.addressBook(named: "contacts", for: fixture.alice)?.displayName == "Alice's people")
        #expect(try store.addressBook(named: "contacts", for: fixture.bob)?.displayName == "Contacts")
        let apple = "http://apple.com/ns/ical/"
        try store.setDeadProperty(namespace: apple, name: "calendar-color", value: "#FF0000", of: fixture.aliceBook)
        try store.setDeadProperty(namespace: "urn:x", name: "a", value: "<b>1</b>", of: fixture.aliceBook)
        try store.setDeadProperty(namespace: apple, name: "calendar-color", value: "#00FF00", of: fixture.aliceBook)
        #expect(try store.deadProperties(of: fixture.aliceBook).map { "\($0.namespace) \($0.name) \($0.value)" }
                == ["\(apple) calendar-color #00FF00", "urn:x a <b>1</b>"])
        #expect(try store.deadProperties(of: fixture.bobBook).isEmpty)
        try store.setDeadProperty(namespace: apple, name: "calendar-color", value: nil, of: fixture.aliceBook)
        try store.setDeadProperty(namespace: apple, name: "never-set", value: nil, of: fixture.aliceBook)
        #expect(try store.deadProperties(of: fixture.aliceBook).map(\.name) == ["a"])
    }

    @Test func emptyingTheTrashDeletesABooksContactsAndNeverHandsItsIDOutAgain() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        let contact = try store.addContact(TwoUserStore.details("Colleague"), to: work.scope)
        _ = try store.search("coll", in: work.scope)
        try store.setDeadProperty(namespace: "urn:x", name: "a", value: "1", of: work.scope)
        _ = try store.addContact(TwoUserStore.details("Colleague's friend"), to: fixture.aliceBook)
        try store.deleteAddressBook(work.scope)
        #expect(try store.emptyAddressBookTrash(for: fixture.alice) == 1)
        #expect(try store.addressBook(named: "work", for: fixture.alice) == nil)
        #expect(try store.trashedAddressBooks(for: fixture.alice).isEmpty)
        #expect(throws: StoreError.addressBookNotFound) { try store.deleteAddressBook(work.scope) }
        #expect(throws: StoreError.addressBookNotFound) { try store.restoreAddressBook(named: "work", for: fixture.alice) }
        #expect(throws: StoreError.addressBookNotFound) { try store.setDisplayName("X", of: work.scope) }
        #expect(throws: StoreError.addressBookNotFound) {
            try store.setDeadProperty(namespace: "urn:x", name: "a", value: "2", of: work.scope)
        }
        let database = try fixture.directory.connection()
        for table in ["contacts", "changes", "dav_properties"] {
            #expect(try database.statement("SELECT count(*) FROM \(table) WHERE book_id = ?").firstRow([work.scope.bookID]) { $0.int(0) } == 0)
        }
        #expect(try database.statement("SELECT count(*) FROM photos WHERE contact_id = ?").firstRow([contact.id]) { $0.int(0) } == 0)
        #expect(try store.search("coll", in: fixture.aliceBook).map(\.details.name) == ["Colleague's friend"])
        // Bob's next book does not become reachable through Alice's old scope.
        let bobs = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.bob)
        _ = try store.addContact(TwoUserStore.details("Bob's colleague"), to: bobs.scope)
        #expect(bobs.scope.bookID != work.scope.bookID)
        #expect(try store.contacts(in: work.scope).isEmpty)
        #expect(try store.search("coll", in: work.scope).isEmpty)
    }

    @Test func theDefaultBookCannotBeDeleted() throws {
        _ = try store.addContact(TwoUserStore.details("Stays"), to: fixture.aliceBook)
        #expect(throws: StoreError.cannotDeleteDefaultAddressBook) { try store.deleteAddressBook(fixture.aliceBook) }
        #expect(try store.count(in: fixture.aliceBook) == 1)
    }

    @Test func aScopeOnlyActsOnItsOwnersBook() throws {
        let forged = AddressBookScope(userID: fixture.alice.id, bookID: fixture.bobBook.bookID)
        #expect(throws: StoreError.addressBookNotFound) { try store.setDisplayName("Mine now", of: forged) }
        #expect(throws: StoreError.addressBookNotFound) { try store.setDeadProperty(namespace: "n", name: "p", value: "v", of: forged) }
        #expect(throws: StoreError.addressBookNotFound) { try store.deleteAddressBook(forged) }
        #expect(try store.addressBook(named: "contacts", for: fixture.bob)?.displayName == "Contacts")
    }
}

/// A book made from its display name alone, and display names unique among an account's live books.
extension AddressBookTests {
    @Test func theSegmentIsMadeFromTheDisplayNameAndNumberedPastEveryBookOfTheAccount() throws {
        #expect(try store.createAddressBook(displayName: "家人", for: fixture.alice).name == "jiaren")
        #expect(try store.createAddressBook(displayName: "Work", for: fixture.alice).name == "work")
        #expect(try store.createAddressBook(displayName: "😀", for: fixture.alice).name == "book")
        #expect(try store.createAddressBook(displayName: "Work!", for: fixture.alice).name == "work-2")
        let trashed = try #require(try store.addressBook(named: "work-2", for: fixture.alice))
        try store.deleteAddressBook(trashed.scope)
        #expect(try store.createAddressBook(displayName: "work?", for: fixture.alice).name == "work-3", "not the trashed book's")
        #expect(try store.trashedAddressBooks(for: fixture.alice).map(\.book.name) == ["work-2"])
        #expect(try store.createAddressBook(displayName: "Contacts 2", for: fixture.alice).name == "contacts-2")
        #expect(try store.createAddressBook(displayName: "Work", for: fixture.bob).name == "work", "another account's names are its own")
    }

    @Test func twoLiveBooksOfAnAccountNeverShareADisplayName() throws {
        let work = try store.createAddressBook(displayName: "Work", for: fixture.alice)
        for taken in ["work", " WORK ", "Work"] {
            #expect(throws: StoreError.addressBookDisplayNameTaken(taken.trimmingCharacters(in: .whitespaces))) {
                try store.createAddressBook(displayName: taken, for: fixture.alice)
            }
        }
        #expect(throws: StoreError.addressBookDisplayNameTaken("contacts")) {
            try store.createAddressBook(named: "other", displayName: "contacts", for: fixture.alice)
        }
        #expect(throws: StoreError.addressBookDisplayNameTaken("CONTACTS")) { try store.setDisplayName("CONTACTS", of: work.scope) }
        try store.setDisplayName("WORK", of: work.scope)
        #expect(try store.addressBook(named: "work", for: fixture.alice)?.displayName == "WORK", "a book may change its own name's case")
        #expect(try store.addressBooks(for: fixture.alice).map(\.displayName) == ["Contacts", "WORK"])
        _ = try store.createAddressBook(displayName: "Work", for: fixture.bob)
    }

    @Test func aTrashedBooksNameIsFreeAndItsRestoreWaitsTillItIsFreeAgain() throws {
        let work = try store.createAddressBook(displayName: "Work", for: fixture.alice)
        try store.deleteAddressBook(work.scope)
        let newWork = try store.createAddressBook(displayName: "work", for: fixture.alice)
        #expect(throws: StoreError.addressBookDisplayNameTaken("Work")) { try store.restoreAddressBook(named: "work", for: fixture.alice) }
        #expect(try store.trashedAddressBooks(for: fixture.alice).map(\.book.name) == ["work"], "still in the trash")
        try store.setDisplayName("New work", of: newWork.scope)
        #expect(try store.restoreAddressBook(named: "work", for: fixture.alice).displayName == "Work")
    }

    @Test func theDefaultBookIsNamedAsTheAccountIsMade() throws {
        let user = try store.createUser(username: "li", password: "password1", defaultBookName: "通讯录")
        #expect(try store.addressBooks(for: user).map(\.displayName) == ["通讯录"])
        #expect(try store.addressBooks(for: fixture.alice).map(\.displayName) == [ContactStore.defaultAddressBookDisplayName])
    }
}
