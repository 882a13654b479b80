import Foundation
import Testing

/// Basic credentials that try to be another account's: hidden characters, other Unicode forms.
@Suite struct AuthenticationTests {
    let server: DAVTestServer

    init() throws {
        server = try DAVTestServer()
    }

    /// A PROPFIND of alice's principal with an Authorization header made from these bytes.
    private func propfind(credentials: String) throws -> DAVClient.Reply {
        let header = "Basic " + Data(credentials.utf8).base64EncodedString()
        return try server.client().send("PROPFIND", "/dav/principals/alice/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                                        headers: ["Depth": "0", "Authorization": header], authenticated: false)
    }

    @Test func aNulInTheAccountNameIsNoWayPastTheThrottle() throws {
        #expect(try propfind(credentials: "alice\u{0}x:password1").status == 401)
        for _ in 0..<5 { try server.throttle.recordFailure(account: "alice", address: "203.0.113.7") }
        for name in ["alice\u{0}x", "alice\u{0}", "alice\u{200B}", "alice\n"] {
            #expect(try propfind(credentials: name + ":password1").status == 401, "\(name.debugDescription)")
        }
        #expect(try propfind(credentials: "ALICE:password1").status == 429)
        #expect(server.log.allSatisfy { !$0.contains("\u{0}") && !$0.contains("\n") }, "log lines stay one printable line")
    }

    @Test func theSchemeIsReadInAnyCaseAndTheTokenBetweenBlanks() throws {
        func status(_ header: String, of account: String = "alice") throws -> Int {
            try server.client().send("PROPFIND", "/dav/principals/\(account)/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                                     headers: ["Depth": "0", "Authorization": header], authenticated: false).status
        }
        let token = Data("alice:password1".utf8).base64EncodedString()
        for header in ["Basic " + token, "bAsIc " + token, "BASIC \t " + token + " \t"] {
            #expect(try status(header) == 207, "\(header.debugDescription)")
        }
        // Another scheme, no token, a token that is no base64, no colon, no account name, a
        // password that is not UTF-8: no credentials, and a challenge.
        let latin1 = Data([0x61, 0x6C, 0x69, 0x63, 0x65, 0x3A, 0xE9]).base64EncodedString()
        for header in ["Bearer " + token, "Basic ", "Basic \t ", "Basic !!!" + token, "Basic " + Data("alice".utf8).base64EncodedString(),
                       "Basic " + Data(":password1".utf8).base64EncodedString(), "Basic " + latin1, "Basi " + token] {
            #expect(try status(header) == 401, "\(header.debugDescription)")
        }
        // A colon in the password is the password's.
        _ = try server.store.createUser(username: "colin", password: "pass:word:1")
        #expect(try status("Basic " + Data("colin:pass:word:1".utf8).base64EncodedString(), of: "colin") == 207)
        #expect(try status("Basic " + Data("colin:pass".utf8).base64EncodedString(), of: "colin") == 401)
    }

    @Test func credentialsVerifiedAMomentAgoLetNoOtherPasswordOrNameThrough() throws {
        #expect(try propfind(credentials: "alice:password1").status == 207)
        // Each of these differs from the cached pair by a byte, or moves the colon: no cache hit.
        for credentials in ["alice:password2", "alice:password1 ", "alice:Password1", "alicepassword1:", "alice:password1\u{0}"] {
            #expect(try propfind(credentials: credentials).status == 401, "\(credentials.debugDescription)")
        }
        #expect(try propfind(credentials: "alice:password1").status == 207)
    }

    @Test func anAccountNameInNFDLogsInToTheSameAccount() throws {
        _ = try server.store.createUser(username: "jos\u{E9}", password: "password1")
        let reply = try server.client("jose\u{301}").send("PROPFIND", "/dav/principals/jos%C3%A9/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                                                        headers: ["Depth": "0"])
        #expect(reply.status == 207)
        let decomposedPath = try server.client("jos\u{E9}").send("PROPFIND", "/dav/principals/jose%CC%81/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                                                               headers: ["Depth": "0"])
        #expect(decomposedPath.status == 207)
    }

    // MARK: A GET confirms credentials verified earlier in the statement that reads the card

    private func putAnna() throws {
        #expect(try server.client().put("/dav/addressbooks/alice/contacts/anna.vcf",
                                        vcard("UID:anna", "FN:Anna", "TEL:+86 138 0013 8000")).status == 201)
    }

    @Test func aGetWithAnAppPasswordVerifiedEarlierFailsOnceItIsRevoked() throws {
        try putAnna()
        let device = try server.client(password: server.store.addAppPassword(username: "alice", device: "Phone"))
        #expect(try device.send("GET", "/dav/addressbooks/alice/contacts/anna.vcf").status == 200)
        #expect(try device.send("GET", "/dav/addressbooks/alice/contacts/anna.vcf").status == 200, "from the cache")
        try server.store.revokeAppPassword(username: "alice", device: "Phone")
        let refused = try device.send("GET", "/dav/addressbooks/alice/contacts/anna.vcf")
        #expect(refused.status == 401)
        #expect(refused.header("WWW-Authenticate") == #"Basic realm="PersonalContacts", charset="UTF-8""#)
        #expect(try device.send("HEAD", "/dav/addressbooks/alice/contacts/anna.vcf").status == 401)
    }

    @Test func aGetStillAnswersWhenOtherCredentialsOfTheAccountChange() throws {
        try putAnna()
        #expect(try server.client().send("GET", "/dav/addressbooks/alice/contacts/anna.vcf").status == 200)
        _ = try server.store.addAppPassword(username: "alice", device: "Tablet")
        let reply = try server.client().send("GET", "/dav/addressbooks/alice/contacts/anna.vcf")
        #expect(reply.status == 200)
        #expect(reply.body.contains("FN:Anna"))
        #expect(try server.client().send("GET", "/dav/addressbooks/alice/contacts/nobody.vcf").status == 404)
        #expect(try server.client().send("GET", "/dav/addressbooks/alice/other/anna.vcf").status == 404)
    }

    @Test func aGetOfADeletedAccountIsRefused() throws {
        try putAnna()
        #expect(try server.client().send("GET", "/dav/addressbooks/alice/contacts/anna.vcf").status == 200)
        try server.store.deleteUser(username: "alice")
        #expect(try server.client().send("GET", "/dav/addressbooks/alice/contacts/anna.vcf").status == 401)
    }

    @Test func aGetOfAnotherAccountsCardIsNotFoundWithCredentialsFromTheCache() throws {
        try putAnna()
        #expect(try server.client("bob").send("PROPFIND", "/dav/principals/bob/", body: "", headers: ["Depth": "0"]).status == 207)
        #expect(try server.client("bob").send("GET", "/dav/addressbooks/alice/contacts/anna.vcf").status == 404)
        #expect(try server.client("bob").send("GET", "/dav/addressbooks/bob/contacts/anna.vcf").status == 404)
    }

    // MARK: A read confirms credentials verified earlier with what it reads

    @Test func readsWithAnAppPasswordVerifiedEarlierFailOnceItIsRevoked() throws {
        try putAnna()
        let device = try server.client(password: server.store.addAppPassword(username: "alice", device: "Phone"))
        let multiget = """
            <c:addressbook-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">
            <d:prop><d:getetag/><c:address-data/></d:prop><d:href>/dav/addressbooks/alice/contacts/anna.vcf</d:href>
            </c:addressbook-multiget>
            """
        #expect(try device.report("/dav/addressbooks/alice/contacts/", multiget).status == 207)
        #expect(try device.propfind("/dav/principals/alice/", depth: 0, "<d:displayname/>").status == 207)
        try server.store.revokeAppPassword(username: "alice", device: "Phone")
        #expect(try device.report("/dav/addressbooks/alice/contacts/", multiget).status == 401, "confirmed by the book's lookup")
        #expect(try device.propfind("/dav/addressbooks/alice/contacts/", depth: 1, "<d:getetag/>").status == 401)
        #expect(try device.propfind("/dav/principals/alice/", depth: 0, "<d:displayname/>").status == 401, "no book read: confirmed on its own")
        #expect(try device.send("PROPFIND", "/dav/addressbooks/alice/contacts/", body: "<not xml", headers: ["Depth": "0"]).status == 401,
                "not even an error goes out")
        #expect(try device.propfind("/dav/addressbooks/bob/contacts/", depth: 0, "<d:getetag/>").status == 401)
    }

    @Test func readsStillAnswerWhenOtherCredentialsOfTheAccountChange() throws {
        try putAnna()
        #expect(try server.client().propfind("/dav/addressbooks/alice/contacts/", depth: 1, "<d:getetag/>").status == 207)
        _ = try server.store.addAppPassword(username: "alice", device: "Tablet")
        let reply = try server.client().propfind("/dav/addressbooks/alice/contacts/", depth: 1, "<d:getetag/>")
        #expect(reply.status == 207)
        #expect(reply.body.contains("anna.vcf"))
        _ = try server.store.addAppPassword(username: "alice", device: "Laptop")
        #expect(try server.client().propfind("/dav/principals/alice/", depth: 0, "<d:displayname/>").status == 207)
    }
}
