import ContactsStore
import Foundation
import Testing

/// Address books named as clients name them (RFC 4918 §8.3, RFC 3986 §2.1, RFC 6352 §6.3.1):
/// spaces, `@`, any script, up to 255 bytes, percent-encoded in every href; names that are
/// empty, `.`/`..`, hold `/`, control or format characters, or are too long are refused, and a
/// name is one book whichever Unicode normalization form a client writes it in.
@Suite struct AddressBookNameTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let home = "/dav/addressbooks/alice/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    /// Names and how they are written in an href.
    static let names: [(name: String, encoded: String)] = [
        ("My Contacts", "My%20Contacts"),
        ("家人", "%E5%AE%B6%E4%BA%BA"),
        ("Família", "Fam%C3%ADlia"),
        ("me@work", "me@work"),
        ("100% (old) & new", "100%25%20%28old%29%20%26%20new"),
    ]

    @Test(arguments: [false, true])
    func mkcolCreatesBooksNamedAsClientsNameThem(extended: Bool) throws {
        for (name, encoded) in Self.names {
            let body = extended ? """
                <d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>
                <d:resourcetype><d:collection/><card:addressbook/></d:resourcetype><d:displayname>\(name.replacingOccurrences(of: "&", with: "&amp;"))</d:displayname>
                </d:prop></d:set></d:mkcol>
                """ : nil
            let created = try alice.send("MKCOL", Self.home + encoded + "/", body: body)
            #expect(created.status == 201, "\(name): \(created.body)")
            #expect(try server.store.addressBook(named: name, for: server.alice)?.displayName == name)
        }
        let listing = try alice.propfind(Self.home, depth: 1, "<d:resourcetype/><d:displayname/>")
        #expect(listing.status == 207)
        for (name, encoded) in Self.names {
            #expect(listing.body.contains("<d:href>\(Self.home)\(encoded)/</d:href>"), "\(name)")
            #expect(listing.body.contains("<d:displayname>\(name.replacingOccurrences(of: "&", with: "&amp;"))</d:displayname>"))
        }
        // The same name again is taken, whichever form it comes in.
        #expect(try alice.send("MKCOL", Self.home + "My%20Contacts/").status == 405)
    }

    /// An account's books are limited: the MKCOL past the limit is refused with the limit named.
    @Test func mkcolPastTheAccountsLimitIsRefusedNamingIt() throws {
        let maximum = StoreError.StoreLimit.addressBooks.maximum
        for index in 1..<maximum {
            #expect(try alice.send("MKCOL", Self.home + "book-\(index)/").status == 201)
        }
        let refused = try alice.send("MKCOL", Self.home + "one-more/")
        #expect(refused.status == 403)
        #expect(refused.body.contains("an account holds at most \(maximum) address books"), "\(refused.body)")
        #expect(try server.store.addressBooks(for: server.alice).count == maximum)
    }

    /// PUT, GET, PROPFIND, multiget, query, sync-collection and DELETE inside such a book, its
    /// hrefs percent-encoded in every answer.
    @Test(arguments: names)
    func cardsLiveInSuchBooks(name: String, encoded: String) throws {
        #expect(try alice.send("MKCOL", Self.home + encoded + "/").status == 201)
        let book = Self.home + encoded + "/"
        let put = try alice.put(book + "one.vcf", vcard("UID:one", "FN:One Person"))
        #expect(put.status == 201 && put.header("ETag") != nil)
        let got = try alice.send("GET", book + "one.vcf")
        #expect(got.status == 200 && got.body.contains("FN:One Person"))
        let listing = try alice.propfind(book, depth: 1, "<d:getetag/>")
        #expect(listing.body.contains("<d:href>\(book)</d:href>") && listing.body.contains("<d:href>\(book)one.vcf</d:href>"), "\(listing.body)")
        let multiget = try alice.report(book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/><card:address-data/></d:prop><d:href>\(book)one.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(multiget.status == 207 && multiget.body.contains("FN:One Person") && multiget.body.contains("<d:href>\(book)one.vcf</d:href>"))
        let query = try alice.report(book, """
            <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>
            <card:filter><card:prop-filter name="FN"><card:text-match>One</card:text-match></card:prop-filter></card:filter></card:addressbook-query>
            """, depth: "1")
        #expect(query.body.contains("<d:href>\(book)one.vcf</d:href>"))
        func sync(_ token: String) throws -> DAVClient.Reply {
            try alice.report(book, """
                <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
                """)
        }
        let initial = try sync("")
        #expect(initial.status == 207 && initial.body.contains("<d:href>\(book)one.vcf</d:href>"))
        let token = try #require(initial.body.components(separatedBy: "<d:sync-token>").dropFirst().first?.components(separatedBy: "</d:sync-token>").first)
        #expect(try alice.send("DELETE", book + "one.vcf").status == 204)
        let later = try sync(token)
        #expect(later.body.contains("<d:href>\(book)one.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(try alice.send("DELETE", book).status == 204)
        #expect(try alice.send("PROPFIND", book, headers: ["Depth": "0"]).status == 404)
    }

    /// A name written decomposed (NFD) and precomposed (NFC) is one book: it is made in NFC and
    /// found by either form.
    @Test func namesAreOneBookInEitherNormalizationForm() throws {
        let decomposed = "Fami%CC%81lia"  // i + U+0301 COMBINING ACUTE ACCENT
        #expect(try alice.send("MKCOL", Self.home + decomposed + "/").status == 201)
        #expect(try alice.send("MKCOL", Self.home + "Fam%C3%ADlia/").status == 405)
        let books = try server.store.addressBooks(for: server.alice).map(\.name)
        #expect(books.count == 2)
        #expect(books.contains { Array($0.utf8) == Array("Fam\u{ED}lia".utf8) })
        #expect(try alice.put(Self.home + decomposed + "/a.vcf", vcard("UID:a", "FN:A")).status == 201)
        #expect(try alice.send("GET", Self.home + "Fam%C3%ADlia/a.vcf").status == 200)
        let listing = try alice.propfind(Self.home + decomposed + "/", depth: 0, "<d:displayname/>")
        #expect(listing.body.contains("<d:href>\(Self.home)Fam%C3%ADlia/</d:href>"))
    }

    /// Names that cannot be a book: empty is not a segment, and the others are refused with 403.
    @Test(arguments: [
        "%2E%2E", "%20lead", "trail%20", "tab%09name", "line%0Abreak", "bell%07", "del%7F", "zero%E2%80%8Bwidth",
        "bidi%E2%80%AEname", "bom%EF%BB%BF", String(repeating: "%E5%AE%B6", count: 86),
    ])
    func namesThatCannotBeABookAreRefused(encoded: String) throws {
        let reply = try alice.send("MKCOL", Self.home + encoded + "/")
        #expect(reply.status == 403 || reply.status == 404, "\(encoded): \(reply.status)")
        #expect(reply.status != 201)
        #expect(try server.store.addressBooks(for: server.alice).count == 1)
    }

    /// 255 bytes of UTF-8 is the longest name.
    @Test func theLongestNameIs255Bytes() throws {
        let longest = String(repeating: "%E5%AE%B6", count: 85)  // 255 bytes
        #expect(try alice.send("MKCOL", Self.home + longest + "/").status == 201)
        #expect(try alice.send("MKCOL", Self.home + longest + "x/").status == 403)
    }
}
