import ContactsCore
import ContactsStore
import Foundation
import Testing

/// Groups over CardDAV, as the clients that write them: Apple Contacts' group cards and the
/// CATEGORIES of DAVx5 and Thunderbird, each carried to the other, and the web app's groups seen by both.
@Suite struct GroupSyncTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let book = "/dav/addressbooks/alice/contacts/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    private func get(_ name: String) throws -> String {
        let reply = try alice.send("GET", Self.book + name)
        #expect(reply.status == 200)
        return reply.body
    }

    /// The names of the cards a sync-collection from `token` reports, each written or removed.
    private func changes(since token: String) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try alice.syncChanges(Self.book, since: token).map {
            ($0.key.replacingOccurrences(of: Self.book, with: ""), $0.value)
        })
    }

    private func appleGroup(_ name: String, uid: String, members: [String]) -> String {
        vcard(["N:\(name);;;;", "FN:\(name)", "X-ADDRESSBOOKSERVER-KIND:group", "UID:\(uid)"]
            + members.map { "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:\($0)" })
    }

    private func vcard(_ lines: [String]) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
    }

    /// Found in review: one card with 16,000 new CATEGORIES made 16,000 group cards inside its
    /// write, 25 s under the write lock while every other account's writes waited. A card may be
    /// in at most `ContactDetails.Limits.groups` groups: one over is refused with a message
    /// naming the limit, before any write, and no group card is made.
    @Test func aCardInMoreGroupsThanTheLimitIsRefusedAndMakesNoGroup() throws {
        let limit = ContactDetails.Limits.groups
        let over = (0...limit).map { "Label \($0)" }.joined(separator: ",")
        let refused = try alice.put(Self.book + "many.vcf", vcard(["UID:many", "FN:Many", "CATEGORIES:" + over]))
        #expect(refused.status == 403)
        #expect(refused.body.contains("At most \(limit) entries for Groups"), "\(refused.body)")
        let scope = try server.store.defaultAddressBook(for: server.alice)
        #expect(try server.store.groups(in: scope).isEmpty)
        #expect(try alice.send("GET", Self.book + "many.vcf").status == 404)
        let atLimit = (1...limit).map { "Label \($0)" }.joined(separator: ",")
        #expect(try alice.put(Self.book + "many.vcf", vcard(["UID:many", "FN:Many", "CATEGORIES:" + atLimit])).status == 201)
        #expect(try server.store.groups(in: scope).count == limit)
    }

    @Test func aGroupMadeOnAnIPhoneReachesCategoriesClientsAndTheWebApp() throws {
        #expect(try alice.put(Self.book + "A.vcf", vcard(["UID:A", "FN:Zhang San", "TEL:13800138000"])).status == 201)
        #expect(try alice.put(Self.book + "B.vcf", vcard(["UID:B", "FN:Li Si", "TEL:13900139000"])).status == 201)
        let before = try #require(try alice.syncToken(of: Self.book))
        #expect(try alice.put(Self.book + "G.vcf", appleGroup("Work", uid: "G", members: ["A"])).status == 201)
        #expect(try get("A.vcf").contains("CATEGORIES:Work"), "a DAVx5 or Thunderbird client reads the group as a category")
        #expect(try !get("B.vcf").contains("CATEGORIES"))
        #expect(try changes(since: before) == ["G.vcf": "written", "A.vcf": "written"])
        let scope = try server.store.defaultAddressBook(for: server.alice)
        let work = try #require(try server.store.group(named: "Work", in: scope))
        #expect(work.memberCount == 1 && work.uid == "G")
        #expect(try server.store.count(in: scope) == 2, "the group card is no contact")

        // The iPhone takes A out and puts B in.
        #expect(try alice.put(Self.book + "G.vcf", appleGroup("Work", uid: "G", members: ["B"])).status == 204)
        #expect(try !get("A.vcf").contains("CATEGORIES"))
        #expect(try get("B.vcf").contains("CATEGORIES:Work"))
    }

    @Test func aCategoryFromDAVx5AndALabelFromTheWebAppAreGroupCardsOnTheIPhone() throws {
        let before = try #require(try alice.syncToken(of: Self.book))
        #expect(try alice.put(Self.book + "A.vcf", vcard(["UID:A", "FN:Zhang San", "CATEGORIES:Family,Friends"])).status == 201)
        let written = try changes(since: before)
        #expect(written.count == 3 && written["A.vcf"] == "written", "A and a new group card for each category")
        let scope = try server.store.defaultAddressBook(for: server.alice)
        let family = try #require(try server.store.group(named: "Family", in: scope))
        let card = try get(family.uid + ".vcf")
        #expect(card.contains("X-ADDRESSBOOKSERVER-KIND:group") && card.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:A"))

        let school = try server.store.createGroup(named: "学校", in: scope)
        let contact = try #require(try server.store.contacts(in: scope).first)
        try server.store.addContacts([contact.id], toGroup: school.id, in: scope)
        #expect(try get(school.uid + ".vcf").contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:A"))
        #expect(try get("A.vcf").contains("学校"))

        // DAVx5 drops Family from A: A leaves the Family card.
        #expect(try alice.put(Self.book + "A.vcf", vcard(["UID:A", "FN:Zhang San", "CATEGORIES:Friends,学校"])).status == 204)
        #expect(try !get(family.uid + ".vcf").contains("MEMBER"))
    }

    @Test func aCardTheStoreChangedAsItWasWrittenGetsNoETag() throws {
        #expect(try alice.put(Self.book + "G.vcf", appleGroup("Family", uid: "G", members: ["A"])).status == 201)
        let reply = try alice.put(Self.book + "A.vcf", vcard(["UID:A", "FN:Zhang San"]))
        #expect(reply.status == 201)
        #expect(reply.header("ETag") == nil, "the stored card has CATEGORIES the client did not send: it must GET it")
        #expect(try get("A.vcf").contains("CATEGORIES:Family"))
    }

    @Test func anIPhoneHoldingAnOldGroupCardCannotOverwriteAMemberAddedElsewhere() throws {
        #expect(try alice.put(Self.book + "G.vcf", appleGroup("Family", uid: "G", members: [])).status == 201)
        let etag = try #require(try alice.send("GET", Self.book + "G.vcf").header("ETag"))
        #expect(try alice.put(Self.book + "A.vcf", vcard(["UID:A", "FN:Zhang San", "CATEGORIES:Family"])).status == 201)
        let stale = try alice.put(Self.book + "G.vcf", appleGroup("Family", uid: "G", members: []), headers: ["If-Match": etag])
        #expect(stale.status == 412, "the group card changed when A joined: the old one must not drop A")
        #expect(try get("A.vcf").contains("CATEGORIES:Family"))
    }

    @Test func deletingAGroupCardKeepsItsContactsWithoutTheCategory() throws {
        #expect(try alice.put(Self.book + "A.vcf", vcard(["UID:A", "FN:Zhang San", "CATEGORIES:Family"])).status == 201)
        let scope = try server.store.defaultAddressBook(for: server.alice)
        let family = try #require(try server.store.group(named: "Family", in: scope))
        #expect(try alice.send("DELETE", Self.book + family.uid + ".vcf").status == 204)
        #expect(try !get("A.vcf").contains("CATEGORIES"))
        #expect(try server.store.count(in: scope) == 1)
    }
}
