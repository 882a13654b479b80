import ContactsCore
import Foundation
import Testing
import TestSupport
import VCard
@testable import ContactsStore

/// Random interleavings of what every client does to groups — Apple's group cards PUT and
/// deleted, contacts PUT with CATEGORIES, deleted and restored, the web app's groups made,
/// filled and emptied — after each of which the two ways of saying who is in a group agree.
@Suite struct GroupConsistencyTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var book: AddressBookScope { fixture.aliceBook }
    static let people = (0..<8).map { "P\($0)" }
    /// Apple's group cards: each UID always carries its one name, so no two groups share a name.
    static let appleGroups = [("G0", "Family"), ("G1", "Work"), ("G2", "School")]
    static let names = ["Family", "Work", "School", "Club"]

    init() throws {
        fixture = try TwoUserStore()
    }

    private func details(_ lines: [String]) throws -> ContactDetails {
        try ContactDetails(card: try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"))
    }

    private func some<T>(_ items: [T], _ random: inout SeededGenerator) -> [T] {
        items.filter { _ in Bool.random(using: &random) }
    }

    /// One step a client might take; returns what it did, for the failure message.
    private func step(_ random: inout SeededGenerator) throws -> String {
        let person = Self.people.randomElement(using: &random)!
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1:
            let categories = some(Self.names, &random)
            var lines = ["FN:\(person)", "UID:\(person)"]
            if !categories.isEmpty { lines.append("CATEGORIES:" + categories.joined(separator: ",")) }
            _ = try store.putCard(href: person + ".vcf", uid: person, details: try details(lines), in: book, precondition: .none)
            return "PUT \(person) CATEGORIES \(categories)"
        case 2, 3:
            let (uid, name) = Self.appleGroups.randomElement(using: &random)!
            let members = some(Self.people, &random)
            let lines = ["FN:\(name)", "N:\(name);;;;", "X-ADDRESSBOOKSERVER-KIND:group", "UID:\(uid)"]
                + members.map { "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\($0)" }
            do {
                _ = try store.putCard(href: uid + ".vcf", uid: uid, details: try details(lines), in: book, precondition: .none)
            } catch StoreError.uidConflict {
                return "PUT \(uid): its name is taken by a card of another UID"
            }
            return "PUT \(uid) \(name) members \(members)"
        case 4:
            guard let card = try store.card(href: person + ".vcf", in: book) else { return "nothing to delete" }
            try store.deleteContact(id: card.contact.id, in: book)
            return "DELETE \(person)"
        case 5:
            guard let trashed = try store.trash(in: book).randomElement(using: &random) else { return "nothing to restore" }
            _ = try store.restoreContact(id: trashed.contact.id, in: book)
            return "RESTORE \(trashed.contact.uid)"
        case 6:
            guard let group = try store.groups(in: book).randomElement(using: &random) else { return "no group" }
            let ids = some(try store.contacts(in: book).map(\.id), &random)
            if Bool.random(using: &random) {
                try store.addContacts(ids, toGroup: group.id, in: book)
                return "web: add \(ids) to \(group.name)"
            }
            try store.removeContacts(ids, fromGroup: group.id, in: book)
            return "web: remove \(ids) from \(group.name)"
        default:
            guard let group = try store.groups(in: book).randomElement(using: &random) else { return "no group" }
            try store.deleteGroup(id: group.id, in: book)
            return "web: delete group \(group.name)"
        }
    }

    /// What must hold between any two writes.
    private func checkAgreement(after history: [String]) throws {
        let contacts = try store.contacts(in: book)
        let groups = try store.groups(in: book)
        let context = history.suffix(6).joined(separator: "\n")
        #expect(try store.count(in: book) == contacts.count, "\(context)")
        #expect(Set(groups.map(\.name)).count == groups.count, "one group of each name after\n\(context)")
        for contact in contacts {
            for name in contact.details.categories {
                #expect(groups.contains { $0.name == name }, "\(contact.uid)'s category \(name) has a group after\n\(context)")
            }
        }
        for group in groups {
            let card = try #require(try store.cardList(in: book).first { $0.href == group.uid + ".vcf" })
            let listed = Set(try #require(try store.card(href: card.href, in: book)).contact.details.groupMembers)
            let carrying = Set(contacts.filter { $0.details.categories.contains(group.name) }.map(\.uid))
            #expect(listed.intersection(contacts.map(\.uid)) == carrying, "\(group.name)'s card lists who carry its name after\n\(context)")
            #expect(group.memberCount == carrying.count, "\(group.name)'s count after\n\(context)")
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64]) func everyInterleavingKeepsCardsAndCategoriesInStep(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var history: [String] = []
        for _ in 0..<120 {
            history.append(try step(&random))
            try checkAgreement(after: history)
        }
    }
}
