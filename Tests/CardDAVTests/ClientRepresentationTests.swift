import Foundation
import Testing

/// RFC 6352 §6.3.2.3, RFC 9110 §8.8.3: every client gets its cards as stored, byte for byte,
/// with the ETag in the PUT answer; Apple's Contacts gets Chinese names with phonetic fields, in
/// a representation with ETags of its own, and its edits go through.
@Suite struct ClientRepresentationTests {
    let server: DAVTestServer
    let alice: DAVClient
    static let book = "/dav/addressbooks/alice/contacts/"
    static let iOS = ["User-Agent": "iOS/18.1 (22B83) dataaccessd/1.0"]
    static let macOS = ["User-Agent": "macOS/15.1 (24B83) AddressBookCore/2498.2.1"]
    static let zhangWei = vcard("UID:zw", "N:张;伟;;;", "FN:张伟 (Zhang Wei)", "TEL;TYPE=CELL:13800000001")

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
    }

    private func get(_ name: String, _ headers: [String: String] = [:]) throws -> DAVClient.Reply {
        try alice.send("GET", Self.book + name, headers: headers)
    }

    @Test func aPlainClientGetsItsCardBackByteForByteWithTheETag() throws {
        let put = try alice.put(Self.book + "zw.vcf", Self.zhangWei)
        #expect(put.status == 201)
        let etag = try #require(put.header("ETag"))
        let got = try get("zw.vcf")
        #expect(got.body == Self.zhangWei, "nothing added to a card a client PUT")
        #expect(got.header("ETag") == etag)
        #expect(got.header("Vary") == "User-Agent")
        // An edit with that ETag goes through: nothing the client did not make came in between.
        let edited = Self.zhangWei.replacingOccurrences(of: "13800000001", with: "13800000002")
        #expect(try alice.put(Self.book + "zw.vcf", edited, headers: ["If-Match": etag]).status == 204)
        #expect(try get("zw.vcf").body == edited)
    }

    /// The text cache keys a card by the version it is written in, and a GET naming none finds
    /// the card's own through a second key sharing that text: neither ever gets the other's.
    @Test func aCardSentAsVCard4IsServedInTheVersionEachRequestAsksFor() throws {
        let sent = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:v4\r\nFN:Vera Four\r\nTEL;VALUE=uri;TYPE=cell:tel:+86-138-0000-0004\r\nEND:VCARD\r\n"
        #expect(try alice.put(Self.book + "v4.vcf", sent).status == 201)
        let multiget = """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/><card:address-data/></d:prop><d:href>\(Self.book)v4.vcf</d:href></card:addressbook-multiget>
            """
        for _ in 0..<2 {  // the second time from the cache
            #expect(try get("v4.vcf").body == sent, "a GET naming no version gets the card as sent")
            let report = try alice.report(Self.book, multiget, depth: "1")
            #expect(report.status == 207 && report.body.contains("VERSION:3.0") && !report.body.contains("VERSION:4.0"),
                    "a REPORT's address-data is 3.0 unless it names 4.0")
            let three = try get("v4.vcf", ["Accept": "text/vcard; version=3.0"])
            #expect(three.body.contains("VERSION:3.0") && three.body.contains("FN:Vera Four"))
            #expect(try get("v4.vcf", ["Accept": "text/vcard; version=4.0"]).body == sent)
        }
    }

    @Test(arguments: [iOS, macOS, ["User-Agent": "Mac OS X/10.15.7 (19H15) AddressBook/2452.2"]])
    func appleContactsGetsPhoneticNamesFromNInItsOwnRepresentation(agent: [String: String]) throws {
        let etag = try #require(try alice.put(Self.book + "zw.vcf", Self.zhangWei).header("ETag"))
        let apple = try get("zw.vcf", agent)
        #expect(apple.body.contains("X-PHONETIC-LAST-NAME:Zhang\r\n"), "\(apple.body)")
        #expect(apple.body.contains("X-PHONETIC-FIRST-NAME:Wei\r\n"))
        #expect(apple.body.hasSuffix("END:VCARD\r\n"))
        let appleETag = try #require(apple.header("ETag"))
        #expect(appleETag != etag, "two texts, two strong ETags")
        let listing = try alice.send("PROPFIND", Self.book, body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"#,
                                     headers: agent.merging(["Depth": "1"]) { $1 })
        #expect(listing.body.contains("<d:getetag>\(appleETag.replacingOccurrences(of: "\"", with: "&quot;"))</d:getetag>")
                || listing.body.contains("<d:getetag>\(appleETag)</d:getetag>"), "\(listing.body)")
        #expect(try get("zw.vcf", agent.merging(["If-None-Match": appleETag]) { $1 }).status == 304)
        // What other clients get is unchanged.
        #expect(try get("zw.vcf").body == Self.zhangWei)
    }

    @Test func appleContactsEditsItsCardWithItsOwnETag() throws {  // RFC 6352 §6.3.2.3: no ETag → GET
        let created = try alice.put(Self.book + "zw.vcf", Self.zhangWei, headers: Self.iOS)
        #expect(created.status == 201)
        #expect(created.header("ETag") == nil, "the phone is served more than it sent: it must fetch it")
        let fetched = try get("zw.vcf", Self.iOS)
        let etag = try #require(fetched.header("ETag"))
        let edited = fetched.body.replacingOccurrences(of: "13800000001", with: "13800000009")
        let saved = try alice.put(Self.book + "zw.vcf", edited, headers: Self.iOS.merging(["If-Match": etag]) { $1 })
        #expect(saved.status == 204)
        #expect(saved.header("ETag") == (try get("zw.vcf", Self.iOS).header("ETag")), "served as sent: its ETag is given")
        #expect(try get("zw.vcf").body == edited)
        // A stale ETag of either form is refused.
        #expect(try alice.put(Self.book + "zw.vcf", Self.zhangWei, headers: Self.iOS.merging(["If-Match": etag]) { $1 }).status == 412)
    }

    @Test func aLatinNameIsServedToAppleAsSentWithItsETag() throws {
        let card = vcard("UID:js", "FN:John Smith", "N:Smith;John;;;")
        let put = try alice.put(Self.book + "js.vcf", card, headers: Self.iOS)
        let etag = try #require(put.header("ETag"))
        let got = try get("js.vcf", Self.iOS)
        #expect(got.body == card)
        #expect(got.header("ETag") == etag)
    }

    @Test func withPhoneticNamesOffAppleGetsTheStoredCard() throws {
        try server.store.setPhoneticNames(false, for: server.alice)
        let etag = try #require(try alice.put(Self.book + "zw.vcf", Self.zhangWei, headers: Self.iOS).header("ETag"))
        let got = try get("zw.vcf", Self.iOS)
        #expect(got.body == Self.zhangWei)
        #expect(got.header("ETag") == etag)
    }

    @Test func syncCollectionAndMultigetServeAppleItsRepresentation() throws {
        _ = try alice.put(Self.book + "zw.vcf", Self.zhangWei)
        let sync = try alice.send("REPORT", Self.book, body: """
            <d:sync-collection xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:sync-token/><d:sync-level>1</d:sync-level>
            <d:prop><d:getetag/></d:prop></d:sync-collection>
            """, headers: Self.iOS)
        let etag = try #require(try get("zw.vcf", Self.iOS).header("ETag"))
        #expect(sync.body.contains(etag.replacingOccurrences(of: "\"", with: "&quot;")) || sync.body.contains(etag), "\(sync.body)")
        let multiget = try alice.send("REPORT", Self.book, body: """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>
            <d:href>\(Self.book)zw.vcf</d:href></card:addressbook-multiget>
            """, headers: Self.iOS.merging(["Depth": "0"]) { $1 })
        #expect(multiget.body.contains("X-PHONETIC-FIRST-NAME:Wei"))
        let plain = try alice.report(Self.book, """
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop>
            <d:href>\(Self.book)zw.vcf</d:href></card:addressbook-multiget>
            """)
        #expect(!plain.body.contains("X-PHONETIC"))
    }

    @Test func twoKindsOfClientEditingInTurnLoseNothing() throws {
        var plainETag = try #require(try alice.put(Self.book + "zw.vcf", Self.zhangWei).header("ETag"))
        for round in 1...3 {
            // The phone fetches, edits its own copy, saves with its ETag.
            let onPhone = try get("zw.vcf", Self.iOS)
            let phoneEdit = onPhone.body.replacingOccurrences(of: "END:VCARD", with: "NOTE:phone \(round)\r\nEND:VCARD")
            let phoneSave = try alice.put(Self.book + "zw.vcf", phoneEdit, headers: Self.iOS.merging(["If-Match": onPhone.header("ETag")!]) { $1 })
            #expect(phoneSave.status == 204)
            // The other client's ETag is stale now: its blind edit is refused, not applied over the phone's.
            #expect(try alice.put(Self.book + "zw.vcf", Self.zhangWei, headers: ["If-Match": plainETag]).status == 412)
            let onDesk = try get("zw.vcf")
            #expect(onDesk.body.contains("NOTE:phone \(round)"), "the phone's edit reached the other client")
            let deskEdit = onDesk.body.replacingOccurrences(of: "TEL;TYPE=CELL:", with: "TEL;TYPE=CELL:\(round)")
            let deskSave = try alice.put(Self.book + "zw.vcf", deskEdit, headers: ["If-Match": onDesk.header("ETag")!])
            plainETag = try #require(deskSave.header("ETag"))
            #expect(try get("zw.vcf").body == deskEdit)
            #expect(try get("zw.vcf", Self.iOS).body.contains("TEL;TYPE=CELL:\(round)"), "the desk's edit reached the phone")
        }
    }
}
