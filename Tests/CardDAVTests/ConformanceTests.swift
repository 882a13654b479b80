import ContactsCore
import ContactsStore
import Foundation
import Testing

/// RFC 6352 (§5–§8, §10) and RFC 6578 (§3–§4) requirements the server meets that
/// ProtocolTests does not reach, each test naming the section it checks.
@Suite struct ConformanceTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let book = "/dav/addressbooks/alice/contacts/"
    static let query = #"<card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">"#

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    // MARK: Resources (RFC 6352 §5, §6)

    /// RFC 6352 §5.1 and §6.3.2.1: a card sent without a UID is stored with one (its resource
    /// name), and that UID then counts for CARDDAV:no-uid-conflict.
    @Test func aCardWithoutAUIDGetsOneFromItsNameAndItCountsForConflicts() throws {
        #expect(try alice.put(Self.book + "nouid.vcf", vcard("FN:No Uid")).status == 201)
        let fetched = try alice.send("GET", Self.book + "nouid.vcf")
        #expect(fetched.status == 200)
        #expect(fetched.body.contains("UID:nouid\r\n"))
        let conflict = try alice.put(Self.book + "x.vcf", vcard("UID:nouid", "FN:X"))
        #expect(conflict.status == 409)
        #expect(conflict.body.contains("<card:no-uid-conflict><d:href>\(Self.book)nouid.vcf</d:href></card:no-uid-conflict>"))
        #expect(try alice.send("GET", Self.book + "x.vcf").status == 404)
    }

    /// RFC 6352 §5.2 and §6.3.2.1: an address book holds only vCards; another media type is
    /// refused with CARDDAV:supported-address-data and nothing is stored.
    @Test func aNonVCardBodyIsRefusedWithSupportedAddressData() throws {
        let reply = try alice.put(Self.book + "j.vcf", "{}", headers: ["Content-Type": "application/json"])
        #expect(reply.status == 415)
        #expect(reply.body.contains("<card:supported-address-data/>"))
        #expect(try alice.send("GET", Self.book + "j.vcf").status == 404)
    }

    /// RFC 6352 §5.2: address books do not contain address book collections at any depth.
    @Test func noAddressBookCanBeCreatedInsideAnAddressBook() throws {
        let reply = try alice.send("MKCOL", Self.book + "sub", body: """
            <d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>
            <d:resourcetype><d:collection/><card:addressbook/></d:resourcetype><d:displayname>Nested</d:displayname>
            </d:prop></d:set></d:mkcol>
            """)
        #expect(reply.status == 403)
        let listing = try alice.propfind(Self.book, depth: 1, "<d:resourcetype/>")
        #expect(listing.status == 207)
        #expect(!listing.body.contains("/contacts/sub"))
        #expect(try alice.send("GET", Self.book + "sub").status == 404)
        #expect(!(try alice.propfind("/dav/addressbooks/alice/", depth: 1, "<d:displayname/>").body.contains("Nested")))
    }

    /// RFC 6352 §6.2.2 and §6.2.3: CARDDAV:supported-address-data and CARDDAV:max-resource-size
    /// are protected; a PROPPATCH of them fails with 403 and changes nothing.
    @Test func supportedAddressDataAndMaxResourceSizeAreProtected() throws {
        let reply = try alice.send("PROPPATCH", Self.book, body: """
            <d:propertyupdate xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>
            <card:supported-address-data><card:address-data-type content-type="text/vcard" version="3.0"/></card:supported-address-data>
            <card:max-resource-size>1</card:max-resource-size>
            </d:prop></d:set></d:propertyupdate>
            """)
        #expect(reply.status == 207)
        #expect(reply.body.contains("<d:prop><card:supported-address-data/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status>"))
        #expect(reply.body.contains("<d:prop><card:max-resource-size/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status>"))
        #expect(!reply.body.contains("HTTP/1.1 200"))
        let after = try alice.propfind(Self.book, depth: 0, "<card:max-resource-size/><card:supported-address-data/>")
        #expect(after.body.contains("<card:max-resource-size>2000000</card:max-resource-size>"))
        #expect(after.body.contains(#"<card:address-data-type content-type="text/vcard" version="4.0"/>"#))
    }

    /// RFC 6352 §6.3.2.2: non-standard properties and parameters sent in a PUT are kept and
    /// served back.
    @Test func nonStandardPropertiesAndParametersSurviveAPutAndAGet() throws {
        try putCardWithAnExtension()
        let v3 = try alice.send("GET", Self.book + "x.vcf")
        #expect(v3.status == 200)
        #expect(v3.body.contains("X-ABC-FOO;X-P=1:bar\r\n"))
        let v4 = try alice.send("GET", Self.book + "x.vcf", headers: ["Accept": "text/vcard; version=4.0"])
        #expect(v4.body.contains("VERSION:4.0") && v4.body.contains("X-ABC-FOO;X-P=1:bar\r\n"))
    }

    // MARK: Reports (RFC 6352 §8, §10)

    /// RFC 6352 §8.3: text-match supports equality and suffix matches, case-insensitive by
    /// default, and exact under i;octet.
    @Test func textMatchSupportsEqualsEndsWithAndTheOctetCollation() throws {
        try putQueryCards()
        let equals = try queryBody(#"<card:prop-filter name="FN"><card:text-match match-type="equals">anna berg</card:text-match></card:prop-filter>"#)
        #expect(equals.contains("q0.vcf") && !equals.contains("q1.vcf") && !equals.contains("q2.vcf"))
        let endsWith = try queryBody(#"<card:prop-filter name="FN"><card:text-match match-type="ends-with">stone</card:text-match></card:prop-filter>"#)
        #expect(endsWith.contains("q2.vcf") && !endsWith.contains("q0.vcf") && !endsWith.contains("q1.vcf"))
        let octetMiss = try queryBody(#"<card:prop-filter name="FN"><card:text-match collation="i;octet" match-type="equals">anna berg</card:text-match></card:prop-filter>"#)
        #expect(octetMiss.contains("<d:multistatus") && !octetMiss.contains(".vcf"))
        let octetHit = try queryBody(#"<card:prop-filter name="FN"><card:text-match collation="i;octet" match-type="equals">Anna Berg</card:text-match></card:prop-filter>"#)
        #expect(octetHit.contains("q0.vcf") && !octetHit.contains("q1.vcf"))
    }

    /// RFC 6352 §8.5 and §10.4.2: address-data may name a non-standard (X-) property; the
    /// subset holds it (and UID) and leaves the rest out.
    @Test func addressDataCanAskForANonStandardPropertyOnly() throws {
        try putCardWithAnExtension()
        let reply = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><card:address-data><card:prop name="X-ABC-FOO"/></card:address-data></d:prop>
            <d:href>\(Self.book)x.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(reply.status == 207)
        let data = try #require(content(of: "card:address-data", in: reply.body))
        #expect(data.contains("X-ABC-FOO;X-P=1:bar") && data.contains("UID:x"))
        #expect(!data.contains("FN:"))
    }

    /// RFC 6352 §8.6: each match carries its address-data in a 200 propstat and unknown
    /// properties in a 404 propstat; no match at all is an empty 207 multistatus.
    @Test func queryGivesAddressDataA404PropstatForUnknownPropertiesAndMayBeEmpty() throws {
        try putQueryCards()
        let reply = try alice.report(Self.book, Self.query + """
            <d:prop><d:getetag/><card:address-data/><x:nothing xmlns:x="urn:example"/></d:prop>
            <card:filter><card:prop-filter name="FN"><card:text-match match-type="starts-with">ann</card:text-match></card:prop-filter></card:filter>
            </card:addressbook-query>
            """, depth: "1")
        #expect(reply.status == 207)
        let found = responses(in: reply.body)
        #expect(found.count == 2)
        #expect(reply.body.contains("q0.vcf") && reply.body.contains("q1.vcf"))
        for response in found {
            #expect(response.contains("<d:getetag>") && response.contains("<card:address-data>BEGIN:VCARD"))
            #expect(response.contains("HTTP/1.1 200 OK"))
            #expect(response.contains(#"<d:prop><x:nothing xmlns:x="urn:example"/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status>"#))
        }
        let empty = try alice.report(Self.book, Self.query + """
            <d:prop><d:getetag/></d:prop><card:filter><card:prop-filter name="FN"><card:text-match>zzz</card:text-match></card:prop-filter></card:filter>
            </card:addressbook-query>
            """, depth: "1")
        #expect(empty.status == 207)
        #expect(empty.body.contains("<d:multistatus") && responses(in: empty.body).isEmpty)
    }

    /// RFC 6352 §10.5, §10.5.1, §10.5.2: the filter's test (allof/anyof), is-not-defined on a
    /// prop-filter, and a param-filter's text-match.
    @Test func filtersCombineWithAllofAnyofIsNotDefinedAndParamFilters() throws {
        _ = try alice.put(Self.book + "q0.vcf", vcard("UID:q0", "FN:Anna Berg", "EMAIL:a@x.org", "TEL;TYPE=CELL:+1 555 0100"))
        _ = try alice.put(Self.book + "q1.vcf", vcard("UID:q1", "FN:Annette Lind", "TEL;TYPE=HOME:+1 555 0101"))
        _ = try alice.put(Self.book + "q2.vcf", vcard("UID:q2", "FN:Bob Stone", "EMAIL:b@x.org"))
        let annAndNoEmail = #"<card:prop-filter name="FN"><card:text-match>ann</card:text-match></card:prop-filter>"#
            + #"<card:prop-filter name="EMAIL"><card:is-not-defined/></card:prop-filter>"#
        let allOf = try queryBody(annAndNoEmail, test: "allof")
        #expect(allOf.contains("q1.vcf") && !allOf.contains("q0.vcf") && !allOf.contains("q2.vcf"))
        let anyOf = try queryBody(annAndNoEmail, test: "anyof")
        #expect(anyOf.contains("q0.vcf") && anyOf.contains("q1.vcf") && !anyOf.contains("q2.vcf"))
        let cell = try queryBody(#"<card:prop-filter name="TEL"><card:param-filter name="TYPE"><card:text-match>cell</card:text-match></card:param-filter></card:prop-filter>"#)
        #expect(cell.contains("q0.vcf") && !cell.contains("q1.vcf") && !cell.contains("q2.vcf"))
    }

    /// RFC 6352 §8.6.1 and §8.6.2: a truncated result is the limit's worth of cards plus one
    /// 507 response for the Request-URI, which does not count towards the limit.
    @Test func theTruncationResponseIsNotCountedAgainstTheLimit() throws {
        try putQueryCards()
        let body = try queryBody(#"<card:prop-filter name="FN"/>"#, limit: "<card:limit><card:nresults>1</card:nresults></card:limit>")
        let found = responses(in: body)
        #expect(found.count == 2)
        #expect(found.filter { $0.hasPrefix("<d:href>\(Self.book)</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status>") }.count == 1)
        let cards = found.filter { $0.contains(".vcf</d:href>") }
        #expect(cards.count == 1)
        #expect(cards.first?.contains("HTTP/1.1 200 OK") == true)
    }

    /// RFC 6352 §8.7: hrefs naming a card of another address book, or of another user, get a
    /// 404 each, and none of their data.
    @Test func multigetGives404ForCardsOfOtherBooksAndOtherUsers() throws {
        let bob = server.client("bob")
        #expect(try bob.put("/dav/addressbooks/bob/contacts/b.vcf", vcard("UID:b", "FN:Bob Secret")).status == 201)
        #expect(try alice.send("MKCOL", "/dav/addressbooks/alice/work/").status == 201)
        #expect(try alice.put("/dav/addressbooks/alice/work/x.vcf", vcard("UID:w", "FN:Work Colleague")).status == 201)
        _ = try alice.put(Self.book + "own.vcf", vcard("UID:own", "FN:Own Friend"))
        let reply = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/><card:address-data/></d:prop>
            <d:href>/dav/addressbooks/bob/contacts/b.vcf</d:href><d:href>/dav/addressbooks/alice/work/x.vcf</d:href>
            <d:href>\(Self.book)own.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(reply.status == 207)
        #expect(responses(in: reply.body).count == 3)
        #expect(reply.body.contains("<d:href>/dav/addressbooks/bob/contacts/b.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(reply.body.contains("<d:href>/dav/addressbooks/alice/work/x.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(!reply.body.contains("Bob Secret") && !reply.body.contains("Work Colleague"))
        #expect(reply.body.contains("FN:Own Friend"))
    }

    /// RFC 6352 §8.5 and §8.6: non-standard property and parameter names can be filtered on,
    /// so CARDDAV:supported-filter never has to be raised for them.
    @Test func nonStandardNamesCanBeFilteredOn() throws {
        try putCardWithAnExtension()
        _ = try alice.put(Self.book + "plain.vcf", vcard("UID:plain", "FN:Plain"))
        let byValue = try alice.report(Self.book, Self.query + "<d:prop><d:getetag/></d:prop><card:filter>"
            + #"<card:prop-filter name="X-ABC-FOO"><card:text-match>bar</card:text-match></card:prop-filter>"#
            + "</card:filter></card:addressbook-query>", depth: "1")
        #expect(byValue.status == 207)
        #expect(byValue.body.contains("\(Self.book)x.vcf") && !byValue.body.contains("plain.vcf"))
        func byParameter(_ value: String) throws -> String {
            try queryBody(#"<card:prop-filter name="X-ABC-FOO"><card:param-filter name="X-P"><card:text-match>"#
                + value + "</card:text-match></card:param-filter></card:prop-filter>")
        }
        let hit = try byParameter("1")
        #expect(hit.contains("\(Self.book)x.vcf") && !hit.contains("plain.vcf"))
        #expect(!(try byParameter("2").contains(".vcf")))
    }

    // MARK: Sync (RFC 6578)

    /// RFC 6578 §3.3: the report covers the members of the Request-URI only; neither another
    /// address book's cards nor the collection itself are reported.
    @Test func syncCollectionReportsOnlyTheMembersOfItsAddressBook() throws {
        #expect(try alice.send("MKCOL", "/dav/addressbooks/alice/work/").status == 201)
        #expect(try alice.put("/dav/addressbooks/alice/work/w.vcf", vcard("UID:w", "FN:Work")).status == 201)
        #expect(try alice.put(Self.book + "s1.vcf", vcard("UID:s1", "FN:One")).status == 201)
        let reply = try sync(Self.book)
        #expect(reply.status == 207)
        let found = responses(in: reply.body)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("<d:href>\(Self.book)s1.vcf</d:href>") == true)
        #expect(!reply.body.contains("/work/"))
        #expect(!reply.body.contains("<d:href>\(Self.book)</d:href>"))
    }

    /// RFC 6578 §3.2 and §4: sync-collection on a non-collection fails with DAV:supported-report,
    /// and DAV:sync-token is protected.
    @Test func syncCollectionNeedsACollectionAndTheSyncTokenIsProtected() throws {
        _ = try alice.put(Self.book + "s1.vcf", vcard("UID:s1", "FN:One"))
        let onCard = try sync(Self.book + "s1.vcf")
        #expect(onCard.status == 403)
        #expect(onCard.body.contains("<d:supported-report/>"))

        let before = try #require(content(of: "d:sync-token", in: try alice.propfind(Self.book, depth: 0, "<d:sync-token/>").body))
        let patched = try alice.send("PROPPATCH", Self.book, body: """
            <d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:sync-token>x</d:sync-token></d:prop></d:set></d:propertyupdate>
            """)
        #expect(patched.status == 207)
        #expect(patched.body.contains("<d:prop><d:sync-token/></d:prop><d:status>HTTP/1.1 403 Forbidden</d:status>"))
        let after = content(of: "d:sync-token", in: try alice.propfind(Self.book, depth: 0, "<d:sync-token/>").body)
        #expect(after == before)
        #expect(before.hasPrefix("https://"))
    }

    // MARK: Helpers

    /// The card with a non-standard property and parameter, at `x.vcf`.
    private func putCardWithAnExtension() throws {
        #expect(try alice.put(Self.book + "x.vcf", vcard("UID:x", "FN:X", "X-ABC-FOO;X-P=1:bar")).status == 201)
    }

    /// The three cards `queryMatchesTextAndHonoursTheLimit` uses: q0, q1 and q2.
    private func putQueryCards() throws {
        for (index, name) in ["Anna Berg", "Annette Lind", "Bob Stone"].enumerated() {
            #expect(try alice.put(Self.book + "q\(index).vcf", vcard("UID:q\(index)", "FN:\(name)")).status == 201)
        }
    }

    /// The body of an addressbook-query for getetag with these prop-filters.
    private func queryBody(_ filters: String, test: String = "anyof", limit: String = "") throws -> String {
        let reply = try alice.report(Self.book, Self.query
            + #"<d:prop><d:getetag/></d:prop><card:filter test="\#(test)">"# + filters + "</card:filter>" + limit + "</card:addressbook-query>",
            depth: "1")
        #expect(reply.status == 207)
        return reply.body
    }

    /// An initial sync-collection of `path`, sent with Depth: 0.
    private func sync(_ path: String) throws -> DAVClient.Reply {
        try alice.send("REPORT", path, body: """
            <d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """, headers: ["Depth": "0"])
    }
}

/// What each `<d:response>` of a multistatus holds, in order.
private func responses(in body: String) -> [String] {
    body.components(separatedBy: "<d:response>").dropFirst().map { $0.components(separatedBy: "</d:response>")[0] }
}

/// The text between the first `<tag>` and the `</tag>` after it.
private func content(of tag: String, in body: String) -> String? {
    guard let start = body.range(of: "<\(tag)>"),
          let end = body.range(of: "</\(tag)>", range: start.upperBound..<body.endIndex) else { return nil }
    return String(body[start.upperBound..<end.lowerBound])
}
