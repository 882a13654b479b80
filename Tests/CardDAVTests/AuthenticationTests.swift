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

    @Test func anAccountNameInNFDLogsInToTheSameAccount() throws {
        _ = try server.store.createUser(username: "jos\u{E9}", password: "password1")
        let reply = try server.client("jose\u{301}").send("PROPFIND", "/dav/principals/jos%C3%A9/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                                                        headers: ["Depth": "0"])
        #expect(reply.status == 207)
        let decomposedPath = try server.client("jos\u{E9}").send("PROPFIND", "/dav/principals/jose%CC%81/", body: #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#,
                                                               headers: ["Depth": "0"])
        #expect(decomposedPath.status == 207)
    }
}
