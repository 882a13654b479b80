import ContactsCore
import Foundation
import StoreOpening
import Synchronization
import Testing
import ContactsStore

/// An edit started from one revision never silently replaces a change that landed after it.
@Suite struct EditConflictTests {
    let directory = TemporaryDirectory()
    let store: ContactStore
    let alice: AddressBookScope

    init() throws {
        store = try directory.store()
        alice = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
    }

    @Test func anEditFromAnOlderRevisionIsRefusedAndTheOtherChangeKept() throws {
        let opened = try store.addContact(.init(name: "李四", phones: [.init("1")]), to: alice)
        // Another device saves through CardDAV while the edit form is open.
        let href = try #require(try store.cardList(in: alice).first?.href)
        _ = try store.putCard(href: href, uid: opened.uid, details: .init(name: "李四", phones: [.init("2")], note: "from the phone"),
                              in: alice, precondition: .none)
        var edited = opened.details
        edited.name = "李思"
        #expect(throws: StoreError.changedSinceRead(opened.id)) {
            try store.updateContact(id: opened.id, with: edited, in: alice, expectedRevision: opened.revision)
        }
        let current = try store.contact(id: opened.id, in: alice)
        #expect(current.details.name == "李四")
        #expect(current.details.note == "from the phone")
        #expect(current.revision > opened.revision)

        // Saving again from the revision now current is a knowing choice, and is written.
        let saved = try store.updateContact(id: opened.id, with: edited, in: alice, expectedRevision: current.revision)
        #expect(saved.details.name == "李思")
        #expect(saved.revision > current.revision)
    }

    @Test func anEditAppliesToTheContactAsItStandsAndWritesThePhotoOnlyWhenItChanges() throws {
        let photo = try Photo(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1])
        let opened = try store.addContact(.init(name: "李四", phones: [.init("1")], photo: photo, extraProperties: ["X-KEPT:1"]), to: alice)
        try store.editContact(id: opened.id, in: alice, expectedRevision: opened.revision, changesPhoto: false) { stored in
            #expect(stored.hasPhoto && stored.details.photo == nil, "read without the photo's bytes")
            var details = stored.details
            details.name = "李思"
            return details
        }
        let kept = try store.contact(id: opened.id, in: alice)
        #expect(kept.details.name == "李思" && kept.details.photo == photo && kept.hasPhoto)
        #expect(kept.details.extraProperties == ["X-KEPT:1"] && kept.revision > opened.revision)

        #expect(throws: StoreError.changedSinceRead(opened.id)) {
            try store.editContact(id: opened.id, in: alice, expectedRevision: opened.revision, changesPhoto: true) { _ in
                Issue.record("a stale edit is not applied")
                return opened.details
            }
        }
        let other = try Photo(data: [0xFF, 0xD8, 0xFF, 0xE0, 2])
        try store.editContact(id: opened.id, in: alice, expectedRevision: kept.revision, changesPhoto: true) { stored in
            var details = stored.details
            details.photo = other
            return details
        }
        #expect(try store.photo(ofContact: opened.id, in: alice) == other)
        let replaced = try store.contact(id: opened.id, in: alice)
        try store.editContact(id: opened.id, in: alice, expectedRevision: replaced.revision, changesPhoto: true) { $0.details }
        #expect(try store.photo(ofContact: opened.id, in: alice) == nil && !store.contact(id: opened.id, in: alice).hasPhoto)
    }

    @Test func anEditOfAContactDeletedMeanwhileIsNotFound() throws {
        let opened = try store.addContact(.init(name: "王五", phones: [.init("1")]), to: alice)
        try store.deleteContact(id: opened.id, in: alice)
        #expect(throws: StoreError.contactNotFound(opened.id)) {
            try store.updateContact(id: opened.id, with: opened.details, in: alice, expectedRevision: opened.revision)
        }
    }

    /// Eight writers each add their own addresses to one contact at once, through two stores on one
    /// file (as the web app and a CLI command would be): every address is there at the end.
    @Test func concurrentModificationsEachKeepTheirChange() throws {
        let contact = try store.addContact(.init(name: "赵六", phones: [.init("1")]), to: alice)
        let (first, second, alice) = (store, try directory.store(), alice)
        let writers = 8, editsEach = 5
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            let store = writer.isMultiple(of: 2) ? first : second
            for edit in 0..<editsEach {
                do {
                    _ = try store.modifyContact(id: contact.id, in: alice) { $0.emails.append(EmailAddress("w\(writer)e\(edit)@example.com")) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let emails = try store.contact(id: contact.id, in: alice).details.emails.map(\.address)
        #expect(Set(emails) == Set((0..<writers).flatMap { writer in (0..<editsEach).map { "w\(writer)e\($0)@example.com" } }))
        #expect(emails.count == writers * editsEach)
    }
}
