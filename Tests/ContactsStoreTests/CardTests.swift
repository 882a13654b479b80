import ContactsCore
import Foundation
import SQLEngine
import SQLite
import Testing
import VCard
@testable import ContactsStore

/// Contacts as CardDAV resources: names, entity tags, PUT, DELETE and multiget.
@Suite struct CardTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var alice: AddressBookScope { fixture.aliceBook }
    var bob: AddressBookScope { fixture.bobBook }

    init() throws {
        fixture = try TwoUserStore()
    }

    // MARK: Names and entity tags

    @Test func contactsMadeAnyOtherWayAreNamedByTheirUID() throws {
        let added = try store.addContact(TwoUserStore.details("Web"), to: alice)
        let imported = try store.importCards([ImportedCard(uid: "imported-1", details: .init(name: "Imported"))],
                                             into: alice, onConflict: .update)
        guard case .imported(let id) = try #require(imported.first) else { Issue.record("not imported: \(imported)"); return }
        #expect(id != added.id && imported.count == 1)
        #expect(Set(try store.cardList(in: alice).map(\.href)) == [added.uid + ".vcf", "imported-1.vcf"])
        #expect(try store.card(href: added.uid + ".vcf", in: alice)?.contact.id == added.id)
    }

    @Test func aLookupReadsTheCredentialsGenerationTheBookAndTheCardAsTheirOwnReadsDo() throws {
        let put = try fixture.put("anna.vcf", uid: "anna", name: "Anna", in: alice)
        let book = try #require(try store.addressBook(named: "contacts", for: fixture.alice))
        let found = try #require(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.alice))
        #expect(found.credentialsGeneration == (try store.credentialsGeneration(of: fixture.alice)))
        #expect(found.book == book)
        #expect(found.card == put)
        #expect(found.card == (try store.card(href: "anna.vcf", in: alice)))

        let noCard = try #require(try store.lookUpCard(href: "nobody.vcf", inBookNamed: "contacts", of: fixture.alice))
        #expect(noCard.book == book && noCard.card == nil)
        // Bob's lookup of alice's card finds his own book, without it.
        #expect(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.bob)?.card == nil)
        for name in ["other", "", "..", "a/b"] {
            let noBook = try #require(try store.lookUpCard(href: "anna.vcf", inBookNamed: name, of: fixture.alice))
            #expect(noBook.book == nil && noBook.card == nil && noBook.credentialsGeneration == found.credentialsGeneration)
        }

        try store.deleteContact(id: put.contact.id, in: alice)
        #expect(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.alice)?.card == nil, "a card in the trash is not found")
        try store.deleteUser(username: "alice")
        #expect(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.alice) == nil)
    }

    /// A lookup told to skip the card gives its version alone, and tells the skip the version
    /// of the vCard its client sent while that is the card's latest write.
    @Test func aLookupSkipsTheCardItsCallerHasNoNeedOf() throws {
        let sent = SentCard(text: "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:anna\r\nFN:Anna\r\nEND:VCARD\r\n", version: .v4_0)
        let put = try store.putCard(href: "anna.vcf", uid: "anna", details: TwoUserStore.details("Anna"), in: alice,
                                    precondition: .none, sent: sent).card
        var offered: [(AddressBook, CardVersion)] = []
        let skipped = try #require(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.alice) {
            offered.append(($0, $1))
            return true
        })
        #expect(skipped.card == nil && skipped.version == put.version && skipped.book != nil)
        #expect(offered.count == 1 && offered.first?.0 == skipped.book && offered.first?.1 == put.version)
        let kept = try #require(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.alice) { _, _ in false })
        #expect(kept.card == put && kept.version == put.version && kept.card?.sent == sent)

        // Written again by the web app, the card read has its new version and no sent vCard.
        let updated = try store.updateContact(id: put.contact.id, with: TwoUserStore.details("Anna B"), in: alice)
        let rewritten = try #require(try store.lookUpCard(href: "anna.vcf", inBookNamed: "contacts", of: fixture.alice) { _, _ in false })
        #expect(rewritten.card?.sent == nil && rewritten.card?.contact == updated)
        #expect(rewritten.version != put.version && rewritten.version == rewritten.card?.version)
        #expect(try store.lookUpCard(href: "nobody.vcf", inBookNamed: "contacts", of: fixture.alice) { _, _ in
            Issue.record("offered a card that is not there")
            return true
        }?.version == nil)
    }

    @Test func aUIDThatCannotNameACardOrWhoseNameIsTakenGetsARandomName() throws {
        try fixture.put("taken.vcf", uid: "someone-else", name: "PUT", in: alice)
        _ = try store.importCards([ImportedCard(uid: "taken", details: .init(name: "Clash")),
                                   ImportedCard(uid: "a/b", details: .init(name: "Slash"))], into: alice, onConflict: .update)
        let names = try store.cardList(in: alice).map(\.href).filter { $0 != "taken.vcf" }
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.wholeMatch(of: /[0-9A-F-]{36}\.vcf/) != nil })
        #expect(try store.contacts(in: alice).map(\.uid).sorted() == ["a/b", "someone-else", "taken"])
    }

    @Test func theEntityTagChangesWithEveryWriteAndNothingElse() throws {
        let contact = try store.addContact(TwoUserStore.details("Anna"), to: alice)
        let href = contact.uid + ".vcf"
        let first = try #require(try fixture.etag(href, in: alice))
        #expect(first.wholeMatch(of: /"[0-9a-f]{16}-1"/) != nil)
        // Reads, searches and writes to other contacts leave it alone.
        _ = try store.contact(id: contact.id, in: alice)
        _ = try store.search("anna", in: alice)
        _ = try store.addContact(TwoUserStore.details("Other"), to: alice)
        _ = try store.addContact(TwoUserStore.details("Bob's"), to: bob)
        #expect(try fixture.etag(href, in: alice) == first)
        #expect(try store.card(href: href, in: alice)?.etag == first)
        var seen = [first]
        _ = try store.updateContact(id: contact.id, with: TwoUserStore.details("Anna B."), in: alice)
        seen.append(try #require(try fixture.etag(href, in: alice)))
        _ = try store.updateContact(id: contact.id, with: TwoUserStore.details("Anna B."), in: alice)
        seen.append(try #require(try fixture.etag(href, in: alice)))
        _ = try store.importCards([ImportedCard(uid: contact.uid, details: .init(name: "Anna C."))], into: alice, onConflict: .update)
        seen.append(try #require(try fixture.etag(href, in: alice)))
        try store.deleteContact(id: contact.id, in: alice)
        #expect(try fixture.etag(href, in: alice) == nil)
        _ = try store.restoreContact(id: contact.id, in: alice)
        seen.append(try #require(try fixture.etag(href, in: alice)))
        seen.append(try fixture.put(href, uid: contact.uid, name: "Anna D.", in: alice).etag)
        #expect(Set(seen).count == seen.count)
    }

    // MARK: PUT

    @Test func putCreatesThenReplaces() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        var details = ContactDetails(name: "No Phone", note: "from a phone", photo: try Photo(data: png))
        let created = try store.putCard(href: "new card.vcf", uid: "uid-1", details: details, in: alice, precondition: .ifNoneMatchAny)
        #expect(created.created)
        #expect(created.card.href == "new card.vcf")
        #expect(created.card.contact.uid == "uid-1")
        #expect(created.card.contact.details.photo?.data == png)
        #expect(try store.card(href: "new card.vcf", in: alice) == created.card)
        details.note = "edited"
        let replaced = try store.putCard(href: "new card.vcf", uid: "uid-1", details: details, in: alice,
                                         precondition: .ifMatch(created.card.etag))
        #expect(!replaced.created)
        #expect(replaced.card.contact.id == created.card.contact.id)
        #expect(replaced.card.contact.details.note == "edited")
        #expect(replaced.card.etag != created.card.etag)
        #expect(try store.count(in: alice) == 1)
    }

    @Test func preconditionsAreChecked() throws {
        let card = try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        let put = { (precondition: ContactStore.CardPrecondition) in
            try store.putCard(href: "a.vcf", uid: "a", details: TwoUserStore.details("A2"), in: alice, precondition: precondition)
        }
        #expect(throws: StoreError.preconditionFailed) { try put(.ifNoneMatchAny) }
        #expect(throws: StoreError.preconditionFailed) { try put(.ifMatch("\"999\"")) }
        #expect(throws: StoreError.preconditionFailed) { try put(.ifMatch("W/" + card.etag)) }
        #expect(try store.card(href: "a.vcf", in: alice) == card, "a failed precondition writes nothing")
        let listed = try put(.ifMatch("\"1\", " + card.etag)).card
        let any = try put(.ifMatch("*")).card
        #expect(listed.etag != any.etag)
        #expect(throws: StoreError.preconditionFailed) {
            try store.putCard(href: "b.vcf", uid: "b", details: TwoUserStore.details("B"), in: alice, precondition: .ifMatch("*"))
        }
        #expect(try store.card(href: "b.vcf", in: alice) == nil)
    }

    @Test func aUIDBelongsToOneCardOfTheBook() throws {
        try fixture.put("a.vcf", uid: "shared", name: "A", in: alice)
        #expect(throws: StoreError.uidConflict(href: "a.vcf")) { try fixture.put("b.vcf", uid: "shared", name: "B", in: alice) }
        #expect(try store.cardList(in: alice).map(\.href) == ["a.vcf"])
        try fixture.put("b.vcf", uid: "other", name: "B", in: alice)
        #expect(throws: StoreError.uidConflict(href: "a.vcf")) { try fixture.put("b.vcf", uid: "shared", name: "B", in: alice) }
        // Another book may use it.
        #expect(try store.putCard(href: "b.vcf", uid: "shared", details: TwoUserStore.details("B"), in: bob, precondition: .none).created)
        // A card may not change its own UID (RFC 6352 §6.3.2.1): the conflict names the card itself.
        #expect(throws: StoreError.uidConflict(href: "a.vcf")) { try fixture.put("a.vcf", uid: "renamed", name: "A", in: alice) }
        #expect(try store.contacts(in: alice).map(\.uid).sorted() == ["other", "shared"])
    }

    @Test func theTrashGivesWay() throws {
        let byName = try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        let byUID = try fixture.put("b.vcf", uid: "b", name: "B", in: alice)
        try store.deleteCard(href: "a.vcf", in: alice, ifMatch: nil)
        try store.deleteCard(href: "b.vcf", in: alice, ifMatch: nil)
        #expect(try store.trash(in: alice).count == 2)
        let sameName = try store.putCard(href: "a.vcf", uid: "new", details: TwoUserStore.details("A2"), in: alice,
                                         precondition: .ifNoneMatchAny)
        #expect(sameName.created)
        #expect(sameName.card.contact.id != byName.contact.id)
        let sameUID = try fixture.put("c.vcf", uid: "b", name: "B2", in: alice)
        #expect(sameUID.contact.id != byUID.contact.id)
        #expect(try store.trash(in: alice).isEmpty)
        #expect(throws: StoreError.notInTrash(byName.contact.id)) { try store.restoreContact(id: byName.contact.id, in: alice) }
    }

    @Test func putRefusesBadNamesUIDsAndDetails() throws {
        for href in ["", ".", "..", "a/b.vcf", "tab\t.vcf", String(repeating: "x", count: 256)] {
            #expect(throws: StoreError.invalidHref(href)) { try fixture.put(href, uid: "u", name: "A", in: alice) }
        }
        for uid in ["", "line\nbreak", String(repeating: "u", count: 256)] {
            #expect(throws: StoreError.invalidUID(uid)) { try fixture.put("a.vcf", uid: uid, name: "A", in: alice) }
        }
        #expect(throws: StoreError.invalid(.emptyName)) { try fixture.put("a.vcf", uid: "u", name: " ", in: alice) }
        #expect(try store.cardList(in: alice).isEmpty)
        #expect(try fixture.put(String(repeating: "é", count: 255), uid: "u", name: "Long name", in: alice).contact.uid == "u")
    }

    // MARK: DELETE

    @Test func deleteMovesTheCardToTheTrash() throws {
        let card = try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        try store.deleteCard(href: "a.vcf", in: alice, ifMatch: nil)
        #expect(try store.card(href: "a.vcf", in: alice) == nil)
        #expect(try store.cardList(in: alice).isEmpty)
        #expect(try store.trash(in: alice).map(\.contact.id) == [card.contact.id])
        #expect(throws: StoreError.cardNotFound(href: "a.vcf")) { try store.deleteCard(href: "a.vcf", in: alice, ifMatch: nil) }
        _ = try store.restoreContact(id: card.contact.id, in: alice)
        #expect(try store.card(href: "a.vcf", in: alice)?.contact.id == card.contact.id)
    }

    @Test func deleteChecksIfMatch() throws {
        let card = try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        #expect(throws: StoreError.preconditionFailed) { try store.deleteCard(href: "a.vcf", in: alice, ifMatch: "\"0\"") }
        #expect(try store.card(href: "a.vcf", in: alice) == card)
        try store.deleteCard(href: "a.vcf", in: alice, ifMatch: card.etag)
        #expect(try store.card(href: "a.vcf", in: alice) == nil)
        #expect(throws: StoreError.cardNotFound(href: "a.vcf")) { try store.deleteCard(href: "a.vcf", in: alice, ifMatch: card.etag) }
    }

    // MARK: Multiget

    @Test func multigetReturnsTheLiveCardsAskedForInOrderOnce() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9]
        let a = try fixture.put("a.vcf", uid: "a", name: "A", in: alice)
        let b = try store.putCard(href: "b.vcf", uid: "b", details: .init(name: "B", photo: try Photo(data: png)),
                                  in: alice, precondition: .none).card
        try fixture.put("gone.vcf", uid: "gone", name: "Gone", in: alice)
        try store.deleteCard(href: "gone.vcf", in: alice, ifMatch: nil)
        let cards = try store.cards(hrefs: ["b.vcf", "missing.vcf", "gone.vcf", "a.vcf", "b.vcf", "\"quoted\".vcf"], in: alice)
        #expect(cards == [b, a])
        #expect(cards.first?.contact.details.photo?.data == png)
        #expect(try store.cards(hrefs: [], in: alice).isEmpty)
        // Names travel to SQLite as a JSON array: quotes, backslashes and control characters survive.
        let odd = "q\"u\\ote é.vcf"
        try fixture.put(odd, uid: "odd", name: "Odd", in: alice)
        #expect(try store.cardVersions(hrefs: ["a.vcf", odd, "control\u{1}.vcf"], in: alice).map(\.href) == ["a.vcf", odd])
        #expect(try store.cards(hrefs: [odd], in: alice).map(\.href) == [odd])
    }

    @Test func anETagIsTheSaltAndTheRevisionQuoted() {
        for revision: Int64 in [0, 7, 9, 10, 99, 100, 123_456_789, .max, -1, .min] {
            for salt in ["", "3f9a0c1b2d4e5f60", "é"] {
                #expect(ContactStore.etag(salt: salt, revision: revision) == "\"\(salt)-\(revision)\"")
            }
        }
    }

    /// The byte-level check of card names agrees with the rule it stands for: 1 to 255
    /// characters, not `.` or `..`, no `/` and no control character (general category Cc).
    @Test func cardNamesAreCheckedByTheirCharacters() {
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar != "/" && scalar.properties.generalCategory != .control
            #expect(ContactStore.isValidHref("a\(scalar)b") == expected, "U+\(String(value, radix: 16))")
        }
        for (name, valid) in [("", false), (".", false), ("..", false), ("...", true), ("a.vcf", true),
                              (String(repeating: "é", count: 255), true), (String(repeating: "é", count: 256), false),
                              (String(repeating: "e\u{301}", count: 255), true), (String(repeating: "a", count: 256), false)] {
            #expect(ContactStore.isValidHref(name) == valid, "\(name.utf8.count) bytes")
        }
    }

    @Test func cardListIsLiveCardsInDisplayOrder() throws {
        clock().advance(days: 1)
        try fixture.put("z.vcf", uid: "z", name: "Zed", in: alice)
        try fixture.put("a.vcf", uid: "a", name: "Bea", in: alice)
        try fixture.put("t.vcf", uid: "t", name: "Trashed", in: alice)
        try store.deleteCard(href: "t.vcf", in: alice, ifMatch: nil)
        let list = try store.cardList(in: alice)
        #expect(list.map(\.href) == ["a.vcf", "z.vcf"])
        #expect(list.allSatisfy { $0.updatedAt == clock().now })
    }

    private func clock() -> TestClock { fixture.clock }

    // MARK: Isolation

    @Test func aliceNeverReachesBobsCards() throws {
        let bobs = try fixture.put("x.vcf", uid: "x", name: "Bob's", in: bob)
        #expect(try store.card(href: "x.vcf", in: alice) == nil)
        #expect(try store.cards(hrefs: ["x.vcf"], in: alice).isEmpty)
        #expect(try store.cardList(in: alice).isEmpty)
        #expect(throws: StoreError.cardNotFound(href: "x.vcf")) { try store.deleteCard(href: "x.vcf", in: alice, ifMatch: bobs.etag) }
        #expect(throws: StoreError.preconditionFailed) {
            try store.putCard(href: "x.vcf", uid: "x", details: TwoUserStore.details("Hijack"), in: alice, precondition: .ifMatch(bobs.etag))
        }
        let alices = try store.putCard(href: "x.vcf", uid: "x", details: TwoUserStore.details("Alice's"), in: alice,
                                       precondition: .ifNoneMatchAny)
        #expect(alices.created)
        #expect(try store.card(href: "x.vcf", in: bob) == bobs)
        #expect(try store.changes(in: alice, since: nil, limit: nil)?.written.map(\.href) == ["x.vcf"])
        try store.deleteCard(href: "x.vcf", in: alice, ifMatch: nil)
        #expect(try store.card(href: "x.vcf", in: bob) == bobs)
    }
}
