import ContactsStore
import Foundation
import Testing

/// A DELETE of an address book moves it to the trash; contacts moved between books sync as a
/// deletion in one collection and a creation in the other.
@Suite struct BookMoveTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let home = "/dav/addressbooks/alice/"
    static let book = home + "contacts/"
    static let work = home + "work/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    @Test func aDeletedBookLeavesTheHomeSetAndComesBackWhenRestored() throws {
        #expect(try alice.send("MKCOL", Self.work).status == 201)
        #expect(try alice.put(Self.work + "w.vcf", vcard("UID:w", "FN:Work")).status == 201)
        #expect(try alice.send("DELETE", Self.work).status == 204)
        let home = try alice.propfind(Self.home, depth: 1, "<d:resourcetype/>")
        #expect(home.status == 207 && home.body.contains("<d:href>\(Self.book)</d:href>") && !home.body.contains("/work/"))
        #expect(try alice.send("PROPFIND", Self.work, headers: ["Depth": "0"]).status == 404)
        #expect(try alice.send("GET", Self.work + "w.vcf").status == 404)
        #expect(try alice.put(Self.work + "x.vcf", vcard("UID:x", "FN:X")).status == 404)
        #expect(try alice.send("DELETE", Self.work).status == 404)
        #expect(try server.store.trashedAddressBooks(for: server.alice).map(\.book.name) == ["work"])
        _ = try server.store.restoreAddressBook(named: "work", for: server.alice)
        let card = try alice.send("GET", Self.work + "w.vcf")
        #expect(card.status == 200 && card.body.contains("FN:Work"))
    }

    @Test func aMovedContactSyncsAsADeleteInOneBookAndACreateInTheOther() throws {
        #expect(try alice.send("MKCOL", Self.work).status == 201)
        #expect(try alice.put(Self.book + "m.vcf", vcard("UID:moving", "FN:Mover", "X-KEEP:me")).status == 201)
        let (sourceToken, targetToken) = (try #require(try alice.syncToken(of: Self.book)), try #require(try alice.syncToken(of: Self.work)))
        let source = try #require(try server.store.addressBook(named: "contacts", for: server.alice))
        let target = try #require(try server.store.addressBook(named: "work", for: server.alice))
        let id = try #require(try server.store.contacts(in: source.scope).first).id
        _ = try server.store.moveContacts(ids: [id], from: source.scope, to: target.scope)
        let removed = try alice.syncCollection(Self.book, since: sourceToken)
        #expect(removed.status == 207)
        #expect(removed.body.contains("<d:href>\(Self.book)m.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        let created = try alice.syncCollection(Self.work, since: targetToken)
        #expect(created.status == 207 && created.body.contains("<d:href>\(Self.work)moving.vcf</d:href>"))
        #expect(!created.body.contains("404 Not Found"))
        let card = try alice.send("GET", Self.work + "moving.vcf")
        #expect(card.status == 200 && card.body.contains("UID:moving") && card.body.contains("X-KEEP:me"))
        #expect(try alice.send("GET", Self.book + "m.vcf").status == 404)
    }
}
