import HTTP
import Testing

/// Whose word about the client is taken: the client address and scheme of a request, as the
/// dispatcher hands it on, for peers that are trusted proxies and peers that are not.
@Suite struct TrustedProxiesTests {
    private let echo = ClosureResponder { request in .text("\(request.clientAddress) \(request.isSecure)") }

    private func seen(peer: String, _ headers: HTTPHeaders, proxies: TrustedProxies = .loopback, alwaysSecure: Bool = false) -> (String, [String]) {
        var configuration = HTTPServer.Configuration()
        configuration.trustedProxies = proxies
        configuration.alwaysSecure = alwaysSecure
        let client = InProcessClient(responder: echo, configuration: configuration)
        let response = client.send(Request(method: "GET", target: "/", headers: headers, clientAddress: peer))
        return (String(decoding: response.body, as: UTF8.self), response.headers.values("Strict-Transport-Security"))
    }

    @Test func aLoopbackProxyNamesTheClientAndTheScheme() {
        #expect(seen(peer: "127.0.0.1", ["X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"])
            == ("203.0.113.7 true", ["max-age=31536000"]))
        #expect(seen(peer: "::1", ["X-Forwarded-For": "2001:db8::7"]).0 == "2001:db8::7 false")
        #expect(seen(peer: "::ffff:127.0.0.1", ["Forwarded": #"for="[2001:db8::8]:4711";proto=https"#]).0 == "2001:db8::8 true")
        #expect(seen(peer: "127.0.0.1", ["Forwarded": "for=198.51.100.1:80, for=203.0.113.8"]).0 == "203.0.113.8 false")
    }

    @Test func theRightmostUntrustedHopIsTheClient() {
        // A client's own X-Forwarded-For is to the left of what the proxy appended.
        #expect(seen(peer: "127.0.0.1", ["X-Forwarded-For": "198.51.100.1, 203.0.113.7"]).0 == "203.0.113.7 false")
        let inner = TrustedProxies([TrustedProxies.Range("10.0.0.0/8")!, TrustedProxies.Range("127.0.0.1")!])
        #expect(seen(peer: "10.1.2.3", ["X-Forwarded-For": "198.51.100.1, 203.0.113.7, 10.9.9.9"], proxies: inner).0 == "203.0.113.7 false")
        // A hop that is no address stops the walk at the last trusted one.
        #expect(seen(peer: "127.0.0.1", ["X-Forwarded-For": "unknown"]).0 == "127.0.0.1 false")
        #expect(seen(peer: "10.1.2.3", ["X-Forwarded-For": "203.0.113.7, nonsense, 10.9.9.9"], proxies: inner).0 == "10.9.9.9 false")
    }

    @Test func anUntrustedPeerCannotChooseItsAddressOrClaimTLS() {
        #expect(seen(peer: "192.0.2.50", ["X-Forwarded-For": "198.51.100.1", "X-Forwarded-Proto": "https"]) == ("192.0.2.50 false", []))
        #expect(seen(peer: "127.0.0.1", ["X-Forwarded-For": "198.51.100.1"], proxies: .none).0 == "127.0.0.1 false")
        #expect(seen(peer: "127.0.0.2", ["X-Forwarded-For": "198.51.100.1"], proxies: TrustedProxies([TrustedProxies.Range("127.0.0.1/32")!])).0
            == "127.0.0.2 false")
    }

    @Test func anHTTPSPublicAddressMakesEveryRequestSecure() {
        #expect(seen(peer: "192.0.2.50", [:], alwaysSecure: true) == ("192.0.2.50 true", ["max-age=31536000"]))
    }

    @Test func rangesAreReadStrictly() {
        for text in ["10.0.0.0/8", "::1", "fd00::/8", "192.0.2.1/32", "0.0.0.0/0"] {
            #expect(TrustedProxies.Range(text) != nil, "\(text)")
        }
        for text in ["10.0.0.0/33", "10.0.0/8", "fd00::/129", "example.org", "10.0.0.0/-1", "10.0.0.0/ 8", "", "10.0.0.1\u{0}"] {
            #expect(TrustedProxies.Range(text) == nil, "\(text.debugDescription)")
        }
        #expect(TrustedProxies.Range("10.1.2.3/8")?.description == "10.1.2.3/8")
    }
}
