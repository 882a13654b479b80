import ContactsCore
import Foundation
import Testing
@testable import ContactsStore

/// The contacts' history on either engine: a version for every kind of write, by whom; a
/// version restored; a whole book rewound, byte for byte and through sync; pruning.
@Suite struct HistoryTests {
    let fixture: TwoUserStore
    let work: AddressBook
    var store: ContactStore { fixture.store }
    var book: AddressBookScope { fixture.aliceBook }
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 8, 9]
    let phone = ChangeClient(kind: .carddav, key: "app-password:7", name: "iPhone", userAgent: "iOS/18.0 (22A3354) dataaccessd/1.0")

    init() throws {
        fixture = try TwoUserStore()
        work = try fixture.store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
    }

    /// A card's text as a client sent it.
    static func card(uid: String, name: String, extra: String = "") -> ContactStore.SentCard {
        .init(text: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nTEL:138 0013 8000\r\n\(extra)END:VCARD\r\n", version: .v3_0)
    }

    /// PUTs a card as `client`, keeping its text as sent.
    @discardableResult
    func put(_ uid: String, _ name: String, extra: String = "", in scope: AddressBookScope? = nil, as client: ChangeClient? = nil)
        throws -> ContactStore.StoredCard {
        try ChangeClient.$current.withValue(client ?? phone) {
            try store.putCard(href: uid + ".vcf", uid: uid, details: TwoUserStore.details(name), in: scope ?? book, precondition: .none,
                              sent: Self.card(uid: uid, name: name, extra: extra)).card
        }
    }

    /// Everything a client can read of the book: each live card (group cards too) by UID, with
    /// its name, details (photo included) and text as sent.
    func everything(in scope: AddressBookScope? = nil) throws -> [String: String] {
        let scope = scope ?? book
        let hrefs = try store.cardList(in: scope).map(\.href)
        return Dictionary(uniqueKeysWithValues: try store.cards(hrefs: hrefs, in: scope).map { card in
            var contact = card.contact
            (contact.revision, contact.updatedAt) = (0, .distantPast)
            return (card.contact.uid, "\(card.href) \(contact) \(card.sent.map(\.text) ?? "-")")
        })
    }

    @Test func everyKindOfWriteKeepsAVersionNamingItsChangeAndClient() throws {
        let added = try ChangeClient.$current.withValue(.commandLine) {
            try store.addContact(TwoUserStore.details("Ann"), to: book)
        }
        let web = ChangeClient(kind: .web, key: "session:1", name: "Chrome on macOS")
        try ChangeClient.$current.withValue(web) {
            _ = try store.modifyContact(id: added.id, in: book) { $0.note = "met in Shanghai" }
        }
        try store.deleteContact(id: added.id, in: book)
        _ = try store.restoreContact(id: added.id, in: book)
        let history = try store.history(ofContact: added.id, in: book)
        #expect(history.map(\.change) == [.restored, .deleted, .changed, .created])
        #expect(history.map(\.isLive) == [true, false, true, true])
        #expect(history.map { $0.client?.kind } == [.server, .server, .web, .cli])
        #expect(history[1].client?.name == "")
        #expect(history[2].client == web && history[2].account == "alice")
        #expect(history[2].contact?.details.note == "met in Shanghai" && history[3].contact?.details.note == "")
        #expect(history.map(\.number) == history.map(\.number).sorted(by: >))
        #expect(history[0].number == (try store.contact(id: added.id, in: book)).revision, "the newest version is the contact now")

        let moved = try store.moveContacts(ids: [added.id], from: book, to: work.scope)[0]
        #expect(try store.history(ofContact: added.id, in: book).first.map { ($0.change, $0.isLive, $0.contact == nil) }
            ?? (.created, true, false) == (.moved, false, true))
        #expect(try store.history(ofContact: moved, in: work.scope).map(\.change) == [.moved])

        let first = try store.addContact(TwoUserStore.details("Bo"), to: book).id
        let second = try store.addContact(TwoUserStore.details("Bo"), to: book).id
        let merged = try store.mergeContacts([first, second], region: PhoneRegion(code: "CN")!, in: book)
        #expect(try store.history(ofContact: merged.contact.id, in: book).first?.change == .merged)
        #expect(try store.history(ofContact: merged.trashed[0], in: book).first?.change == .merged)

        let outcome = try store.importCards([ImportedCard(uid: "imported", details: TwoUserStore.details("Imported"))], into: book,
                                            onConflict: .skip)
        guard case .imported(let imported) = outcome.first else { Issue.record("not imported: \(outcome)"); return }
        #expect(try store.history(ofContact: imported, in: book).map(\.change) == [.created])
    }

    @Test func aGroupChangeKeepsAVersionOfEachMemberItRewrote() throws {
        let member = try store.addContact(TwoUserStore.details("Member"), to: book).id
        let group = try store.createGroup(named: "Friends", in: book)
        _ = try store.addContacts([member], toGroup: group.id, in: book)
        let versions = try store.history(ofContact: member, in: book)
        #expect(versions.count == 2)
        #expect(versions[0].contact?.details.categories == ["Friends"] && versions[1].contact?.details.categories == [])
        #expect(try store.history(ofContact: group.id, in: book).count >= 2, "the group's card changed with its members")
    }

    @Test func aRestoredVersionIsACardByteForByteWithANewETagThatSyncs() throws {
        let original = try put("p1", "Pat", extra: "X-PHONE-ONLY:kept\r\n")
        let token = try #require(try store.addressBook(named: "contacts", for: fixture.alice)).syncToken
        _ = try store.modifyContact(id: original.contact.id, in: book) { $0.name = "Patricia" }
        let sentVersion = try #require(try store.history(ofContact: original.contact.id, in: book).last)
        #expect(sentVersion.card == Self.card(uid: "p1", name: "Pat", extra: "X-PHONE-ONLY:kept\r\n"))
        let restored = try #require(try store.restoreVersion(sentVersion.number, ofContact: original.contact.id, in: book))
        #expect(restored.details.name == "Pat")
        let card = try #require(try store.card(href: "p1.vcf", in: book))
        #expect(card.sent == sentVersion.card, "the text the client sent comes back as it was")
        #expect(card.etag != original.etag)
        let changes = try #require(try store.changes(in: book, since: token, limit: nil))
        #expect(changes.written.map(\.href) == ["p1.vcf"] && changes.removed.isEmpty)
        #expect(try store.history(ofContact: original.contact.id, in: book).first?.change == .restored)
    }

    @Test func restoringADeletionTrashesAndRestoringFromTheTrashOrFromNowhereBringsBack() throws {
        var details = TwoUserStore.details("Photo")
        details.photo = try Photo(data: png)
        let contact = try store.addContact(details, to: book)
        let live = try #require(try store.history(ofContact: contact.id, in: book).first)
        try store.deleteContact(id: contact.id, in: book)
        let deletion = try #require(try store.history(ofContact: contact.id, in: book).first)
        #expect(try store.restoreVersion(live.number, ofContact: contact.id, in: book)?.details.photo?.data == png)
        #expect(try store.restoreVersion(deletion.number, ofContact: contact.id, in: book) == nil)
        #expect(try store.trash(in: book).map(\.contact.id) == [contact.id])
        // Deleted for good from the trash: its history still brings it back, same id, UID and name.
        try store.deleteFromTrash(ids: [contact.id], in: book)
        #expect(try store.trash(in: book).isEmpty)
        let back = try #require(try store.restoreVersion(live.number, ofContact: contact.id, in: book))
        #expect(back.id == contact.id && back.uid == contact.uid && back.details.photo?.data == png)
        #expect(try store.count(in: book) == 1)
    }

    @Test func aContactMovedAwayComesBackFromItsHistoryInItsBook() throws {
        let original = try put("m1", "Mover")
        let before = try everything()
        let version = try #require(try store.history(ofContact: original.contact.id, in: book).first)
        _ = try store.moveContacts(ids: [original.contact.id], from: book, to: work.scope)
        #expect(try everything().isEmpty)
        _ = try store.restoreVersion(version.number, ofContact: original.contact.id, in: book)
        #expect(try everything() == before)
    }

    @Test func aRestoreRefusesAUIDTakenByAnotherLiveCard() throws {
        let original = try put("u1", "First")
        let version = try #require(try store.history(ofContact: original.contact.id, in: book).first)
        _ = try store.moveContacts(ids: [original.contact.id], from: book, to: work.scope)
        try put("u1", "Someone else")
        #expect(throws: StoreError.uidConflict(href: "u1.vcf")) {
            try store.restoreVersion(version.number, ofContact: original.contact.id, in: book)
        }
        #expect(try store.contacts(in: book).map(\.details.name) == ["Someone else"])
    }

    @Test func anotherAccountsVersionsAreNotFoundAndAReadOnlyShareCannotRestoreOrRewind() throws {
        let mine = try put("mine", "Mine")
        let number = try #require(try store.history(ofContact: mine.contact.id, in: book).first).number
        #expect(throws: StoreError.contactNotFound(mine.contact.id)) { try store.history(ofContact: mine.contact.id, in: fixture.bobBook) }
        #expect(throws: StoreError.versionNotFound(contact: mine.contact.id, version: number)) {
            try store.restoreVersion(number, ofContact: mine.contact.id, in: fixture.bobBook)
        }
        #expect(throws: StoreError.versionNotFound(contact: mine.contact.id, version: number + 1000)) {
            try store.restoreVersion(number + 1000, ofContact: mine.contact.id, in: book)
        }
        try store.share(book, with: "bob", access: .readOnly)
        let shared = try #require(try store.addressBooks(for: fixture.bob).first { $0.sharedBy != nil }).scope
        #expect(try store.history(ofContact: mine.contact.id, in: shared).count == 1, "a sharee reads the history")
        #expect(throws: StoreError.addressBookReadOnly) { try store.restoreVersion(number, ofContact: mine.contact.id, in: shared) }
        #expect(throws: StoreError.addressBookReadOnly) { try store.rewind(shared, to: fixture.clock.now, dryRun: true) }
    }

    @Test func aRewindTakesEverythingBackAndSyncsAsChanges() throws {
        // The book at the moment to go back to: cards sent by a phone, a photo, a group with members.
        let kept = try put("kept", "Kept")
        let edited = try put("edited", "Edited", extra: "NOTE:before\r\n")
        let deleted = try put("deleted", "Deleted")
        let moved = try put("moved", "Moved")
        let mergedA = try store.addContact(TwoUserStore.details("Twin"), to: book).id
        let mergedB = try store.addContact(TwoUserStore.details("Twin"), to: book).id
        var photographed = TwoUserStore.details("Photographed")
        photographed.photo = try Photo(data: png)
        let withPhoto = try store.addContact(photographed, to: book).id
        let group = try store.createGroup(named: "Team", in: book)
        _ = try store.addContacts([kept.contact.id, edited.contact.id, deleted.contact.id], toGroup: group.id, in: book)
        let then = try everything()
        let count = try store.count(in: book)
        fixture.clock.advance(seconds: 60)
        let moment = fixture.clock.now
        fixture.clock.advance(seconds: 60)
        let token = try #require(try store.addressBook(named: "contacts", for: fixture.alice)).syncToken

        // What happens after: every kind of write.
        try put("edited", "Edited Again", extra: "NOTE:after\r\n")
        try store.deleteContact(id: deleted.contact.id, in: book)
        _ = try store.moveContacts(ids: [moved.contact.id], from: book, to: work.scope)
        _ = try store.mergeContacts([mergedA, mergedB], region: PhoneRegion(code: "CN")!, in: book)
        _ = try store.modifyContact(id: withPhoto, in: book) { $0.photo = nil }
        _ = try store.removeContacts([kept.contact.id], fromGroup: group.id, in: book)
        _ = try store.renameGroup(id: group.id, to: "Crew", in: book)
        try put("new", "Made Since")
        _ = try store.createGroup(named: "New Group", in: book)
        #expect(try everything() != then)

        let preview = try store.rewind(book, to: moment, dryRun: true)
        #expect(Set(preview.broughtBack) == [deleted.contact.id, moved.contact.id, mergedB])
        #expect(preview.removed.count == 1)
        #expect(Set(preview.setBack).isSuperset(of: [edited.contact.id, withPhoto, kept.contact.id, mergedA]))
        #expect(try everything() != then, "a dry run changes nothing")

        let plan = try store.rewind(book, to: moment)
        #expect(plan == preview)
        #expect(try everything() == then, "everything a client reads is as it was")
        #expect(try store.count(in: book) == count)
        #expect(try store.groups(in: book).map(\.name) == ["Team"])
        let changes = try #require(try store.changes(in: book, since: token, limit: nil), "the token still syncs: no full resync")
        #expect(Set(changes.written.map(\.href)).isSuperset(of: ["edited.vcf", "deleted.vcf", "moved.vcf"]))
        #expect(changes.removed.contains("new.vcf"))
    }

    @Test func aRewindCanBeRewoundAndLosesNoEditWithoutTrace() throws {
        let card = try put("c", "Before")
        fixture.clock.advance(seconds: 10)
        let beforeEdit = fixture.clock.now
        fixture.clock.advance(seconds: 10)
        try put("c", "After")
        let edited = try everything()
        fixture.clock.advance(seconds: 10)
        let beforeRewind = fixture.clock.now
        fixture.clock.advance(seconds: 10)
        _ = try store.rewind(book, to: beforeEdit)
        #expect(try store.contact(id: card.contact.id, in: book).details.name == "Before")
        #expect(try store.history(ofContact: card.contact.id, in: book).contains { $0.contact?.details.name == "After" })
        fixture.clock.advance(seconds: 10)
        _ = try store.rewind(book, to: beforeRewind)
        #expect(try everything() == edited)
    }

    @Test(arguments: [-31.0 * 86_400, 3600, 1e12])
    func aRewindOutsideTheHistoryIsRefused(offset: Double) throws {
        try put("x", "X")
        #expect(throws: StoreError.self) { try store.rewind(book, to: fixture.clock.now.addingTimeInterval(offset)) }
        #expect(try store.count(in: book) == 1)
    }

    @Test func versionsAreKeptThirtyDaysAfterTheyAreReplacedAndTheNewestAlways() throws {
        var details = TwoUserStore.details("Aged")
        details.photo = try Photo(data: png)
        let contact = try store.addContact(details, to: book)
        _ = try store.modifyContact(id: contact.id, in: book) { $0.photo = try Photo(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1]) }
        _ = try store.modifyContact(id: contact.id, in: book) { $0.note = "newest" }
        #expect(try store.history(ofContact: contact.id, in: book).count == 3)
        let gone = try store.addContact(TwoUserStore.details("Gone"), to: book)
        try store.deleteContact(id: gone.id, in: book)
        fixture.clock.advance(days: 31)
        // Any write prunes what is past keeping.
        _ = try store.addContact(TwoUserStore.details("Later"), to: book)
        let versions = try store.history(ofContact: contact.id, in: book)
        #expect(versions.map { $0.contact?.details.note } == ["newest"])
        #expect(versions[0].contact?.details.photo?.data.last == 1, "the photo the newest version shows is kept")
        #expect(throws: StoreError.contactNotFound(gone.id)) { try store.history(ofContact: gone.id, in: book) }
        let stored = try store.database.read { db in
            (try db.statement("SELECT count(*) FROM contact_versions").firstRow { $0.int(0) } ?? -1,
             try db.statement("SELECT count(*) FROM version_photos").firstRow { $0.int(0) } ?? -1)
        }
        #expect(stored.0 == 2 && stored.1 == 1, "pruned rows are deleted, not hidden: \(stored)")
    }

    @Test func aPhotoIsKeptOnceForAllTheVersionsThatShowIt() throws {
        var details = TwoUserStore.details("Photo")
        details.photo = try Photo(data: png)
        let contact = try put("photo", "Photo")
        _ = try store.modifyContact(id: contact.contact.id, in: book) { $0.photo = try Photo(data: png) }
        for note in ["one", "two", "three"] { _ = try store.modifyContact(id: contact.contact.id, in: book) { $0.note = note } }
        #expect(try store.history(ofContact: contact.contact.id, in: book).filter { $0.contact?.details.photo?.data == png }.count == 4)
        #expect(try store.database.read { db in try db.statement("SELECT count(*) FROM version_photos").firstRow { $0.int(0) } } == 1)
    }

    @Test func manyDeletionsByOneClientAreAMassDeletionUntilUndone() throws {
        let ids = try (0..<70).map { try put("card\($0)", "Card \($0)").contact.id }
        fixture.clock.advance(seconds: 60)
        #expect(try store.massDeletion(in: book) == nil)
        let before = try everything()
        for id in ids.prefix(60) {
            try ChangeClient.$current.withValue(phone) { try store.deleteCard(href: "card\(ids.firstIndex(of: id)!).vcf", in: book, ifMatch: nil) }
            fixture.clock.advance(seconds: 1)
        }
        let deletion = try #require(try store.massDeletion(in: book))
        #expect(deletion.count == 60 && deletion.client == phone && deletion.account == "alice")
        let activity = try store.activity(in: book, since: fixture.clock.now.addingTimeInterval(-3600))
        #expect(activity.first { $0.client == phone }?.changes == [.created: 70, .deleted: 60])
        _ = try store.rewind(book, to: deletion.undoTo)
        #expect(try everything() == before, "every card back as its client sent it")
        #expect(try store.massDeletion(in: book) == nil)
    }

    @Test func aShareOfASmallBookIsAMassDeletionOnlyFromTenContacts() throws {
        let small = try (0..<9).map { try put("s\($0)", "S \($0)").contact.id }
        try ChangeClient.$current.withValue(phone) { try store.deleteContacts(ids: small, in: book) }
        #expect(try store.massDeletion(in: book) == nil, "9 of 9 is all, but too few to warn of")
        let more = try (0..<40).map { try put("m\($0)", "M \($0)").contact.id }
        try ChangeClient.$current.withValue(phone) { try store.deleteContacts(ids: Array(more.prefix(10)), in: book) }
        #expect(try store.massDeletion(in: book)?.count == 10 + 9, "the 19 still deleted within ten minutes")
    }
}

