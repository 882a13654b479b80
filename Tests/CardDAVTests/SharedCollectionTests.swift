import ContactsStore
import Foundation
import Testing

/// A book alice shares with bob, as bob's client sees it in his own home: listed, with its
/// owner and bob's privileges; writes refused with need-privileges where the share does not
/// allow them; sync both ways; revocation on the next request; nothing else reachable.
@Suite struct SharedCollectionTests {
    let server: DAVTestServer
    let alice: DAVClient
    let bob: DAVClient
    let family: AddressBook
    static let owned = "/dav/addressbooks/alice/family/"
    static let shared = "/dav/addressbooks/bob/~alice~family/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
        bob = server.client("bob")
        family = try server.store.createAddressBook(named: "family", displayName: "Family", for: server.alice)
        #expect(try alice.put(Self.owned + "anna.vcf", vcard("UID:anna", "FN:Anna", "TEL:123")).status == 201)
    }

    private func share(_ access: BookAccess) throws {
        try server.store.share(family.scope, with: "bob", access: access)
    }

    /// The privileges named in a `current-user-privilege-set`.
    private func privileges(_ path: String, client: DAVClient? = nil) throws -> [String] {
        let body = try (client ?? bob).propfind(path, depth: 0, "<d:current-user-privilege-set/>").body
        return body.components(separatedBy: "<d:privilege><d:").dropFirst().compactMap { $0.components(separatedBy: "/>").first }
    }

    @Test func theShareIsACollectionInTheShareesHomeWithItsOwner() throws {  // RFC 6352 §7.1.1, RFC 3744 §5.1
        try share(.readOnly)
        let home = try bob.propfind("/dav/addressbooks/bob/", depth: 1, "<d:displayname/><d:owner/><d:resourcetype/>")
        #expect(home.status == 207)
        #expect(elementTexts("d:href", in: home.body) == [
            "/dav/addressbooks/bob/", "/dav/principals/bob/", "/dav/addressbooks/bob/contacts/", "/dav/principals/bob/",
            "/dav/addressbooks/bob/~alice~family/", "/dav/principals/alice/",
        ])
        let book = try bob.propfind(Self.shared, depth: 1, "<d:displayname/><d:owner/><card:address-data/>")
        #expect(book.status == 207)
        #expect(elementTexts("d:displayname", in: book.body) == ["Family"])
        #expect(book.body.contains("<d:owner><d:href>/dav/principals/alice/</d:href></d:owner>"))
        #expect(book.body.contains("FN:Anna"))
        #expect(elementTexts("d:href", in: book.body).first == Self.shared)
        #expect(try bob.send("GET", Self.shared + "anna.vcf").body.contains("FN:Anna"))
        #expect(try alice.propfind(Self.owned, depth: 0, "<d:owner/>").body.contains("/dav/principals/alice/"))
    }

    @Test func privilegesTellTheTruth() throws {  // RFC 3744 §5.4
        let read = ["read", "read-acl", "read-current-user-privilege-set"]
        try share(.readOnly)
        #expect(try privileges(Self.shared) == read)
        #expect(try privileges(Self.shared + "anna.vcf") == read)
        try share(.readWrite)
        #expect(try privileges(Self.shared) == read + ["write-content", "bind", "unbind"])
        #expect(try privileges(Self.owned, client: alice) == read + ["write", "write-properties", "write-content", "bind", "unbind"])
    }

    /// Every write to a read-only share: 403 with need-privileges naming resource and privilege.
    @Test(arguments: [
        ("PUT", "anna.vcf", "write-content", "anna.vcf"), ("PUT", "new.vcf", "bind", ""), ("DELETE", "anna.vcf", "unbind", ""),
        ("PROPPATCH", "", "write-properties", ""), ("DELETE", "", "unbind", "home"), ("ACL", "", "write-acl", ""),
        ("MKCOL", "", "bind", "home"),
    ])
    func writesToAReadOnlyShareNeedPrivileges(method: String, target: String, privilege: String, resource: String) throws {  // RFC 3744 §7.1.1
        try share(.readOnly)
        let before = try #require(try alice.syncToken(of: Self.owned))
        let body: String? = switch method {
        case "PUT": vcard("UID:\(target.dropLast(4))", "FN:Changed")
        case "PROPPATCH": #"<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Mine</d:displayname></d:prop></d:set></d:propertyupdate>"#
        case "ACL": #"<d:acl xmlns:d="DAV:"/>"#
        default: nil
        }
        let reply = try bob.send(method, Self.shared + target, body: body,
                                 headers: method == "PUT" ? ["Content-Type": "text/vcard"] : [:])
        #expect(reply.status == 403)
        let href = resource == "home" ? "/dav/addressbooks/bob/" : Self.shared + resource
        #expect(reply.body.contains("<d:need-privileges><d:resource><d:href>\(href)</d:href>"
            + "<d:privilege><d:\(privilege)/></d:privilege></d:resource></d:need-privileges>"), "\(reply.body)")
        #expect(try alice.syncToken(of: Self.owned) == before, "nothing changed")
        #expect(try server.store.addressBook(named: "family", for: server.alice)?.displayName == "Family")
    }

    @Test func aReadWriteShareWritesCardsButNotTheBook() throws {
        try share(.readWrite)
        #expect(try bob.put(Self.shared + "bo.vcf", vcard("UID:bo", "FN:Bo")).status == 201)
        #expect(try bob.put(Self.shared + "anna.vcf", vcard("UID:anna", "FN:Anna B.")).status == 204)
        #expect(try alice.send("GET", Self.owned + "bo.vcf").status == 200)
        let anna = try #require(try server.store.card(href: "anna.vcf", in: family.scope))
        #expect(try server.store.lastChange(ofContact: anna.contact.id, in: family.scope)?.account == "bob")
        #expect(try bob.send("DELETE", Self.shared + "bo.vcf").status == 204)
        #expect(try alice.send("GET", Self.owned + "bo.vcf").status == 404)
        let rename = try bob.send("PROPPATCH", Self.shared,
                                  body: #"<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Mine</d:displayname></d:prop></d:set></d:propertyupdate>"#)
        #expect(rename.status == 403 && rename.body.contains("<d:write-properties/>"))
        let delete = try bob.send("DELETE", Self.shared)
        #expect(delete.status == 403 && delete.body.contains("need-privileges"))
        #expect(try alice.propfind(Self.owned, depth: 0, "<d:displayname/>").body.contains("Family"))
        #expect(try bob.send("MKCOL", Self.shared).body.contains("<d:privilege><d:bind/></d:privilege>"))
        #expect(try bob.put(Self.shared, vcard("UID:x", "FN:X")).status == 405, "as in any collection")
        #expect(try bob.send("MOVE", Self.shared + "anna.vcf").status == 405, "as anywhere")
    }

    @Test func syncSeesTheOtherSidesWrites() throws {  // RFC 6578
        try share(.readWrite)
        let bobsToken = try #require(try bob.syncToken(of: Self.shared))
        #expect(bobsToken == (try alice.syncToken(of: Self.owned)), "one book, one change log")
        let ctag = { try elementTexts("cs:getctag", in: bob.propfind(Self.shared, depth: 0, "<cs:getctag/>").body).first }
        let before = try ctag()
        #expect(try alice.put(Self.owned + "cy.vcf", vcard("UID:cy", "FN:Cy")).status == 201)
        #expect(try ctag() != before)
        let sync = try bob.syncCollection(Self.shared, since: bobsToken)
        #expect(sync.status == 207 && sync.body.contains(Self.shared + "cy.vcf"))
        let alicesToken = try #require(try alice.syncToken(of: Self.owned))
        let etag = try #require(try bob.put(Self.shared + "dee.vcf", vcard("UID:dee", "FN:Dee")).header("ETag"))
        let back = try alice.syncCollection(Self.owned, since: alicesToken)
        #expect(back.body.contains(Self.owned + "dee.vcf") && back.body.contains(etag.replacingOccurrences(of: "\"", with: "&quot;")))
    }

    /// Revoking or narrowing the share takes effect on bob's next request, his credentials
    /// cached from the requests before.
    @Test func revokingTakesEffectOnTheNextRequest() throws {
        try share(.readWrite)
        #expect(try bob.put(Self.shared + "bo.vcf", vcard("UID:bo", "FN:Bo")).status == 201)
        try share(.readOnly)
        #expect(try bob.put(Self.shared + "bo.vcf", vcard("UID:bo", "FN:Bo 2")).status == 403)
        try server.store.unshare(family.scope, with: "bob")
        #expect(try bob.send("GET", Self.shared + "bo.vcf").status == 404)
        #expect(try bob.propfind(Self.shared, depth: 1, "<d:getetag/>").status == 404)
        #expect(try bob.put(Self.shared + "bo.vcf", vcard("UID:bo", "FN:Bo 3")).status == 404)
        #expect(try bob.syncCollection(Self.shared, since: "x").status == 404)
        let home = try bob.propfind("/dav/addressbooks/bob/", depth: 1, "<d:displayname/>")
        #expect(!home.body.contains("~alice~family"))
        #expect(try alice.send("GET", Self.owned + "bo.vcf").body.contains("FN:Bo"))
    }

    /// Bob reaches nothing of alice's but the shared book under its segment in his home.
    @Test func guessedPathsFindNothing() throws {
        try share(.readWrite)
        let work = try server.store.createAddressBook(named: "work", displayName: "Work", for: server.alice)
        _ = try server.store.putCard(href: "boss.vcf", uid: "boss", details: .init(name: "Boss"), in: work.scope, precondition: .none)
        for path in [Self.owned, Self.owned + "anna.vcf", "/dav/addressbooks/alice/", "/dav/addressbooks/alice/work/boss.vcf",
                     "/dav/addressbooks/bob/~alice~work/", "/dav/addressbooks/bob/~alice~work/boss.vcf", "/dav/addressbooks/bob/~alice~contacts/",
                     "/dav/addressbooks/bob/~carol~family/", Self.shared + "boss.vcf", "/dav/principals/alice/"] {
            // GET of any collection of bob's, existing or not, is 405; anything of another's 404.
            let ownCollection = path.hasPrefix("/dav/addressbooks/bob/") && path.hasSuffix("/")
            #expect(try bob.send("GET", path).status == (ownCollection ? 405 : 404), "\(path)")
            #expect(try bob.propfind(path, depth: 0, "<d:getetag/>").status == 404, "\(path)")
            #expect(try bob.send("DELETE", path).status == 404, "\(path)")
        }
        let multiget = try bob.report(Self.shared, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><card:address-data/></d:prop>
            <d:href>/dav/addressbooks/alice/work/boss.vcf</d:href><d:href>\(Self.shared)boss.vcf</d:href>
            <d:href>/dav/addressbooks/bob/~alice~work/boss.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(multiget.status == 207 && !multiget.body.contains("FN:Boss"))
        #expect(try server.store.contacts(in: work.scope).count == 1)
    }

    @Test func ownBooksCannotTakeASharedSegment() throws {
        #expect(try bob.send("MKCOL", "/dav/addressbooks/bob/~alice~family/").status == 403)
        #expect(try bob.send("MKCOL", "/dav/addressbooks/bob/~mine/").status == 403)
        try share(.readOnly)
        #expect(try bob.send("MKCOL", Self.shared).status == 403)
        #expect(try server.store.addressBooks(for: server.bob).map(\.name) == ["contacts", "~alice~family"])
    }
}
