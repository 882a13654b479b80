import ContactsCore
import Foundation
import Testing
import VCard
@testable import ContactsStore

/// Groups kept both ways clients write them: group cards (Apple) and CATEGORIES (everyone else),
/// each write of one carried to the other, group cards never counted or listed as contacts.
@Suite struct GroupStoreTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var book: AddressBookScope { fixture.aliceBook }

    init() throws {
        fixture = try TwoUserStore()
    }

    private func add(_ name: String, categories: [String] = []) throws -> Contact {
        var details = TwoUserStore.details(name)
        if !categories.isEmpty { details.changeCategories(adding: categories, removing: []) }
        return try store.addContact(details, to: book)
    }

    private func categories(of id: Int64) throws -> [String] {
        try store.contact(id: id, in: book).details.categories
    }

    /// The group card of `group` as a CardDAV client reads it.
    private func card(of group: ContactGroup) throws -> ContactDetails {
        let card = try #require(try store.cardList(in: book).first { $0.href == group.uid + ".vcf" })
        return try #require(try store.card(href: card.href, in: book)).contact.details
    }

    /// PUTs a group card as Apple Contacts writes one.
    @discardableResult
    private func putAppleGroup(_ name: String, uid: String, members: [String], precondition: ContactStore.CardPrecondition = .none) throws
        -> ContactStore.StoredCard {
        let lines = ["BEGIN:VCARD", "VERSION:3.0", "N:\(name);;;;", "FN:\(name)", "X-ADDRESSBOOKSERVER-KIND:group", "UID:\(uid)"]
            + members.map { "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\($0)" } + ["END:VCARD", ""]
        let details = try ContactDetails(card: try VCard(parsing: lines.joined(separator: "\r\n")))
        return try store.putCard(href: uid + ".vcf", uid: uid, details: details, in: book, precondition: precondition).card
    }

    @Test func aGroupMadeHereIsAGroupCardAndNoContact() throws {
        let zhang = try add("张三")
        let family = try store.createGroup(named: " Family ", in: book)
        #expect(family.name == "Family" && family.memberCount == 0)
        #expect(try card(of: family).isGroup)
        #expect(try store.count(in: book) == 1)
        #expect(try store.contacts(in: book).map(\.id) == [zhang.id])
        #expect(try store.search("Family", in: book).isEmpty)
        #expect(throws: StoreError.contactNotFound(family.id)) { try store.contact(id: family.id, in: book) }
        #expect(throws: StoreError.groupNameTaken("Family")) { try store.createGroup(named: "Family", in: book) }
        #expect(throws: StoreError.invalidGroupName("")) { try store.createGroup(named: "", in: book) }
        #expect(throws: StoreError.invalidGroupName("a\u{0}b")) { try store.createGroup(named: "a\u{0}b", in: book) }
        #expect(try store.groups(in: fixture.bobBook).isEmpty, "another account's book has no groups")
        #expect(throws: StoreError.groupNotFound) { try store.deleteGroup(id: family.id, in: fixture.bobBook) }
    }

    @Test func membersAddedHereAreInTheGroupCardAndTheirCategories() throws {
        let zhang = try add("张三"), li = try add("李四"), wang = try add("王五")
        let family = try store.createGroup(named: "Family", in: book)
        #expect(try store.addContacts([zhang.id, li.id, li.id, 999_999], toGroup: family.id, in: book) == 2)
        #expect(try categories(of: zhang.id) == ["Family"])
        #expect(Set(try card(of: family).groupMembers) == [zhang.uid, li.uid])
        #expect(try store.group(id: family.id, in: book).memberCount == 2)
        let page = try store.page(in: book, group: family.id, limit: 10)
        #expect(page.contacts.map(\.id) == [li.id, zhang.id] && page.total == 2, "in name order: Li before Zhang")
        #expect(try store.searchPage("zs", in: book, group: family.id, limit: 10).contacts.map(\.id) == [zhang.id])
        #expect(try store.searchPage("ww", in: book, group: family.id, limit: 10).contacts.isEmpty, "王五 is not in it")
        #expect(try store.search("ww", in: book).map(\.id) == [wang.id])
        try store.removeContacts([zhang.id], fromGroup: family.id, in: book)
        #expect(try categories(of: zhang.id).isEmpty)
        #expect(try card(of: family).groupMembers == [li.uid])
    }

    @Test func anAppleGroupCardGivesItsMembersTheCategoryAndTakesItBack() throws {
        let zhang = try add("张三"), li = try add("李四")
        let before = try store.contact(id: zhang.id, in: book).revision
        try putAppleGroup("Work", uid: "GROUP-1", members: [zhang.uid])
        let work = try #require(try store.group(named: "Work", in: book))
        #expect(work.uid == "GROUP-1" && work.memberCount == 1)
        #expect(try categories(of: zhang.id) == ["Work"])
        #expect(try store.contact(id: zhang.id, in: book).revision > before, "a new revision: clients fetch the new CATEGORIES")
        #expect(try store.count(in: book) == 2)

        try putAppleGroup("Colleagues", uid: "GROUP-1", members: [li.uid])
        #expect(try categories(of: zhang.id).isEmpty)
        #expect(try categories(of: li.id) == ["Colleagues"])
        #expect(try store.groups(in: book).map(\.name) == ["Colleagues"])
    }

    @Test func aRenameReachesEveryMember() throws {
        let zhang = try add("张三", categories: ["Family", "Friends"]), li = try add("李四", categories: ["Family"])
        let family = try #require(try store.group(named: "Family", in: book))
        #expect(family.memberCount == 2)
        _ = try store.renameGroup(id: family.id, to: "家人", in: book)
        #expect(try categories(of: zhang.id) == ["家人", "Friends"], "renamed where it stood")
        #expect(try categories(of: li.id) == ["家人"])
        #expect(try card(of: family).name == "家人")
        #expect(throws: StoreError.groupNameTaken("Friends")) { try store.renameGroup(id: family.id, to: "Friends", in: book) }
    }

    @Test func aNewCategoryMakesAGroupCardAndLeavingItLeavesTheCard() throws {
        var zhang = try add("张三", categories: ["Work"])
        let work = try #require(try store.group(named: "Work", in: book))
        #expect(try card(of: work).groupMembers == [zhang.uid])
        zhang = try store.modifyContact(id: zhang.id, in: book) { $0.changeCategories(adding: [], removing: ["Work"]) }
        #expect(try card(of: work).groupMembers.isEmpty)
        #expect(try store.group(id: work.id, in: book).memberCount == 0, "the group stays, empty")
    }

    @Test func aMemberNamedBeforeItsCardArrivesJoinsWhenItDoes() throws {
        try putAppleGroup("Family", uid: "GROUP-2", members: ["PERSON-1"])
        #expect(try store.group(named: "Family", in: book)?.memberCount == 0)
        let person = try ContactDetails(card: try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zhang San\r\nUID:PERSON-1\r\nEND:VCARD\r\n"))
        let stored = try store.putCard(href: "PERSON-1.vcf", uid: "PERSON-1", details: person, in: book, precondition: .ifNoneMatchAny).card
        #expect(try categories(of: stored.contact.id) == ["Family"])
        #expect(try store.group(named: "Family", in: book)?.memberCount == 1)
    }

    @Test func vCard4GroupCardsCountToo() throws {
        let zhang = try add("张三")
        let text = "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Club\r\nMEMBER:urn:uuid:\(zhang.uid)\r\nUID:g4\r\nEND:VCARD\r\n"
        let details = try ContactDetails(card: try VCard(parsing: text))
        _ = try store.putCard(href: "g4.vcf", uid: "g4", details: details, in: book, precondition: .none)
        #expect(try categories(of: zhang.id) == ["Club"])
        let club = try #require(try store.group(named: "Club", in: book))
        let li = try add("李四")
        try store.addContacts([li.id], toGroup: club.id, in: book)
        let lines = try card(of: club).extraProperties
        #expect(lines.contains("MEMBER:urn:uuid:\(li.uid)"), "written the way the card already names members")
    }

    @Test func deletedMembersLeaveTheCardAndComeBackWithRestore() throws {
        let zhang = try add("张三", categories: ["Family"])
        let family = try #require(try store.group(named: "Family", in: book))
        try store.deleteContact(id: zhang.id, in: book)
        #expect(try card(of: family).groupMembers.isEmpty)
        #expect(try store.trash(in: book).map(\.contact.id) == [zhang.id], "group cards never show in the trash")
        _ = try store.restoreContact(id: zhang.id, in: book)
        #expect(try card(of: family).groupMembers == [zhang.uid])
    }

    @Test func deletingAGroupKeepsItsContacts() throws {
        let zhang = try add("张三", categories: ["Family", "Friends"])
        let family = try #require(try store.group(named: "Family", in: book))
        try store.deleteGroup(id: family.id, in: book)
        #expect(try categories(of: zhang.id) == ["Friends"])
        #expect(try store.groups(in: book).map(\.name) == ["Friends"])
        #expect(try store.count(in: book) == 1)
        #expect(try store.trash(in: book).isEmpty)
    }

    @Test func theCountOfContactsLeavesGroupCardsOut() throws {
        _ = try add("张三", categories: ["A", "B", "C"])
        try putAppleGroup("D", uid: "GROUP-D", members: [])
        #expect(try store.count(in: book) == 1)
        #expect(try store.groups(in: book).count == 4)
        try store.deleteCard(href: "GROUP-D.vcf", in: book, ifMatch: nil)
        #expect(try store.count(in: book) == 1)
        #expect(try store.groups(in: book).map(\.name) == ["A", "B", "C"])
    }

    @Test func aGroupCardArrivingAfterItsMembersIsOneGroupWithTheOneTheirCategoriesMade() throws {
        func card(_ lines: String...) throws -> ContactDetails {
            try ContactDetails(card: try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"))
        }
        // As an export writes them: the contacts with CATEGORIES first, the group cards after.
        let cards = [
            ImportedCard(uid: "P1", details: try card("FN:Zhang San", "CATEGORIES:Family")),
            ImportedCard(uid: "P2", details: try card("FN:Li Si", "CATEGORIES:Family")),
            ImportedCard(uid: "G1", details: try card("FN:Family", "X-ADDRESSBOOKSERVER-KIND:group",
                                                      "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:P1", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:P3")),
            ImportedCard(uid: "P3", details: try card("FN:Wang Wu")),
        ]
        _ = try store.importCards(cards, into: book, onConflict: .update)
        let groups = try store.groups(in: book)
        #expect(groups.map(\.name) == ["Family"] && groups.first?.uid == "G1", "the card that came keeps the group")
        #expect(groups.first?.memberCount == 3)
        #expect(Set(try self.card(of: try #require(groups.first)).groupMembers) == ["P1", "P2", "P3"])
        #expect(try store.contacts(in: book).allSatisfy { $0.details.categories == ["Family"] })
    }

    @Test func aReadOnlyShareSeesTheGroupsAndChangesNone() throws {
        let zhang = try add("张三", categories: ["Family"])
        let family = try #require(try store.group(named: "Family", in: book))
        try store.share(book, with: "bob", access: .readOnly)
        let shared = try #require(try store.addressBook(named: "~alice~contacts", for: fixture.bob)).scope
        #expect(try store.groups(in: shared).map(\.name) == ["Family"])
        #expect(try store.page(in: shared, group: family.id, limit: 10).contacts.map(\.id) == [zhang.id])
        #expect(throws: StoreError.addressBookReadOnly) { try store.createGroup(named: "Mine", in: shared) }
        #expect(throws: StoreError.addressBookReadOnly) { try store.renameGroup(id: family.id, to: "Mine", in: shared) }
        #expect(throws: StoreError.addressBookReadOnly) { try store.deleteGroup(id: family.id, in: shared) }
        #expect(throws: StoreError.addressBookReadOnly) { try store.removeContacts([zhang.id], fromGroup: family.id, in: shared) }
        #expect(try store.group(id: family.id, in: book).memberCount == 1)

        try store.share(book, with: "bob", access: .readWrite)
        let writable = try #require(try store.addressBook(named: "~alice~contacts", for: fixture.bob)).scope
        try store.removeContacts([zhang.id], fromGroup: family.id, in: writable)
        #expect(try categories(of: zhang.id).isEmpty, "a read-write share changes the owner's groups")
    }

    @Test func aContactMovedToAnotherBookLeavesItsGroupsHereAndJoinsThoseThere() throws {
        let zhang = try add("张三", categories: ["Family"])
        let family = try #require(try store.group(named: "Family", in: book))
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: fixture.alice)
        let moved = try store.moveContacts(ids: [zhang.id], from: book, to: work.scope)
        #expect(try card(of: family).groupMembers.isEmpty && store.group(id: family.id, in: book).memberCount == 0)
        let there = try #require(try store.group(named: "Family", in: work.scope))
        #expect(there.memberCount == 1 && there.id != family.id)
        #expect(try store.contact(id: moved[0], in: work.scope).details.categories == ["Family"])
        #expect(try store.count(in: work.scope) == 1 && store.count(in: book) == 0)
    }

    @Test func exportWritesGroupCardsOnlyWhenAsked() throws {
        _ = try add("张三", categories: ["Family"])
        func export(groupCards: Bool) throws -> String {
            var bytes: [UInt8] = []
            try store.exportVCards(in: book, version: .v3_0, groupCards: groupCards) { bytes += $0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let plain = try export(groupCards: false)
        #expect(plain.contains("CATEGORIES:Family") && !plain.contains("X-ADDRESSBOOKSERVER-KIND"))
        let withGroups = try export(groupCards: true)
        #expect(withGroups.contains("X-ADDRESSBOOKSERVER-KIND:group") && withGroups.components(separatedBy: "BEGIN:VCARD").count == 3)
    }
}
