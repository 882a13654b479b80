import ContactsCore
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
@testable import ContactsStore

@Suite struct ContactStoreTests {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let store: ContactStore
    let alice: AddressBookScope
    let bob: AddressBookScope

    init() throws {
        store = try directory.store(clock: clock.function)
        alice = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        bob = try store.defaultAddressBook(for: try store.createUser(username: "bob", password: "password1"))
    }

    private func count(_ sql: String) throws -> Int {
        let database = try directory.connection()
        return try database.statement(sql).firstRow { $0.int(0) } ?? -1
    }

    @Test func addedContactReadsBackWithEveryField() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let details = ContactDetails(
            name: "  张三 ", phones: [.init("138 0013 8000"), .init("010-6666", label: .work)], emails: ["zs@example.com"],
            addresses: [PostalAddress(street: "北京市朝阳区")], sex: .male, birthday: CalendarDate("1990-05-17"),
            note: "老同学", photo: try Photo(data: png), extraProperties: ["X-FOO:bar"])
        let added = try store.addContact(details, to: alice)
        let read = try store.contact(id: added.id, in: alice)
        #expect(read.details.name == "张三")
        #expect(read.details.phones == details.phones)
        #expect(read.details.sex == .male)
        #expect(read.details.birthday == CalendarDate(year: 1990, month: 5, day: 17))
        #expect(read.details.addresses == [PostalAddress(street: "北京市朝阳区")])
        #expect(read.details.emails == ["zs@example.com"])
        #expect(read.details.note == "老同学")
        #expect(read.details.photo?.data == png)
        #expect(read.details.photo?.format == .png)
        #expect(read.details.extraProperties == ["X-FOO:bar"])
        #expect(read.section == "Z")
        #expect(read.hasPhoto)
        #expect(UUID(uuidString: read.uid) != nil)
        #expect(read.createdAt == clock.now)
    }

    /// Found by the DAV fuzzer: a phone number holding the byte that separates stored phones
    /// (U+001E) crashed every later read of the contact. Control characters are dropped.
    @Test func controlCharactersAreDroppedAndEveryFieldReadsBack() throws {
        let details = ContactDetails(
            name: "An\u{0}na\u{7}", phones: [.init("+1\u{1E}555\u{1F}0100"), .init("\u{1E}\u{1F}")],
            emails: ["an\u{1E}na@example.com"], addresses: [PostalAddress(street: "Street 1\nTown\u{1B}", city: "Ci\u{1E}ty")], note: "line\none\ttab\u{8}", extraProperties: ["X-NUL:a\u{0}b"])
        let added = try store.addContact(details, to: alice)
        let read = try store.contact(id: added.id, in: alice).details
        #expect(read.name == "Anna")
        #expect(read.phones == [PhoneNumber("+15550100")])
        #expect(read.addresses == [PostalAddress(street: "Street 1\nTown", city: "City")])
        #expect(read.emails == ["anna@example.com"])
        #expect(read.note == "line\none\ttab")
        #expect(read.extraProperties == ["X-NUL:ab"])
    }

    @Test func listIsInDisplayOrderWithoutPhotoBytes() throws {
        for name in ["张三", "Bob", "阿强", "007", "曾国藩", "李四"] {
            _ = try store.addContact(.init(name: name, phones: [.init("1")]), to: alice)
        }
        let list = try store.contacts(in: alice)
        #expect(list.map(\.details.name) == ["阿强", "Bob", "李四", "曾国藩", "张三", "007"])
        #expect(list.map(\.section) == ["A", "B", "L", "Z", "Z", "#"])
        #expect(list.allSatisfy { $0.details.photo == nil })
        #expect(try store.count(in: alice) == 6)
    }

    @Test(arguments: [
        (ContactDetails(name: " "), ContactValidationError.emptyName),
        (ContactDetails(name: "A", phones: [.init("call me")]), .phoneWithoutDigits("call me")),
        (ContactDetails(name: "A", phones: [.init("1")], age: 151), .ageOutOfRange),
        (ContactDetails(name: "A", phones: [.init("1")], age: -1), .ageOutOfRange),
        (ContactDetails(name: "A", phones: [.init("1")], birthday: CalendarDate(year: 2999, month: 1, day: 1)), .birthdayInFuture),
        (ContactDetails(name: "A", phones: [.init("1")], emails: ["not-an-email"]), .invalidEmail("not-an-email")),
        (ContactDetails(name: "A", phones: [.init("1")], emails: ["a@b"]), .invalidEmail("a@b")),
    ])
    func invalidDetailsAreRefusedAndNothingIsWritten(details: ContactDetails, error: ContactValidationError) throws {
        #expect(throws: StoreError.invalid(error)) { try store.addContact(details, to: alice) }
        #expect(try count("SELECT count(*) FROM contacts") == 0)
        #expect(try count("SELECT count(*) FROM changes") == 0)
    }

    @Test func aBatchWithOneBadContactWritesNone() throws {
        let batch = [ContactDetails(name: "Good", phones: [.init("1")]), ContactDetails(name: "")]
        #expect(throws: StoreError.invalid(.emptyName)) { try store.addContacts(batch, to: alice) }
        #expect(try count("SELECT count(*) FROM contacts") == 0)
    }

    @Test func photoMustBeAnImageAndSmall() throws {
        #expect(throws: ContactValidationError.unsupportedImage) { try Photo(data: Array("GIF90a not really".utf8)) }
        #expect(throws: ContactValidationError.photoTooLarge) { try Photo(data: [0xFF, 0xD8, 0xFF] + Array(repeating: 0, count: Photo.maximumSize)) }
        for header: [UInt8] in [[0xFF, 0xD8, 0xFF, 0xE0], Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBPVP8 ".utf8)] {
            #expect(throws: Never.self) { try Photo(data: header) }
        }
    }

    @Test func updateReplacesDetailsAndKeepsIdentity() throws {
        let added = try store.addContact(.init(name: "张三", phones: [.init("1")]), to: alice)
        clock.advance(days: 1)
        var details = added.details
        details.name = "单田芳"
        details.phones = [.init("2", label: .home)]
        let updated = try store.updateContact(id: added.id, with: details, in: alice)
        #expect(updated.uid == added.uid)
        #expect(updated.section == "S")
        #expect(updated.details.phones == [.init("2", label: .home)])
        #expect(updated.createdAt == added.createdAt)
        #expect(updated.updatedAt > added.updatedAt)
        #expect(try store.search("stf", in: alice).map(\.id) == [added.id])
    }

    @Test func anotherUsersContactIsNotFoundByAnyCall() throws {
        let secret = try store.addContact(.init(name: "Secret", phones: [.init("555")]), to: alice)
        #expect(throws: StoreError.contactNotFound(secret.id)) { try store.contact(id: secret.id, in: bob) }
        #expect(throws: StoreError.contactNotFound(secret.id)) { try store.photo(ofContact: secret.id, in: bob) }
        #expect(throws: StoreError.contactNotFound(secret.id)) {
            try store.updateContact(id: secret.id, with: .init(name: "Mine", phones: [.init("1")]), in: bob)
        }
        #expect(throws: StoreError.contactNotFound(secret.id)) { try store.deleteContact(id: secret.id, in: bob) }
        try store.deleteContact(id: secret.id, in: alice)
        #expect(throws: StoreError.notInTrash(secret.id)) { try store.restoreContact(id: secret.id, in: bob) }
        #expect(try store.trash(in: bob).isEmpty)
        #expect(try store.contacts(in: bob).isEmpty)
        #expect(try store.search("555", in: bob).isEmpty)
        #expect(try store.contact(id: try store.restoreContact(id: secret.id, in: alice).id, in: alice).details.name == "Secret")
    }

    @Test func deleteMovesToTrashAndRestoreBringsBack() throws {
        let added = try store.addContact(.init(name: "李四", phones: [.init("1")]), to: alice)
        try store.deleteContact(id: added.id, in: alice)
        #expect(try store.contacts(in: alice).isEmpty)
        #expect(throws: StoreError.contactNotFound(added.id)) { try store.contact(id: added.id, in: alice) }
        #expect(throws: StoreError.contactNotFound(added.id)) { try store.deleteContact(id: added.id, in: alice) }
        let trash = try store.trash(in: alice)
        #expect(trash.map(\.contact.id) == [added.id])
        #expect(trash.first?.deletedAt == clock.now)
        let restored = try store.restoreContact(id: added.id, in: alice)
        #expect(restored.uid == added.uid)
        #expect(try store.contacts(in: alice).map(\.id) == [added.id])
        #expect(try store.trash(in: alice).isEmpty)
    }

    @Test func trashKeepsContactsForThirtyDays() throws {
        let old = try store.addContact(.init(name: "Old", phones: [.init("1")]), to: alice)
        let recent = try store.addContact(.init(name: "Recent", phones: [.init("1")]), to: alice)
        try store.deleteContact(id: old.id, in: alice)
        clock.advance(days: 29)
        #expect(try store.trash(in: alice).map(\.contact.id) == [old.id])
        try store.deleteContact(id: recent.id, in: alice)
        clock.advance(days: 2)
        #expect(try store.trash(in: alice).map(\.contact.id) == [recent.id])
        #expect(throws: StoreError.notInTrash(old.id)) { try store.restoreContact(id: old.id, in: alice) }
        _ = try store.addContact(.init(name: "Trigger purge", phones: [.init("1")]), to: alice)
        try store.deleteContact(id: try store.contacts(in: alice)[0].id, in: alice)
        #expect(try count("SELECT count(*) FROM contacts WHERE id = \(old.id)") == 0)
    }

    @Test func trashIsRestoredWholeOrDeletedForGoodOneByOne() throws {
        let ids = try ["A", "B", "C"].map { try store.addContact(.init(name: $0, phones: [.init("1")]), to: alice).id }
        let bobs = try store.addContact(.init(name: "Bob's", phones: [.init("1")]), to: bob)
        try store.deleteContacts(ids: ids, in: alice)
        try store.deleteContact(id: bobs.id, in: bob)
        #expect(throws: StoreError.notInTrash(bobs.id)) { try store.deleteFromTrash(ids: [ids[0], bobs.id], in: alice) }
        #expect(throws: StoreError.notInTrash(ids[0] + 1_000)) { try store.deleteFromTrash(ids: [ids[0] + 1_000], in: alice) }
        #expect(try store.trash(in: alice).count == 3, "nothing deleted by a refused call")
        try store.deleteFromTrash(ids: [ids[1]], in: alice)
        #expect(try count("SELECT count(*) FROM contacts WHERE id = \(ids[1])") == 0)
        #expect(throws: StoreError.notInTrash(ids[1])) { try store.restoreContact(id: ids[1], in: alice) }
        #expect(try store.restoreTrash(in: alice) == 2)
        #expect(try store.contacts(in: alice).map(\.details.name) == ["A", "C"])
        #expect(try store.trash(in: alice).isEmpty && store.trash(in: bob).count == 1, "another account's trash untouched")
        #expect(try store.restoreTrash(in: alice) == 0)
    }

    /// The count each book keeps of its live contacts agrees with counting them after every
    /// kind of write: adds, batches, PUTs, deletes, restores, purges and the trash emptying itself.
    @Test func bookKeepsItsCountThroughEveryWrite() throws {
        func expectCountsAgree(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            for scope in [alice, bob] {
                let counted = try count("SELECT count(*) FROM contacts WHERE book_id = \(scope.bookID) AND deleted_at IS NULL")
                #expect(try store.count(in: scope) == counted, "\(step)", sourceLocation: sourceLocation)
                #expect(try store.page(in: scope, limit: 1).total == counted, "\(step)", sourceLocation: sourceLocation)
            }
        }
        let first = try store.addContact(.init(name: "A", phones: [.init("1")]), to: alice)
        _ = try store.addContacts([.init(name: "B"), .init(name: "C")], to: alice)
        _ = try store.addContact(.init(name: "Bob's", phones: [.init("1")]), to: bob)
        try expectCountsAgree("added")
        _ = try store.putCard(href: "d.vcf", uid: "d", details: .init(name: "D"), in: alice, precondition: .none)
        _ = try store.putCard(href: "d.vcf", uid: "d", details: .init(name: "D2"), in: alice, precondition: .none)
        try expectCountsAgree("put")
        try store.deleteContact(id: first.id, in: alice)
        try store.deleteCard(href: "d.vcf", in: alice, ifMatch: nil)
        try expectCountsAgree("trashed")
        _ = try store.restoreContact(id: first.id, in: alice)
        try expectCountsAgree("restored")
        _ = try store.putCard(href: "d.vcf", uid: "d", details: .init(name: "D3"), in: alice, precondition: .ifNoneMatchAny)
        try expectCountsAgree("a trashed card replaced by a PUT")
        try store.deleteContact(id: first.id, in: alice)
        clock.advance(days: 31)
        try store.deleteCard(href: "d.vcf", in: alice, ifMatch: nil)
        try expectCountsAgree("the trash emptied")
        #expect(try store.count(in: alice) == 2)
    }

    @Test func changeLogRecordsEveryWriteInIncreasingOrder() throws {
        let first = try store.addContact(.init(name: "A", phones: [.init("1")]), to: alice)
        _ = try store.addContact(.init(name: "Bob's", phones: [.init("1")]), to: bob)
        _ = try store.updateContact(id: first.id, with: .init(name: "A2", phones: [.init("2")]), in: alice)
        try store.deleteContact(id: first.id, in: alice)
        _ = try store.restoreContact(id: first.id, in: alice)
        let database = try directory.connection()
        let log = try database.statement("SELECT number, kind, uid FROM changes WHERE book_id = ? ORDER BY number")
            .rows([alice.bookID]) { ($0.int64(0), $0.text(1), $0.text(2)) }
        #expect(log.map(\.1) == ["create", "update", "delete", "create"])
        #expect(log.allSatisfy { $0.2 == first.uid })
        #expect(zip(log, log.dropFirst()).allSatisfy { $0.0 < $1.0 })
    }

    @Test func reopeningKeepsEverything() throws {
        let added = try store.addContact(.init(name: "Persist", phones: [.init("1")]), to: alice)
        let reopened = try directory.store()
        let scope = try reopened.defaultAddressBook(for: try reopened.user(named: "alice"))
        #expect(try reopened.contact(id: added.id, in: scope).details.name == "Persist")
        #expect(try reopened.integrityCheck() == "ok")
    }
}
