import Accounts
import ContactsCore
import Foundation
import SQLEngine
import SQLite
import Testing
import TestSupport
@testable import ContactsStore

/// What each write of the store holds against other writers (`WriteLocks`): the address books it
/// writes, of their owner; the whole account for what concerns the account; the whole database
/// only to replace everything. On PostgreSQL this is what lets one account's import and another's
/// PUTs run side by side (ConnectionPoolTests checks which locks wait for which on a server).
@Suite struct WriteLockTests {
    let log = StatementLog()
    let logged: LoggedStore
    var store: ContactStore { logged.store }
    let alice: User
    let bob: User
    let aliceBook: AddressBookScope

    init() throws {
        logged = try LoggedStore(log: log)
        let store = logged.store
        alice = try store.createUser(username: "alice", password: "password1")
        bob = try store.createUser(username: "bob", password: "password1")
        aliceBook = try store.defaultAddressBook(for: alice)
    }

    /// The locks of the write transactions `body` ran.
    private func locks(of body: () throws -> Void) throws -> [WriteLocks] {
        try log.transactions(during: body).compactMap(\.locks)
    }

    @Test func contactWritesHoldTheirBookOnly() throws {
        let held = WriteLocks.books([aliceBook.bookID], of: alice.id)
        var anna = ContactDetails(name: "Anna")
        anna.changeCategories(adding: ["Family"], removing: [])
        var id: Int64 = 0
        let writes: [(String, () throws -> Void)] = [
            ("add", { id = try store.addContact(anna, to: aliceBook).id }),
            ("update", { _ = try store.updateContact(id: id, with: ContactDetails(name: "Anna B."), in: aliceBook) }),
            ("put", { _ = try store.putCard(href: "b.vcf", uid: "b", details: ContactDetails(name: "Bo"), in: aliceBook, precondition: .none) }),
            ("group", { _ = try store.createGroup(named: "Work", in: aliceBook) }),
            ("delete", { try store.deleteContact(id: id, in: aliceBook) }),
            ("import", {
                _ = try store.importCards([ImportedCard(uid: "c", details: ContactDetails(name: "Cy"))], into: aliceBook, onConflict: .skip)
            }),
        ]
        for (name, write) in writes {
            let taken = try locks(of: write)
            #expect(!taken.isEmpty && taken.allSatisfy { $0 == held }, "\(name): \(taken)")
        }
    }

    @Test func aMoveHoldsBothBooksAndAShareeWritesUnderTheOwner() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: alice).scope
        let id = try store.addContact(ContactDetails(name: "Anna"), to: aliceBook).id
        #expect(try locks { _ = try store.moveContacts(ids: [id], from: aliceBook, to: work) }
                == [.books([aliceBook.bookID, work.bookID], of: alice.id)])

        try store.share(work, with: "bob", access: .readWrite)
        let shared = try #require(try store.addressBook(named: "~alice~work", for: bob)).scope
        #expect(try locks { _ = try store.addContact(ContactDetails(name: "Bo"), to: shared) } == [.books([work.bookID], of: alice.id)])
    }

    @Test func accountWritesHoldTheAccount() throws {
        let held = WriteLocks.account(alice.id)
        let writes: [(String, () throws -> Void)] = [
            ("new book", { _ = try store.createAddressBook(named: "work", displayName: "Work", for: alice) }),
            // The account's books' names, which no two share, are the account's.
            ("display name", { try store.setDisplayName("Mine", of: aliceBook) }),
            ("app password", { _ = try store.addAppPassword(username: "alice", device: "Phone") }),
            ("revoke", { try store.revokeAppPassword(username: "alice", device: "Phone") }),
            ("password", { try store.changePassword(username: "Alice", to: "password2") }),
            ("birthday feed", { _ = try store.renewBirthdayFeedToken(for: alice) }),
            ("delete", { try store.deleteUser(username: "alice") }),
        ]
        for (name, write) in writes {
            #expect(try locks(of: write) == [held], "\(name)")
        }
        #expect(throws: StoreError.userNotFound("alice")) { try store.changePassword(username: "alice", to: "password3") }
    }

    @Test func sessionsAndNewAccountsHoldOnlyTheirRows() throws {
        #expect(try locks { _ = try store.issueToken(.session, for: bob, lifetime: 60) } == [.rows])
        #expect(try locks { _ = try store.createUser(username: "carol", password: "password1") } == [.rows])
        #expect(throws: StoreError.usernameTaken("Carol")) { try store.createUser(username: "Carol", password: "password1") }
    }
}