/// The migration that begins the history, on a store of everything written before it.
@Suite struct HistoryMigrationTests {
    let directory = TemporaryDirectory()

    @Test func eachContactStartsItsHistoryAsItIsWithItsPhotoAndCardAsSent() throws {
        let store = try directory.store()
        let rich = try RichStore(in: store)
        // The store as the release before left it: no history, the migrations from it still to run.
        let connection = try directory.connection()
        try connection.execute("DROP TABLE contact_versions; DROP TABLE version_photos")
        try connection.setSchemaVersion(try #require(Schema.migrations.firstIndex { $0.name == HistoryMigration.name }))
        let migrated = try directory.store()
        var seen = 0
        for user in [rich.alice, rich.bob] {
            for book in try migrated.addressBooks(for: user) where book.sharedBy == nil {
                let hrefs = try migrated.cardList(in: book.scope).map(\.href)
                for card in try migrated.cards(hrefs: hrefs, in: book.scope) {
                    let versions = try migrated.history(ofContact: card.contact.id, in: book.scope)
                    #expect(versions.count == 1 && versions[0].client == nil && versions[0].isLive)
                    #expect(versions[0].contact == card.contact, "the first version is the contact, photo and all")
                    #expect(versions[0].card == card.sent)
                    seen += 1
                }
                for trashed in try migrated.trash(in: book.scope) {
                    let versions = try migrated.history(ofContact: trashed.contact.id, in: book.scope)
                    #expect(versions.map(\.change) == [.deleted] && versions[0].isLive == false)
                }
            }
        }
        #expect(seen > 5)
    }
}
