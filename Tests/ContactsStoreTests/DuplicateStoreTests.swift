import ContactsCore
import Foundation
import Testing
@testable import ContactsStore

/// Duplicates found in a book, dismissed for good, merged into one contact in one transaction,
/// seen by a syncing client as one update and deletions, and taken back by one Undo.
@Suite struct DuplicateStoreTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var book: AddressBookScope { fixture.aliceBook }
    let china = PhoneRegion(code: "CN")!

    init() throws {
        fixture = try TwoUserStore()
    }

    @discardableResult
    private func add(_ name: String, phone: String = "", email: String? = nil, note: String = "",
                     to scope: AddressBookScope? = nil) throws -> Contact {
        var details = TwoUserStore.details(name, phone: phone)
        details.emails = email.map { [EmailAddress($0)] } ?? []
        details.note = note
        // A second apart, as people add contacts: among equal names the earlier comes first.
        defer { fixture.clock.advance(seconds: 1) }
        return try store.addContact(details, to: scope ?? book)
    }

    @Test func suggestionsComeFromOneBookAndLiveContactsOnly() throws {
        let zhang = try add("张三", phone: "+86 138 0013 8000")
        let pinyin = try add("Zhang San", phone: "13800138000")
        try add("李四")
        try store.deleteContact(id: try add("張三").id, in: book)
        try add("Zhang San", phone: "13800138000", to: fixture.bobBook)
        let found = try store.duplicates(in: book, region: china)
        #expect(found == [DuplicateSuggestion(ids: [zhang.id, pinyin.id], reasons: [.sameName, .samePhone("+8613800138000")])])
        #expect(try store.duplicates(in: fixture.bobBook, region: china).isEmpty)
    }

    @Test func notDuplicatesIsRemembered() throws {
        let one = try add("Li Lei", email: "li@example.com")
        let other = try add("Lei Li", email: "LI@example.com")
        try store.dismissDuplicates([other.id, one.id, one.id], in: book)
        try store.dismissDuplicates([one.id, other.id], in: book)
        #expect(try store.duplicates(in: book, region: china).isEmpty)
        let third = try add("Li Lei")
        let found = try store.duplicates(in: book, region: china)
        #expect(found.count == 1 && Set(found[0].ids) == [one.id, other.id, third.id], "a third of that name joins both")
    }

    @Test func onlyTheBooksOwnLiveContactsAreRemembered() throws {
        let mine = try add("Same", phone: "13800138000")
        let bobs = try add("Same", phone: "13800138000", to: fixture.bobBook)
        try store.dismissDuplicates([mine.id, bobs.id, 999_999], in: book)
        let rows = try store.queue.read { db in try db.statement("SELECT count(*) FROM duplicate_dismissals").firstRow { $0.int(0) } }
        #expect(rows == 0, "another account's contact or none: nothing to remember")
    }

    @Test func aMergeKeepsEverythingAndTrashesTheRest() throws {
        let first = try add("Dad", phone: "13800138000", email: "dad@example.com", note: "Home")
        let second = try add("王建国", phone: "+86 139 0013 9000", email: "DAD@example.com", note: "Work")
        let third = try add("Wang Jianguo", phone: "0086 138 0013 8000")
        let countBefore = try store.count(in: book)
        let merged = try store.mergeContacts([first.id, second.id, third.id], nameFrom: second.id, region: china, in: book)
        #expect(merged.trashed == [second.id, third.id])
        #expect(merged.contact.id == first.id && merged.contact.uid == first.uid)
        #expect(merged.contact.details.name == "王建国")
        #expect(merged.contact.details.phones.map(\.number) == ["13800138000", "+86 139 0013 9000"])
        #expect(merged.contact.details.emails == ["dad@example.com"])
        #expect(merged.contact.details.note == "Home\n\nWork")
        #expect(try store.count(in: book) == countBefore - 2)
        #expect(try store.trash(in: book).map(\.contact.id).sorted() == [second.id, third.id].sorted())
        #expect(try store.duplicates(in: book, region: china).isEmpty)
    }

    @Test func aSyncingClientSeesOneUpdateAndTheDeletions() throws {
        let first = try add("A", phone: "13800138000")
        let second = try add("A", phone: "13900139000")
        let token = try #require(try store.changes(in: book, since: nil, limit: nil)).token
        _ = try store.mergeContacts([first.id, second.id], region: china, in: book)
        let changes = try #require(try store.changes(in: book, since: token, limit: nil))
        let hrefs = try store.cardList(in: book).map(\.href)
        #expect(changes.written.map(\.href) == hrefs)
        #expect(changes.removed.count == 1 && !hrefs.contains(changes.removed[0]))
    }

    @Test func oneUndoTakesTheWholeMergeBack() throws {
        var photoDetails = TwoUserStore.details("Photo")
        photoDetails.photo = try Photo(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 7, 7])
        let first = try store.addContact(photoDetails, to: book)
        let second = try add("Other", phone: "13900139000", note: "kept")
        let before = try store.contact(id: first.id, in: book)
        _ = try store.mergeContacts([first.id, second.id], nameFrom: second.id, region: china, in: book)
        let undone = try store.undoMerge(into: first.id, in: book)
        #expect(undone.details.name == before.details.name)
        #expect(undone.details.phones == before.details.phones && undone.details.note == before.details.note)
        #expect(undone.details.photo == before.details.photo)
        #expect(try store.contact(id: second.id, in: book).details.note == "kept")
        #expect(try store.trash(in: book).isEmpty)
        #expect(throws: StoreError.nothingToUndo(first.id)) { try store.undoMerge(into: first.id, in: book) }
    }

    @Test func undoNeverReplacesAnEditMadeAfterTheMerge() throws {
        let first = try add("A", phone: "13800138000")
        let second = try add("A", phone: "13900139000")
        _ = try store.mergeContacts([first.id, second.id], region: china, in: book)
        _ = try store.modifyContact(id: first.id, in: book) { $0.note = "edited after" }
        #expect(throws: StoreError.changedSinceRead(first.id)) { try store.undoMerge(into: first.id, in: book) }
        #expect(try store.contact(id: first.id, in: book).details.note == "edited after")
    }

    @Test func badMergesAreRefusedAndWriteNothing() throws {
        let first = try add("A", phone: "13800138000")
        let second = try add("B", phone: "13900139000")
        let bobs = try add("C", to: fixture.bobBook)
        #expect(throws: StoreError.mergeNeedsTwoContacts) { try store.mergeContacts([first.id, first.id], region: china, in: book) }
        #expect(throws: StoreError.notAmongMerged(bobs.id)) {
            try store.mergeContacts([first.id, second.id], nameFrom: bobs.id, region: china, in: book)
        }
        #expect(throws: StoreError.contactNotFound(bobs.id)) { try store.mergeContacts([first.id, bobs.id], region: china, in: book) }
        #expect(try store.contact(id: first.id, in: book) == first)
        #expect(try store.contact(id: bobs.id, in: fixture.bobBook) == bobs)
        #expect(try store.count(in: book) == 2)
    }
}
