import Accounts
import CardDAV
import ContactsStore
import Foundation
import HTTP
import StoreOpening
import Testing

/// The login throttle as servers in front of one database and behind a proxy see it: failures
/// count together on every node, whatever each has cached, and the client a trusted proxy
/// names is the one counted.
@Suite struct ThrottleAcrossNodesTests {
    let server: DAVTestServer
    /// A second node: its own store connection, throttle, credential cache and proxy settings.
    let other: InProcessClient

    init() throws {
        server = try DAVTestServer()
        let store = try ContactStore(directory: server.directory)
        let dav = CardDAVServer(store: store, throttle: LoginThrottle(store: store), gate: PasswordGate(), log: { _ in })
        other = InProcessClient(responder: dav.responder())
    }

    private func propfind(_ client: InProcessClient, _ user: String, _ password: String, from peer: String = "127.0.0.1",
                          forwardedFor: String? = nil) -> Int {
        var headers: HTTPHeaders = ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), "Depth": "0"]
        headers["X-Forwarded-For"] = forwardedFor
        let body = Array(#"<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>"#.utf8)
        return client.send(Request(method: "PROPFIND", target: "/dav/", headers: headers, body: body, clientAddress: peer)).status
    }

    private func propfind(_ client: InProcessClient, _ user: String, _ password: String, userAgent: String, from peer: String) -> Int {
        let headers: HTTPHeaders = ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), "Depth": "0",
                                    "User-Agent": userAgent]
        let body = Array(#"<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>"#.utf8)
        return client.send(Request(method: "PROPFIND", target: "/dav/", headers: headers, body: body, clientAddress: peer)).status
    }

    /// An app password revoked through one node is refused by the other on its next request,
    /// though that node verified it a moment before; and the last use each node sees is kept
    /// with the client's User-Agent and address.
    @Test func aDeviceRevokedOnOneNodeIsRefusedOnTheOtherAtOnce() throws {
        let password = try server.store.addAppPassword(username: "alice", device: "iPhone")
        let agent = "iOS/17.0 (21A329) dataaccessd/1.0"
        #expect(propfind(server.http, "alice", password, userAgent: agent, from: "198.51.100.4") == 207)
        #expect(propfind(other, "alice", password, userAgent: agent, from: "198.51.100.5") == 207)
        let used = try #require(try server.store.appPasswords(username: "alice").first?.lastClient)
        #expect(used == RequestClient(userAgent: agent, address: "198.51.100.5"))
        try server.store.revokeAppPassword(username: "alice", device: "iPhone")
        #expect(propfind(other, "alice", password, userAgent: agent, from: "198.51.100.5") == 401)
        #expect(propfind(server.http, "alice", password, userAgent: agent, from: "198.51.100.4") == 401)
        #expect(propfind(other, "alice", "password1", userAgent: agent, from: "198.51.100.5") == 207, "the account itself is untouched")
    }

    @Test func failuresSpreadOverTwoNodesLockTheAccountOnBothEvenWhereItsPasswordIsCached() {
        #expect(propfind(server.http, "alice", "password1") == 207)
        #expect(propfind(other, "alice", "password1") == 207)
        for attempt in 0..<5 {
            #expect(propfind(attempt.isMultiple(of: 2) ? server.http : other, "alice", "guess\(attempt)", from: "203.0.113.\(attempt)") == 401)
        }
        for node in [server.http, other] {
            #expect(propfind(node, "alice", "password1") == 429)
            #expect(propfind(node, "alice", "guess9") == 429)
            #expect(propfind(node, "bob", "password1") == 207)
        }
    }

    /// A GET, a PROPFIND and a PUT read the failures with their book or card: a locked
    /// account's cached password gets 429 from each, and the PUT writes nothing.
    @Test func aLockedAccountsCachedPasswordIsRefusedByTheStatementThatReadsTheBookOrCard() throws {
        let alice = server.client()
        let card = ProtocolTests.book + "a.vcf"
        #expect(try alice.put(card, vcard("UID:a", "FN:Before")).status == 201)
        #expect(try alice.send("GET", card).status == 200)
        for attempt in 0..<5 {
            #expect(propfind(other, "alice", "guess\(attempt)", from: "203.0.113.\(attempt)") == 401)
        }
        #expect(try alice.send("GET", card).status == 429)
        #expect(try alice.propfind(ProtocolTests.book, depth: 1, "<d:getetag/>").status == 429)
        let put = try alice.put(card, vcard("UID:a", "FN:After"))
        #expect(put.status == 429 && put.header("Retry-After") != nil)
        let stored = try server.store.lookUpCard(href: "a.vcf", inBookNamed: "contacts", of: server.alice)?.card
        #expect(stored?.contact.details.name == "Before")
    }

    @Test func behindAProxyEachClientIsCountedByTheAddressTheProxyNames() {
        // Thirty failures for made-up accounts from one client, through the proxy on loopback.
        for attempt in 0..<30 {
            #expect(propfind(server.http, "nobody\(attempt)", "x", forwardedFor: "203.0.113.9") == 401)
        }
        #expect(propfind(server.http, "bob", "password1", forwardedFor: "203.0.113.9") == 429, "that client is locked out")
        #expect(propfind(server.http, "bob", "password1", forwardedFor: "198.51.100.2") == 207, "others behind the proxy are not")
        // A client writing its own X-Forwarded-For gets nothing from it: the proxy's entry, the
        // rightmost, is the one read.
        #expect(propfind(server.http, "bob", "password1", forwardedFor: "198.51.100.2, 203.0.113.9") == 429)
    }

    @Test func forwardingHeadersFromAnUntrustedPeerAreIgnored() {
        for attempt in 0..<30 {
            #expect(propfind(server.http, "nobody\(attempt)", "x", from: "192.0.2.50", forwardedFor: "198.51.100.\(attempt)") == 401)
        }
        #expect(propfind(server.http, "bob", "password1", from: "192.0.2.50", forwardedFor: "198.51.100.77") == 429)
        #expect(propfind(server.http, "bob", "password1", from: "192.0.2.51") == 207)
    }
}
