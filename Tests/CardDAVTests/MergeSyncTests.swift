import ContactsCore
import ContactsStore
import Foundation
import Testing

/// A merge as a syncing client sees it: one card updated (with every line of the cards merged
/// into it) and the others removed, on the next sync-collection; an Undo brings them back.
@Suite struct MergeSyncTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let book = "/dav/addressbooks/alice/contacts/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    private func token() throws -> String {
        try #require(try alice.syncToken(of: Self.book))
    }

    private func changes(since token: String) throws -> [String: String] {
        try alice.syncChanges(Self.book, since: token)
    }

    @Test func aMergeIsOneUpdateAndTheRemovalsAndUndoBringsThemBack() throws {
        #expect(try alice.put(Self.book + "phone.vcf", vcard("UID:phone", "FN:张三", "N:张;三;;;", "TEL;TYPE=CELL:+86 138 0013 8000",
                                                              "X-PHONE-ONLY:kept")).status == 201)
        #expect(try alice.put(Self.book + "laptop.vcf", vcard("UID:laptop", "FN:Zhang San", "TEL:13800138000",
                                                               "EMAIL:zs@example.com", "CATEGORIES:Family", "X-LAPTOP-ONLY:kept too")).status == 201)
        let before = try token()
        let scope = try server.store.defaultAddressBook(for: server.alice)
        let ids = try server.store.contacts(in: scope).sorted { $0.uid > $1.uid }.map(\.id)  // phone, then laptop
        _ = try server.store.mergeContacts(ids, region: PhoneRegion(code: "CN")!, in: scope)

        // laptop's group (its CATEGORIES) now lists phone instead: its card is written too.
        let family = Self.book + (try #require(try server.store.group(named: "Family", in: scope))).uid + ".vcf"
        let afterMerge = try changes(since: before)
        #expect(afterMerge == [Self.book + "phone.vcf": "written", Self.book + "laptop.vcf": "removed", family: "written"], "\(afterMerge)")
        let card = try alice.send("GET", Self.book + "phone.vcf").body
        for line in ["FN:张三", "UID:phone", "EMAIL:zs@example.com", "CATEGORIES:Family", "X-PHONE-ONLY:kept", "X-LAPTOP-ONLY:kept too"] {
            #expect(card.contains(line + "\r\n"), "\(line)")
        }
        #expect(card.components(separatedBy: "TEL").count == 2, "one number, however each card wrote it")
        #expect(try alice.send("GET", Self.book + "laptop.vcf").status == 404)

        let merged = try token()
        _ = try server.store.undoMerge(into: ids[0], in: scope)
        let afterUndo = try changes(since: merged)
        #expect(afterUndo == [Self.book + "phone.vcf": "written", Self.book + "laptop.vcf": "written", family: "written"], "\(afterUndo)")
        #expect(try alice.send("GET", Self.book + "laptop.vcf").body.contains("X-LAPTOP-ONLY:kept too"))
        #expect(try !alice.send("GET", Self.book + "phone.vcf").body.contains("X-LAPTOP-ONLY"))
    }
}
