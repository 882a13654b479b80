import ContactsCore
import ContactsStore
import Foundation
import Testing

/// CardDAV against a live server, each test naming the RFC section it checks.
@Suite struct ProtocolTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let book = "/dav/addressbooks/alice/contacts/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    // MARK: Discovery and authentication

    @Test func optionsAdvertisesAddressbook() throws {  // RFC 6352 §6.1, RFC 4918 §10.1
        let reply = try alice.send("OPTIONS", Self.book, authenticated: false)
        #expect(reply.status == 200)
        #expect(reply.header("DAV")?.contains("addressbook") == true)
        #expect(reply.header("Allow")?.contains("REPORT") == true)
    }

    @Test func wellKnownRedirectsToTheRoot() throws {  // RFC 6764 §5
        let reply = try alice.send("PROPFIND", "/.well-known/carddav", authenticated: false)
        #expect(reply.status == 301)
        #expect(reply.header("Location") == "/dav/")
    }

    @Test func credentialsAreRequiredAndWrongOnesAreLoggedAndThrottled() throws {  // RFC 7617 §2
        let anonymous = try alice.send("PROPFIND", "/dav/", authenticated: false)
        #expect(anonymous.status == 401)
        #expect(anonymous.header("WWW-Authenticate")?.hasPrefix("Basic realm=") == true)
        let wrong = server.client(password: "wrong password")
        for _ in 0..<5 { #expect(try wrong.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 401) }
        let throttled = try alice.propfind("/dav/", depth: 0, "<d:current-user-principal/>")
        #expect(throttled.status == 429)
        #expect(Int(throttled.header("Retry-After") ?? "") ?? 0 > 0)
        #expect(server.log.count == 5)
        #expect(server.log.allSatisfy { $0.contains("failed login for account \"alice\" from 127.0.0.1") && !$0.contains("wrong password") })
    }

    @Test func aLockedAccountsPasswordGetsTheSameAnswerRightOrWrongWhileItsAppPasswordsSync() throws {
        let phone = server.client(password: try server.store.addAppPassword(username: "alice", device: "Phone"))
        #expect(try alice.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 207)
        #expect(try phone.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 207)
        let wrong = server.client(password: "wrong password")
        for _ in 0..<5 { #expect(try wrong.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 401) }
        // The right password, cached by this server a moment ago, and a wrong one: both 429.
        #expect(try alice.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 429)
        #expect(try server.client(password: "another guess").propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 429)
        // The app password, cached or checked afresh, goes on syncing.
        #expect(try phone.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 207)
        let tablet = server.client(password: try server.store.addAppPassword(username: "alice", device: "Tablet"))
        #expect(try tablet.propfind("/dav/", depth: 0, "<d:current-user-principal/>").status == 207)
    }

    @Test func discoveryLeadsFromTheRootToTheAddressBook() throws {  // RFC 6764 §6, RFC 5397 §3, RFC 6352 §7.1.1
        let root = try alice.propfind("/dav/", depth: 0, "<d:current-user-principal/>")
        #expect(root.status == 207)
        #expect(root.body.contains("<d:current-user-principal><d:href>/dav/principals/alice/</d:href></d:current-user-principal>"))
        let principal = try alice.propfind("/dav/principals/alice/", depth: 0, "<card:addressbook-home-set/><d:displayname/>")
        #expect(principal.body.contains("<card:addressbook-home-set><d:href>/dav/addressbooks/alice/</d:href></card:addressbook-home-set>"))
        let home = try alice.propfind("/dav/addressbooks/alice/", depth: 1, "<d:resourcetype/><d:displayname/>")
        #expect(home.body.contains("<d:href>\(Self.book)</d:href>"))
        #expect(home.body.contains("<d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>"))
    }

    @Test func addressBookPropertiesAndUnknownOnesAs404() throws {  // RFC 6352 §6.2, RFC 6578 §4, RFC 4918 §9.1
        let reply = try alice.propfind(Self.book, depth: 0, """
            <cs:getctag/><d:sync-token/><card:supported-address-data/><card:max-resource-size/><d:supported-report-set/><x:nothing xmlns:x="urn:example"/>
            """)
        #expect(reply.status == 207)
        #expect(reply.body.contains("<cs:getctag>"))
        #expect(reply.body.contains("<d:sync-token>https://personal-contacts.invalid/ns/sync/"))
        #expect(reply.body.contains(#"<card:address-data-type content-type="text/vcard" version="4.0"/>"#))
        #expect(reply.body.contains("<card:addressbook-multiget/>") && reply.body.contains("<d:sync-collection/>"))
        #expect(reply.body.contains(#"<x:nothing xmlns:x="urn:example"/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status>"#))
    }

    @Test func anotherUsersResourcesAreNotFound() throws {  // RFC 6352 §13 (privacy), RFC 3744
        _ = try alice.put(Self.book + "a.vcf", vcard("UID:a", "FN:Alice's friend"))
        let bob = server.client("bob")
        #expect(try bob.propfind("/dav/principals/alice/", depth: 0, "<d:displayname/>").status == 404)
        #expect(try bob.propfind(Self.book, depth: 1, "<d:getetag/>").status == 404)
        #expect(try bob.send("GET", Self.book + "a.vcf").status == 404)
        #expect(try bob.send("DELETE", Self.book + "a.vcf").status == 404)
        #expect(try bob.put(Self.book + "b.vcf", vcard("UID:b", "FN:Intruder")).status == 404)
        #expect(try alice.send("GET", Self.book + "a.vcf").status == 200)
    }

    // MARK: Resources

    @Test func putCreatesAndGetReturnsTheCardWithItsETag() throws {  // RFC 4918 §9.7, RFC 6352 §6.3.2
        let created = try alice.put(Self.book + "card-1.vcf", vcard("UID:u-1", "FN:John Smith", "TEL;TYPE=CELL:+1 555 0100"),
                                    headers: ["If-None-Match": "*"])
        #expect(created.status == 201)
        let etag = try #require(created.header("ETag"))
        let fetched = try alice.send("GET", Self.book + "card-1.vcf")
        #expect(fetched.status == 200)
        #expect(fetched.header("ETag") == etag)
        #expect(fetched.header("Content-Type")?.hasPrefix("text/vcard") == true)
        #expect(fetched.body.contains("FN:John Smith") && fetched.body.contains("UID:u-1"))
        #expect(try alice.send("GET", Self.book + "card-1.vcf", headers: ["If-None-Match": etag]).status == 304)
        let v4 = try alice.send("GET", Self.book + "card-1.vcf", headers: ["Accept": "text/vcard; version=4.0"])
        #expect(v4.body.contains("VERSION:4.0"))
    }

    @Test func aCardIsServedAsItsClientSentItUntilItChanges() throws {  // RFC 6352 §6.3.2.3
        let sent = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Sent As Is\r\nUID:as-is\r\nX-ORDER:kept;where=it,was\r\n"
            + "TEL;type=cell;VALUE=uri:tel:+1-555-0100\r\nNOTE:a long note folded by its client at an od\r\n d place\r\nEND:VCARD\r\n"
        let created = try alice.put(Self.book + "as-is.vcf", sent)
        let etag = try #require(created.header("ETag"))
        let fetched = try alice.send("GET", Self.book + "as-is.vcf")
        #expect(fetched.body == sent && fetched.header("ETag") == etag)
        let asked = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/>
            <card:address-data version="4.0"/></d:prop><d:href>\(Self.book)as-is.vcf</d:href></card:addressbook-multiget>
            """).body
        #expect(asked.contains("X-ORDER:kept;where=it,was\r\nTEL;type=cell;VALUE=uri:tel:+1-555-0100\r\nNOTE:a long note folded by its client at an od\r\n d place"))
        // Another version is written afresh.
        #expect(try alice.send("GET", Self.book + "as-is.vcf", headers: ["Accept": "text/vcard; version=3.0"]).body.contains("VERSION:3.0"))
        // A change from the web app or the CLI is a new revision, written from the contact.
        let contact = try #require(try server.store.contacts(in: try server.store.defaultAddressBook(for: server.alice)).first { $0.uid == "as-is" })
        var details = contact.details
        details.name = "Changed Elsewhere"
        _ = try server.store.updateContact(id: contact.id, with: details, in: try server.store.defaultAddressBook(for: server.alice))
        let changed = try alice.send("GET", Self.book + "as-is.vcf")
        #expect(changed.header("ETag") != etag && changed.body.contains("FN:Changed Elsewhere") && !changed.body.contains("od\r\n d place"))
        // What the server had to change gets no ETag: a card without UID. One with a control
        // character is refused, not changed (RFC 6350 §3.3).
        #expect(try alice.put(Self.book + "no-uid.vcf", vcard("FN:No UID")).header("ETag") == nil)
        #expect(try alice.put(Self.book + "bell.vcf", vcard("UID:bell", "FN:Bell", "NOTE:ding\u{7}")).status == 403)
    }

    @Test func conditionalRequestsHonourETags() throws {  // RFC 9110 §13.1, RFC 6352 §6.3.2
        let etag = try #require(try alice.put(Self.book + "c.vcf", vcard("UID:c", "FN:First")).header("ETag"))
        #expect(try alice.put(Self.book + "c.vcf", vcard("UID:c", "FN:Again"), headers: ["If-None-Match": "*"]).status == 412)
        #expect(try alice.put(Self.book + "c.vcf", vcard("UID:c", "FN:Stale"), headers: ["If-Match": "\"999999\""]).status == 412)
        let updated = try alice.put(Self.book + "c.vcf", vcard("UID:c", "FN:Second"), headers: ["If-Match": etag])
        #expect(updated.status == 204)
        let newTag = try #require(updated.header("ETag"))
        #expect(newTag != etag)
        #expect(try alice.send("DELETE", Self.book + "c.vcf", headers: ["If-Match": etag]).status == 412)
        #expect(try alice.send("DELETE", Self.book + "c.vcf", headers: ["If-Match": newTag]).status == 204)
        #expect(try alice.send("GET", Self.book + "c.vcf").status == 404)
    }

    @Test func badCardsAreRefusedWithTheirPreconditions() throws {  // RFC 6352 §6.3.2.1
        let broken = try alice.put(Self.book + "x.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nno colon here\r\nEND:VCARD\r\n")
        #expect(broken.status == 400)
        #expect(broken.body.contains("<card:valid-address-data"))
        _ = try alice.put(Self.book + "first.vcf", vcard("UID:same", "FN:First"))
        let conflict = try alice.put(Self.book + "second.vcf", vcard("UID:same", "FN:Second"))
        #expect(conflict.status == 409)
        #expect(conflict.body.contains("<card:no-uid-conflict><d:href>\(Self.book)first.vcf</d:href></card:no-uid-conflict>"))
        let huge = try alice.put(Self.book + "huge.vcf", vcard("UID:huge", "FN:Huge", "NOTE:" + String(repeating: "x", count: 2_100_000)))
        #expect(huge.status == 413)
        #expect(huge.body.contains("<card:max-resource-size"))
        // Over the server's 10 MiB body limit too: the server stops keeping the body, and the
        // answer is the same precondition.
        let enormous = try alice.put(Self.book + "enormous.vcf", vcard("UID:enormous", "FN:Enormous", "NOTE:" + String(repeating: "x", count: 11_000_000)))
        #expect(enormous.status == 413)
        #expect(enormous.body.contains("<card:max-resource-size"), "\(enormous.body)")
        #expect(enormous.header("Cache-Control") == "no-store")
    }

    @Test func aPutHoldsOneCardAndNeverChangesItsUID() throws {  // RFC 6352 §5.1, §6.3.2.1
        let two = try alice.put(Self.book + "two.vcf", vcard("UID:t1", "FN:One") + vcard("UID:t2", "FN:Two"))
        #expect(two.status == 400 && two.body.contains("<card:valid-address-data"))
        #expect(try alice.send("GET", Self.book + "two.vcf").status == 404)

        #expect(try alice.put(Self.book + "c.vcf", vcard("UID:c", "FN:Cee")).status == 201)
        let renamed = try alice.put(Self.book + "c.vcf", vcard("UID:other", "FN:Cee"))
        #expect(renamed.status == 409)
        #expect(renamed.body.contains("<card:no-uid-conflict><d:href>\(Self.book)c.vcf</d:href></card:no-uid-conflict>"))
        // Without a UID the card keeps the one it has.
        #expect(try alice.put(Self.book + "c.vcf", vcard("FN:Cee Again")).status == 204)
        let stored = try alice.send("GET", Self.book + "c.vcf").body
        #expect(stored.contains("UID:c\r\n") && stored.contains("FN:Cee Again"))
    }

    @Test func hostileXMLIsRefusedNotExpanded() throws {  // RFC 4918 §20.6 (XML security)
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&b;</d:displayname></d:prop></d:propfind>
            """
        #expect(try alice.send("PROPFIND", Self.book, body: laughs, headers: ["Depth": "0"]).status == 400)
        let external = #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d:propfind xmlns:d="DAV:"><d:prop>&x;</d:prop></d:propfind>"#
        let reply = try alice.send("PROPFIND", Self.book, body: external, headers: ["Depth": "0"])
        #expect(reply.status == 400)
        #expect(!reply.body.contains("root:"))
        #expect(try alice.send("PROPFIND", Self.book, body: "<d:propfind xmlns:d=\"DAV:\">", headers: ["Depth": "0"]).status == 400)
    }

    // MARK: Reports

    @Test func multigetReturnsCardsAndA404ForMissingHrefs() throws {  // RFC 6352 §8.7
        _ = try alice.put(Self.book + "m1.vcf", vcard("UID:m1", "FN:One"))
        _ = try alice.put(Self.book + "m2.vcf", vcard("UID:m2", "FN:Two"))
        let reply = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/><card:address-data/></d:prop>
            <d:href>\(Self.book)m1.vcf</d:href><d:href>\(Self.book)m2.vcf</d:href><d:href>\(Self.book)gone.vcf</d:href>
            </card:addressbook-multiget>
            """)
        #expect(reply.status == 207)
        #expect(reply.body.contains("FN:One") && reply.body.contains("FN:Two"))
        #expect(reply.body.contains("<d:href>\(Self.book)gone.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
    }

    @Test func queryMatchesTextAndHonoursTheLimit() throws {  // RFC 6352 §8.6, §10.5, §8.3
        for (index, name) in ["Anna Berg", "Annette Lind", "Bob Stone"].enumerated() {
            _ = try alice.put(Self.book + "q\(index).vcf", vcard("UID:q\(index)", "FN:\(name)"))
        }
        func query(_ filter: String, limit: String = "") throws -> String {
            try alice.report(Self.book, """
                <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
                <d:prop><d:getetag/></d:prop><card:filter>\(filter)</card:filter>\(limit)</card:addressbook-query>
                """, depth: "1").body
        }
        let starts = try query(#"<card:prop-filter name="FN"><card:text-match match-type="starts-with">ann</card:text-match></card:prop-filter>"#)
        #expect(starts.contains("q0.vcf") && starts.contains("q1.vcf") && !starts.contains("q2.vcf"))
        let negated = try query(#"<card:prop-filter name="FN"><card:text-match negate-condition="yes">ann</card:text-match></card:prop-filter>"#)
        #expect(!negated.contains("q0.vcf") && negated.contains("q2.vcf"))
        let limited = try query(#"<card:prop-filter name="FN"/>"#, limit: "<card:limit><card:nresults>1</card:nresults></card:limit>")
        #expect(limited.contains("HTTP/1.1 507 Insufficient Storage</d:status><d:error><d:number-of-matches-within-limits/></d:error>"))
        // Depth 0 is the address book itself, which is no card (§8.6).
        let itself = try alice.report(Self.book, """
            <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/></d:prop><card:filter><card:prop-filter name="FN"/></card:filter></card:addressbook-query>
            """, depth: "0")
        #expect(itself.status == 207 && !itself.body.contains("<d:response>"))
        let collation = try alice.report(Self.book, """
            <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><card:filter>
            <card:prop-filter name="FN"><card:text-match collation="i;klingon">x</card:text-match></card:prop-filter></card:filter></card:addressbook-query>
            """)
        #expect(collation.status == 403 && collation.body.contains("<card:supported-collation"))
    }

    @Test func queryCollationsAreTheAdvertisedOnes() throws {  // RFC 6352 §8.3, §8.3.1, RFC 4790 §9.2–§9.3
        _ = try alice.put(Self.book + "e.vcf", vcard("UID:e", "FN:Émile ANNAN"))
        let advertised = try alice.propfind(Self.book, depth: 0, "<card:supported-collation-set/>").body
        for name in ["i;ascii-casemap", "i;unicode-casemap", "i;octet"] {
            #expect(advertised.contains("<card:supported-collation>\(name)</card:supported-collation>"))
        }
        func matches(_ text: String, collation: String) throws -> Bool {
            let reply = try alice.report(Self.book, """
                <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>
                <card:filter><card:prop-filter name="FN"><card:text-match collation="\(collation)">\(text)</card:text-match></card:prop-filter></card:filter>
                </card:addressbook-query>
                """, depth: "1")
            #expect(reply.status == 207)
            return reply.body.contains("e.vcf")
        }
        #expect(try matches("émile", collation: "default"))
        #expect(try matches("émile", collation: "i;unicode-casemap"))
        #expect(try matches("annan", collation: "i;ascii-casemap"))
        #expect(try !matches("émile", collation: "i;ascii-casemap"))  // É is not an ASCII letter: not folded
        #expect(try matches("Émile", collation: "i;ascii-casemap"))
        #expect(try !matches("annan", collation: "i;octet"))
        #expect(try matches("ANNAN", collation: "i;octet"))
    }

    @Test func groupedNamesMatchOnlyTheirGroup() throws {  // RFC 6352 §10.4.2, §10.5.1
        _ = try alice.put(Self.book + "g.vcf", vcard("UID:g", "FN:Grouped", "item1.TEL:+1 555 0101", "item1.X-ABLABEL:Boat", "TEL:+1 555 0102"))
        let data = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><card:address-data>
            <card:prop name="ITEM1.TEL"/></card:address-data></d:prop><d:href>\(Self.book)g.vcf</d:href></card:addressbook-multiget>
            """).body
        #expect(data.contains("item1.TEL:+1 555 0101") && !data.contains("0102") && !data.contains("Boat"))
        let everyTEL = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><card:address-data>
            <card:prop name="TEL"/></card:address-data></d:prop><d:href>\(Self.book)g.vcf</d:href></card:addressbook-multiget>
            """).body
        #expect(everyTEL.contains("0101") && everyTEL.contains("0102"))
        func found(_ name: String, _ text: String) throws -> Bool {
            try alice.report(Self.book, """
                <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>
                <card:filter><card:prop-filter name="\(name)"><card:text-match>\(text)</card:text-match></card:prop-filter></card:filter>
                </card:addressbook-query>
                """, depth: "1").body.contains("g.vcf")
        }
        #expect(try found("item1.TEL", "0101"))
        #expect(try !found("item1.TEL", "0102"))
        #expect(try !found("item2.TEL", "0101"))
        #expect(try found("TEL", "0102"))
    }

    @Test func reportsRunOnACardToo() throws {  // RFC 6352 §8 (reports on address object resources)
        _ = try alice.put(Self.book + "r1.vcf", vcard("UID:r1", "FN:Rita"))
        _ = try alice.put(Self.book + "r2.vcf", vcard("UID:r2", "FN:Rob"))
        let properties = try alice.propfind(Self.book + "r1.vcf", depth: 0, "<d:supported-report-set/>").body
        #expect(properties.contains("<card:addressbook-query/>") && properties.contains("<card:addressbook-multiget/>"))
        let query = try alice.report(Self.book + "r1.vcf", """
            <card:addressbook-query xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>
            <card:filter><card:prop-filter name="FN"><card:text-match>r</card:text-match></card:prop-filter></card:filter></card:addressbook-query>
            """)
        #expect(query.status == 207 && query.body.contains("r1.vcf") && !query.body.contains("r2.vcf"))
        let multiget = try alice.report(Self.book + "r1.vcf", """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>
            <d:href>\(Self.book)r1.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(multiget.status == 207 && multiget.body.contains("r1.vcf"))
        let missing = try alice.report(Self.book + "gone.vcf", """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>
            <d:href>\(Self.book)gone.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(missing.status == 404)
    }

    @Test func getAnswers406ForFormatsItCannotServe() throws {  // RFC 6352 §5.1.1.1, RFC 9110 §15.5.7
        _ = try alice.put(Self.book + "f.vcf", vcard("UID:f", "FN:Format"))
        let json = try alice.send("GET", Self.book + "f.vcf", headers: ["Accept": "application/vcard+json"])
        #expect(json.status == 406 && json.body.contains("<card:supported-address-data-conversion"))
        for accept in ["text/vcard", "application/vcard+json, */*;q=0.1", "text/*", "text/x-vcard"] {
            #expect(try alice.send("GET", Self.book + "f.vcf", headers: ["Accept": accept]).status == 200, "\(accept)")
        }
    }

    @Test func unknownPathsUnderTheRootAreNotFound() throws {  // RFC 4918 §9.1, RFC 6352 §5.2
        #expect(try alice.propfind("/dav/elsewhere/a/b/c/d/", depth: 0, "<d:displayname/>").status == 404)
        #expect(try alice.send("MKCOL", Self.book + "sub/").status == 403)
        #expect(try alice.send("PROPFIND", "/dav/elsewhere/", authenticated: false).status == 401)
    }

    @Test func addressDataOtherThanVCardIsRefused() throws {  // RFC 6352 §8.6, §8.7 (supported-address-data)
        _ = try alice.put(Self.book + "j.vcf", vcard("UID:j", "FN:Jay"))
        let reply = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><card:address-data content-type="application/vcard+json"/></d:prop><d:href>\(Self.book)j.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(reply.status == 403 && reply.body.contains("<card:supported-address-data"))
    }

    @Test func syncCollectionReportsChangesAndDeletionsFromTheLog() throws {  // RFC 6578 §3.2–§3.6
        func sync(_ token: String, limit: String = "") throws -> DAVClient.Reply {
            try alice.report(Self.book, """
                <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>
                <d:prop><d:getetag/></d:prop>\(limit)</d:sync-collection>
                """)
        }
        func token(_ reply: DAVClient.Reply) throws -> String {
            let body = reply.body
            let start = try #require(body.range(of: "<d:sync-token>"))
            let end = try #require(body.range(of: "</d:sync-token>", range: start.upperBound..<body.endIndex))
            return String(body[start.upperBound..<end.lowerBound])
        }
        _ = try alice.put(Self.book + "s1.vcf", vcard("UID:s1", "FN:One"))
        _ = try alice.put(Self.book + "s2.vcf", vcard("UID:s2", "FN:Two"))
        let initial = try sync("")
        #expect(initial.status == 207)
        #expect(initial.body.contains("s1.vcf") && initial.body.contains("s2.vcf"))
        let first = try token(initial)

        _ = try alice.put(Self.book + "s3.vcf", vcard("UID:s3", "FN:Three"))
        _ = try alice.send("DELETE", Self.book + "s1.vcf")
        let incremental = try sync(first)
        #expect(incremental.body.contains("s3.vcf") && !incremental.body.contains("s2.vcf"))
        #expect(incremental.body.contains("<d:href>\(Self.book)s1.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status>"))
        #expect(try token(incremental) != first)
        #expect(!(try sync(try token(incremental)).body.contains(".vcf")))
        // §3.2: Depth other than 0 is a bad request; §3.3: infinite reaches what 1 does here.
        let deep = try alice.report(Self.book, #"<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop/></d:sync-collection>"#, depth: "1")
        #expect(deep.status == 400)
        let infinite = try alice.report(Self.book, #"<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>infinite</d:sync-level><d:prop/></d:sync-collection>"#)
        #expect(infinite.status == 207)
        // An empty prop still gives each changed member a propstat (and no status of its own).
        #expect(infinite.body.contains("<d:href>\(Self.book)s2.vcf</d:href><d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"))
        let level = try alice.report(Self.book, #"<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>2</d:sync-level><d:prop/></d:sync-collection>"#)
        #expect(level.status == 400)

        let invalid = try sync("https://example.com/not-ours")
        #expect(invalid.status == 403 && invalid.body.contains("<d:valid-sync-token"))
        let limited = try sync("", limit: "<d:limit><d:nresults>1</d:nresults></d:limit>")
        #expect(limited.body.contains("HTTP/1.1 507"))
    }

    // MARK: Collections

    @Test func mkcolCreatesAnAddressBookAndProppatchRenamesIt() throws {  // RFC 5689 §3, RFC 6352 §6.3.1, RFC 4918 §9.2
        let created = try alice.send("MKCOL", "/dav/addressbooks/alice/work/", body: """
            <d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop>
            <d:resourcetype><d:collection/><card:addressbook/></d:resourcetype><d:displayname>Work</d:displayname>
            </d:prop></d:set></d:mkcol>
            """)
        #expect(created.status == 201)
        #expect(try alice.propfind("/dav/addressbooks/alice/work/", depth: 0, "<d:displayname/>").body.contains("<d:displayname>Work</d:displayname>"))
        let patched = try alice.send("PROPPATCH", "/dav/addressbooks/alice/work/", body: """
            <d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:example"><d:set><d:prop><d:displayname>Office</d:displayname><x:color>#ff0000</x:color></d:prop></d:set></d:propertyupdate>
            """)
        #expect(patched.status == 207 && !patched.body.contains("HTTP/1.1 424"))
        let reply = try alice.propfind("/dav/addressbooks/alice/work/", depth: 0, #"<d:displayname/><x:color xmlns:x="urn:example"/>"#)
        #expect(reply.body.contains("<d:displayname>Office</d:displayname>") && reply.body.contains("#ff0000"))
        let protected = try alice.send("PROPPATCH", "/dav/addressbooks/alice/work/", body: """
            <d:propertyupdate xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:set><d:prop><cs:getctag>1</cs:getctag><d:displayname>X</d:displayname></d:prop></d:set></d:propertyupdate>
            """)
        #expect(protected.body.contains("HTTP/1.1 403") && protected.body.contains("HTTP/1.1 424"))
        // A dead property set earlier can be changed and removed: it is not protected.
        let changed = try alice.send("PROPPATCH", "/dav/addressbooks/alice/work/", body: """
            <d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:example"><d:set><d:prop><x:color>#00ff00</x:color></d:prop></d:set></d:propertyupdate>
            """)
        #expect(changed.status == 207 && changed.body.contains("HTTP/1.1 200") && !changed.body.contains("HTTP/1.1 403"))
        let removed = try alice.send("PROPPATCH", "/dav/addressbooks/alice/work/", body: """
            <d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:example"><d:remove><d:prop><x:color/></d:prop></d:remove></d:propertyupdate>
            """)
        #expect(removed.body.contains("HTTP/1.1 200"))
        #expect(!(try alice.propfind("/dav/addressbooks/alice/work/", depth: 0, #"<x:color xmlns:x="urn:example"/>"#).body.contains("#00ff00")))
    }

    // MARK: Access control (RFC 6352 §7 → RFC 3744)

    @Test func everyResourceShowsItsFixedACL() throws {  // RFC 3744 §5, §7.2
        #expect(try alice.send("OPTIONS", Self.book, authenticated: false).header("DAV")?.contains("access-control") == true)
        _ = try alice.put(Self.book + "acl.vcf", vcard("UID:acl", "FN:Ace"))
        for path in [Self.book, Self.book + "acl.vcf", "/dav/principals/alice/", "/dav/addressbooks/alice/"] {
            let reply = try alice.propfind(path, depth: 0, """
                <d:owner/><d:acl/><d:acl-restrictions/><d:supported-privilege-set/><d:inherited-acl-set/><d:principal-collection-set/>
                """).body
            #expect(!reply.contains("404 Not Found"), "\(path)")
            #expect(reply.contains("<d:ace><d:principal><d:href>/dav/principals/alice/</d:href></d:principal><d:grant>"), "\(path)")
            #expect(reply.contains("<d:protected/></d:ace>") && reply.contains("<d:grant-only/><d:no-invert/>"), "\(path)")
            #expect(reply.contains("<d:principal-collection-set><d:href>/dav/principals/</d:href></d:principal-collection-set>"), "\(path)")
            #expect(reply.contains("<d:privilege><d:all/></d:privilege><d:abstract/>"), "\(path)")
        }
        // RFC 3744 §5: not in allprop, but named by propname.
        let all = try alice.send("PROPFIND", Self.book, body: #"<d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>"#, headers: ["Depth": "0"]).body
        #expect(all.contains("<d:displayname>") && !all.contains("<d:acl>") && !all.contains("<d:sync-token>"))
        let names = try alice.send("PROPFIND", Self.book, body: #"<d:propfind xmlns:d="DAV:"><d:propname/></d:propfind>"#, headers: ["Depth": "0"]).body
        #expect(names.contains("<d:acl/>") && names.contains("<d:sync-token/>"))
    }

    @Test func theACLCannotBeWidened() throws {  // RFC 3744 §8.1
        let grant = try alice.send("ACL", Self.book, body: """
            <d:acl xmlns:d="DAV:"><d:ace><d:principal><d:href>/dav/principals/bob/</d:href></d:principal>
            <d:grant><d:privilege><d:read/></d:privilege></d:grant></d:ace></d:acl>
            """)
        #expect(grant.status == 403 && grant.body.contains("<d:limited-number-of-aces"))
        #expect(try alice.send("ACL", Self.book, body: #"<d:acl xmlns:d="DAV:"/>"#).status == 200)
        #expect(try server.client("bob").send("ACL", Self.book, body: #"<d:acl xmlns:d="DAV:"/>"#).status == 404)
        #expect(try server.client("bob").propfind(Self.book, depth: 0, "<d:displayname/>").status == 404)
    }

    @Test func principalsAreFoundByTheACLReports() throws {  // RFC 3744 §9.2–§9.5, §5.8
        let collection = try alice.propfind("/dav/principals/", depth: 1, "<d:displayname/>").body
        #expect(collection.contains("<d:href>/dav/principals/alice/</d:href>") && !collection.contains("/dav/principals/bob/"))
        func search(_ text: String) throws -> DAVClient.Reply {
            try alice.report("/dav/principals/", """
                <d:principal-property-search xmlns:d="DAV:"><d:property-search><d:prop><d:displayname/></d:prop>
                <d:match>\(text)</d:match></d:property-search><d:prop><d:displayname/></d:prop></d:principal-property-search>
                """)
        }
        #expect(try search("ALI").body.contains("<d:displayname>alice</d:displayname>"))
        #expect(try !search("bob").body.contains("<d:response>"))
        let searchable = try alice.report("/dav/principals/", #"<d:principal-search-property-set xmlns:d="DAV:"/>"#)
        #expect(searchable.status == 200 && searchable.body.contains("<d:prop><d:displayname/></d:prop>"))
        let me = try alice.report("/dav/principals/", #"<d:principal-match xmlns:d="DAV:"><d:self/><d:prop><d:displayname/></d:prop></d:principal-match>"#)
        #expect(me.body.contains("<d:href>/dav/principals/alice/</d:href>"))
        let owned = try alice.report("/dav/addressbooks/alice/", """
            <d:principal-match xmlns:d="DAV:"><d:principal-property><d:owner/></d:principal-property><d:prop><d:displayname/></d:prop></d:principal-match>
            """)
        #expect(owned.body.contains("<d:href>\(Self.book)</d:href>"))
        let deep = try alice.report("/dav/principals/", #"<d:principal-match xmlns:d="DAV:"><d:self/></d:principal-match>"#, depth: "1")
        #expect(deep.status == 400)
        let named = try alice.report(Self.book, #"<d:acl-principal-prop-set xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:acl-principal-prop-set>"#)
        #expect(named.status == 207 && named.body.contains("<d:href>/dav/principals/alice/</d:href>"))
    }

    // MARK: Phones and the other ways in

    @Test func changesFromTheWebOrCLIAppearOnTheNextSync() throws {  // issue §4, RFC 6578 §3.5
        let scope = try server.store.defaultAddressBook(for: server.alice)
        let added = try server.store.addContact(ContactDetails(name: "王五", phones: [PhoneNumber("135 4444 5555")]), to: scope)
        let listing = try alice.propfind(Self.book, depth: 1, "<d:getetag/>")
        #expect(listing.body.contains("\(added.uid).vcf"))
        let card = try alice.send("GET", Self.book + "\(added.uid).vcf")
        #expect(card.body.contains("FN:王五") && card.body.contains("135 4444 5555"))
        _ = try alice.put(Self.book + "from-phone.vcf", vcard("UID:from-phone", "FN:From Phone", "TEL:123"))
        #expect(try server.store.contacts(in: scope).contains { $0.details.name == "From Phone" })
    }
}

extension ProtocolTests {
    @Test func expandPropertyFollowsThePrincipalsHrefs() throws {  // RFC 3253 §3.8
        let reply = try alice.report("/dav/principals/alice/", """
            <d:expand-property xmlns:d="DAV:"><d:property name="addressbook-home-set" namespace="urn:ietf:params:xml:ns:carddav">
            <d:property name="displayname"/><d:property name="resourcetype"/></d:property><d:property name="nothing"/></d:expand-property>
            """)
        #expect(reply.status == 207)
        #expect(reply.body.contains("<card:addressbook-home-set><d:response><d:href>/dav/addressbooks/alice/</d:href>"))
        #expect(reply.body.contains("<d:displayname>alice</d:displayname>"))
        #expect(reply.body.contains("<d:nothing/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status>"))
    }
}

extension ProtocolTests {
    @Test func lastModifiedIsAnHTTPDate() throws {  // RFC 4918 §15.7, RFC 9110 §5.6.7
        _ = try alice.put(Self.book + "d.vcf", vcard("UID:d", "FN:Dated"))
        let reply = try alice.propfind(Self.book + "d.vcf", depth: 0, "<d:getlastmodified/>")
        let pattern = /<d:getlastmodified>(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT<\/d:getlastmodified>/
        #expect(reply.body.contains(pattern))
        #expect(try alice.send("GET", Self.book + "d.vcf").header("Last-Modified")?.hasSuffix(" GMT") == true)
    }
}

extension ProtocolTests {
    @Test func aChangedCardIsNeverServedFromBefore() throws {  // RFC 9110 §8.8.3 (a new ETag, new content)
        _ = try alice.put(Self.book + "v.vcf", vcard("UID:v", "FN:Version One"))
        #expect(try alice.send("GET", Self.book + "v.vcf").body.contains("FN:Version One"))
        _ = try alice.put(Self.book + "v.vcf", vcard("UID:v", "FN:Version Two"))
        let fetched = try alice.send("GET", Self.book + "v.vcf")
        #expect(fetched.body.contains("FN:Version Two") && !fetched.body.contains("Version One"))
        let scope = try server.store.defaultAddressBook(for: server.alice)
        let contact = try #require(try server.store.contacts(in: scope).first { $0.uid == "v" })
        var details = contact.details
        details.name = "Version Three"
        _ = try server.store.updateContact(id: contact.id, with: details, in: scope)
        #expect(try alice.send("GET", Self.book + "v.vcf").body.contains("FN:Version Three"))
    }
}

extension ProtocolTests {
    @Test func hrefsArePercentEncodedAndReadBack() throws {  // RFC 4918 §8.3, RFC 3986 §2.1
        #expect(try alice.put(Self.book + "with%20space%20%E5%BC%A0.vcf", vcard("UID:sp", "FN:Spaced")).status == 201)
        let listing = try alice.propfind(Self.book, depth: 1, "<d:getetag/>")
        #expect(listing.body.contains("<d:href>\(Self.book)with%20space%20%E5%BC%A0.vcf</d:href>"))
        #expect(try alice.send("GET", Self.book + "with%20space%20%E5%BC%A0.vcf").body.contains("FN:Spaced"))
    }

    @Test func cardNamesWithControlCharactersAreNotFound() throws {  // RFC 4918 §9.1; never a 500
        _ = try alice.put(Self.book + "m1.vcf", vcard("UID:m1", "FN:One"))
        for name in ["a%00b.vcf", "%00", "m1.vcf%00", "a%01.vcf", "a%7F.vcf"] {
            #expect(try alice.send("GET", Self.book + name).status == 404, "\(name)")
            #expect(try alice.send("DELETE", Self.book + name).status == 404, "\(name)")
            let put = try alice.put(Self.book + name, vcard("UID:other", "FN:Other")).status
            #expect(put == 400 || put == 404, "\(name): \(put)")
            let reply = try alice.report(Self.book, """
                <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
                <d:prop><d:getetag/></d:prop><d:href>\(Self.book)\(name)</d:href><d:href>\(Self.book)m1.vcf</d:href>
                </card:addressbook-multiget>
                """)
            #expect(reply.status == 207 && reply.body.contains("404 Not Found") && reply.body.contains("m1.vcf</d:href><d:propstat>"), "\(name)")
        }
        #expect(try alice.propfind(Self.book, depth: 1, "<d:getetag/>").body.components(separatedBy: "<d:response>").count == 3)
    }
}
