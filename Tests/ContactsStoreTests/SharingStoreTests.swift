import ContactsCore
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
@testable import ContactsStore

/// Address books shared with another account: what the sharee sees and may do, changing and
/// revoking a share, who last changed a contact, and accounts going away.
@Suite struct SharingStoreTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }

    init() throws {
        fixture = try TwoUserStore()
    }

    /// Alice's book "family", shared with bob as given; bob's view of it.
    private func sharedFamily(_ access: BookAccess) throws -> (owner: AddressBook, shared: AddressBook) {
        let family = try store.createAddressBook(named: "family", displayName: "Family", for: fixture.alice)
        try store.share(family.scope, with: "Bob", access: access)
        let shared = try #require(try store.addressBook(named: "~alice~family", for: fixture.bob))
        return (family, shared)
    }

    @Test func theShareeListsTheBookAfterItsOwnWithOwnerAndAccess() throws {
        let (family, shared) = try sharedFamily(.readOnly)
        let books = try store.addressBooks(for: fixture.bob)
        #expect(books.map(\.name) == ["contacts", "~alice~family"])
        #expect(books[1] == shared)
        #expect(shared.sharedBy == "alice" && shared.displayName == "Family" && shared.syncToken == family.syncToken)
        #expect(shared.scope.access == .readOnly && shared.scope.userID == fixture.alice.id && shared.scope.actorID == fixture.bob.id)
        #expect(books[0].sharedBy == nil && books[0].access == .owner && books[1].access == .readOnly)
        #expect(try store.addressBooks(for: fixture.alice).map(\.name) == ["contacts", "family"], "the owner's list is unchanged")
        #expect(try store.shares(of: family.scope) == [BookShare(account: "bob", access: .readOnly)])
    }

    @Test func aReadOnlyShareReadsAndRefusesEveryWrite() throws {
        let (family, shared) = try sharedFamily(.readOnly)
        let anna = try store.addContact(TwoUserStore.details("Anna"), to: family.scope)
        _ = try store.addContact(TwoUserStore.details("Anne"), to: family.scope)
        #expect(try store.contacts(in: shared.scope).map(\.details.name) == ["Anna", "Anne"])
        #expect(try store.contact(id: anna.id, in: shared.scope) == anna)
        let before = try #require(try store.addressBook(named: "family", for: fixture.alice)).syncToken
        let writes: [(String, () throws -> Void)] = [
            ("add", { _ = try store.addContact(TwoUserStore.details("Bo"), to: shared.scope) }),
            ("update", { _ = try store.updateContact(id: anna.id, with: TwoUserStore.details("Anna B."), in: shared.scope) }),
            ("delete", { try store.deleteContact(id: anna.id, in: shared.scope) }),
            ("put", { try fixture.put("new.vcf", uid: "new", name: "New", in: shared.scope) }),
            ("delete card", { try store.deleteCard(href: anna.uid + ".vcf", in: shared.scope, ifMatch: nil) }),
            ("import", { _ = try store.importCards([ImportedCard(uid: "i", details: .init(name: "Imported"))], into: shared.scope,
                                                  onConflict: .update) }),
            ("dismiss", { try store.dismissDuplicates([anna.id, anna.id + 1], in: shared.scope) }),
        ]
        for (name, write) in writes {
            #expect(throws: StoreError.addressBookReadOnly, "\(name)") { try write() }
        }
        #expect(try store.addressBook(named: "family", for: fixture.alice)?.syncToken == before, "nothing was written")
        #expect(try store.contacts(in: family.scope).map(\.details.name) == ["Anna", "Anne"])
    }

    @Test(arguments: [BookAccess.readOnly, .readWrite])
    func theShareeCannotRenameDeleteOrShareTheBook(access: BookAccess) throws {
        let (family, shared) = try sharedFamily(access)
        #expect(throws: StoreError.onlyOwnerManagesBook) { try store.setDisplayName("Mine", of: shared.scope) }
        #expect(throws: StoreError.onlyOwnerManagesBook) { try store.setDeadProperty(namespace: "urn:x", name: "color", value: "red", of: shared.scope) }
        #expect(throws: StoreError.onlyOwnerManagesBook) { try store.deleteAddressBook(shared.scope) }
        #expect(throws: StoreError.onlyOwnerManagesBook) { try store.share(shared.scope, with: "bob", access: .readWrite) }
        #expect(throws: StoreError.onlyOwnerManagesBook) { try store.unshare(shared.scope, with: "bob") }
        #expect(throws: StoreError.onlyOwnerManagesBook) { try store.shares(of: shared.scope) }
        #expect(try store.addressBook(named: "family", for: fixture.alice) == family)
        #expect(try store.deadProperties(of: family.scope).isEmpty)
    }

    @Test func aReadWriteShareWritesAndEachSideSeesTheOthersChanges() throws {
        let (family, shared) = try sharedFamily(.readWrite)
        let bobs = try store.addContact(TwoUserStore.details("Bo"), to: shared.scope)
        #expect(try store.contacts(in: family.scope).map(\.id) == [bobs.id])
        let afterBob = try #require(try store.addressBook(named: "family", for: fixture.alice)).syncToken
        #expect(afterBob.change == 1)
        #expect(try store.lastChange(ofContact: bobs.id, in: family.scope) == ContactChange(account: "bob", at: fixture.clock.now))
        fixture.clock.advance(seconds: 60)
        _ = try store.updateContact(id: bobs.id, with: TwoUserStore.details("Bo B."), in: family.scope)
        #expect(try store.lastChange(ofContact: bobs.id, in: shared.scope) == ContactChange(account: "alice", at: fixture.clock.now))
        let changes = try #require(try store.changes(in: shared.scope, since: afterBob, limit: nil))
        #expect(changes.written.map(\.href) == [bobs.uid + ".vcf"], "the sharee's sync sees the owner's edit")
        try fixture.put("card.vcf", uid: "card", name: "Card", in: shared.scope)
        try store.deleteContact(id: bobs.id, in: shared.scope)
        #expect(try store.contacts(in: family.scope).map(\.details.name) == ["Card"])
        #expect(try store.contacts(in: fixture.aliceBook).isEmpty, "the owner's other books are untouched")
    }

    @Test func everyWritePathRecordsTheActingAccount() throws {
        let (family, shared) = try sharedFamily(.readWrite)
        let contact = try store.addContact(TwoUserStore.details("Anna"), to: family.scope)
        #expect(try store.lastChange(ofContact: contact.id, in: family.scope)?.account == "alice")
        let steps: [(String, () throws -> Int64)] = [
            ("update", { try store.updateContact(id: contact.id, with: TwoUserStore.details("Anna B."), in: shared.scope).id }),
            ("put", { try fixture.put("p.vcf", uid: "p", name: "Put", in: shared.scope).contact.id }),
            ("import", { guard case .imported(let id) = try store.importCards([ImportedCard(uid: "i", details: .init(name: "Imported"))],
                                                                           into: shared.scope, onConflict: .update)[0]
                         else { throw StoreError.contactNotFound(0) }
                         return id }),
        ]
        for (name, step) in steps {
            let id = try step()
            #expect(try store.lastChange(ofContact: id, in: family.scope)?.account == "bob", "\(name)")
        }
        try store.deleteContact(id: contact.id, in: family.scope)
        _ = try store.restoreContact(id: contact.id, in: shared.scope)
        #expect(try store.lastChange(ofContact: contact.id, in: family.scope)?.account == "bob", "restore")
    }

    @Test func sharingAgainChangesTheAccessOfScopesHandedOutBefore() throws {
        let (family, shared) = try sharedFamily(.readWrite)
        try store.share(family.scope, with: "bob", access: .readOnly)
        #expect(throws: StoreError.addressBookReadOnly) { try store.addContact(TwoUserStore.details("Bo"), to: shared.scope) }
        #expect(try store.addressBook(named: "~alice~family", for: fixture.bob)?.scope.access == .readOnly)
        try store.share(family.scope, with: "bob", access: .readWrite)
        #expect(try store.shares(of: family.scope) == [BookShare(account: "bob", access: .readWrite)])
        _ = try store.addContact(TwoUserStore.details("Bo"), to: shared.scope)
    }

    @Test func revokingTakesEffectOnTheNextOperation() throws {
        let (family, shared) = try sharedFamily(.readWrite)
        try store.unshare(family.scope, with: "BOB")
        #expect(try store.addressBook(named: "~alice~family", for: fixture.bob) == nil)
        #expect(try store.addressBooks(for: fixture.bob).map(\.name) == ["contacts"])
        #expect(throws: StoreError.addressBookNotFound) { try store.addContact(TwoUserStore.details("Bo"), to: shared.scope) }
        #expect(try store.shares(of: family.scope).isEmpty)
        #expect(throws: StoreError.notSharedWith("bob")) { try store.unshare(family.scope, with: "bob") }
    }

    @Test func aMoveBetweenSharedBooksNeedsWritesInBothAsTheSharesStandNow() throws {
        let (family, shared) = try sharedFamily(.readWrite)
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        try store.share(work.scope, with: "bob", access: .readOnly)
        let anna = try store.addContact(TwoUserStore.details("Anna"), to: family.scope)
        let sharedWork = try #require(try store.addressBook(named: "~alice~work", for: fixture.bob))
        #expect(throws: StoreError.addressBookReadOnly) { try store.moveContacts(ids: [anna.id], from: shared.scope, to: sharedWork.scope) }
        try store.share(work.scope, with: "bob", access: .readWrite)
        let writable = try #require(try store.addressBook(named: "~alice~work", for: fixture.bob))
        try store.unshare(work.scope, with: "bob")
        #expect(throws: StoreError.addressBookNotFound, "revoked after the scope was handed out") {
            try store.moveContacts(ids: [anna.id], from: shared.scope, to: writable.scope)
        }
        #expect(try store.contacts(in: family.scope).map(\.id) == [anna.id] && store.contacts(in: work.scope).isEmpty)
    }

    @Test func refusedSharesChangeNothing() throws {
        let family = try store.createAddressBook(named: "family", displayName: "Family", for: fixture.alice)
        #expect(throws: StoreError.userNotFound("carol")) { try store.share(family.scope, with: "carol", access: .readOnly) }
        #expect(throws: StoreError.userNotFound("")) { try store.share(family.scope, with: "", access: .readOnly) }
        #expect(throws: StoreError.cannotShareWithOwner) { try store.share(family.scope, with: "Alice", access: .readOnly) }
        #expect(throws: StoreError.userNotFound("carol")) { try store.unshare(family.scope, with: "carol") }
        #expect(try store.shares(of: family.scope).isEmpty)
        try store.deleteAddressBook(family.scope)
        #expect(throws: StoreError.addressBookNotFound) { try store.share(family.scope, with: "bob", access: .readOnly) }
    }

    /// Nothing but the books shared with an account is reachable under a shared segment.
    @Test(arguments: ["~alice~contacts", "~alice~family ", "~carol~family", "~bob~contacts", "~alice~", "~~family", "~alice",
                      "~alice~family/x", "~alice~family~"])
    func segmentsOfBooksNotSharedFindNothing(segment: String) throws {
        _ = try sharedFamily(.readWrite)
        #expect(try store.addressBook(named: segment, for: fixture.bob) == nil)
    }

    @Test func theOwnersNameMatchesAsAccountNamesDo() throws {
        _ = try sharedFamily(.readOnly)
        #expect(try store.addressBook(named: "~ALICE~family", for: fixture.bob)?.name == "~alice~family")
        #expect(try store.addressBook(named: "~alice~Family", for: fixture.bob) == nil, "book names are case-sensitive")
    }

    @Test func ownBooksCannotBeNamedLikeSharedOnes() throws {
        for name in ["~alice~family", "~x"] {
            #expect(throws: StoreError.invalidAddressBookName(name)) { try store.createAddressBook(named: name, displayName: "X", for: fixture.bob) }
        }
        #expect(try store.createAddressBook(named: "a~b", displayName: "X", for: fixture.bob).name == "a~b")
    }

    @Test func deletingAnAccountRemovesItsSharesBothWays() throws {
        let (family, _) = try sharedFamily(.readWrite)
        let carol = try store.createUser(username: "carol", password: "password1")
        let bobs = try store.createAddressBook(named: "bobs", displayName: "Bob's", for: fixture.bob)
        try store.share(bobs.scope, with: "carol", access: .readOnly)
        try store.share(family.scope, with: "carol", access: .readOnly)
        try store.deleteUser(username: "bob")
        #expect(try store.shares(of: family.scope) == [BookShare(account: "carol", access: .readOnly)])
        #expect(try store.addressBooks(for: carol).map(\.name) == ["contacts", "~alice~family"])
    }

    @Test func aContactLastChangedByADeletedAccountNamesNobody() throws {
        let (family, shared) = try sharedFamily(.readWrite)
        let contact = try store.addContact(TwoUserStore.details("Bo"), to: shared.scope)
        try store.deleteUser(username: "bob")
        #expect(try store.lastChange(ofContact: contact.id, in: family.scope) == nil)
        #expect(try store.contacts(in: family.scope).map(\.id) == [contact.id])
    }

    /// A book named before this release like a shared segment gets a name that is not.
    @Test(.enabled(if: TestEngine.isSQLite)) func theMigrationRenamesBooksNamedLikeSharedSegments() throws {
        let book = try store.createAddressBook(named: "old", displayName: "Old", for: fixture.bob)
        let path = (fixture.directory.path as NSString).appendingPathComponent(ContactStore.fileName)
        let index = try #require(Schema.migrations.firstIndex { $0.name == Schema.sharingMigrationName })
        let db = try SQLite.Database(path: path)
        try db.run("UPDATE address_books SET name = '~old' WHERE id = ?", book.scope.bookID)
        try db.execute("PRAGMA user_version = \(index)")
        let reopened = try ContactStore(directory: fixture.directory.path)
        #expect(try reopened.addressBooks(for: fixture.bob).map(\.name) == ["contacts", "_\(book.scope.bookID)~old"])
    }
}
