import Blanks
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reverse proxies in front of the server, whose word about the client is taken: a request
/// whose peer is one of them is from the address its `X-Forwarded-For` (or RFC 7239 `Forwarded`)
/// names, and came over TLS when its `X-Forwarded-Proto` (or `proto=`) says `https`. Anyone
/// else's forwarding headers are ignored, so a client cannot pick the address the login
/// throttle counts it under, or claim a TLS connection it does not have.
///
/// Each proxy appends the address it was reached from, so the list is read from its right end:
/// the client is the first address, from the right, that is not a trusted proxy. Whatever a
/// client wrote at the left end itself is never reached.
public struct TrustedProxies: Sendable, Equatable {
    /// A block of addresses, as `198.51.100.0/24` or `2001:db8::/32` writes it.
    public struct Range: Sendable, Equatable, CustomStringConvertible {
        let network: [UInt8]
        let prefixLength: Int

        /// The range `text` writes (an address alone is a range of one), or nil when it is none.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let address = TrustedProxies.bytes(of: String(parts[0])) else { return nil }
            let length = parts.count == 2 ? Int(parts[1]) : address.count * 8
            guard let length, (0...address.count * 8).contains(length) else { return nil }
            network = address
            prefixLength = length
        }

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == network.count else { return false }
            var bits = prefixLength
            for (a, b) in zip(address, network) where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                guard a & mask == b & mask else { return false }
                bits -= 8
            }
            return true
        }

        public var description: String {
            let family = network.count == 4 ? AF_INET : AF_INET6
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            _ = network.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/\(prefixLength)"
        }
    }

    /// The trusted ranges.
    public let ranges: [Range]

    public init(_ ranges: [Range]) {
        self.ranges = ranges
    }

    /// The default: the loopback addresses, where a proxy on the same machine connects from.
    public static let loopback = TrustedProxies([Range("127.0.0.0/8")!, Range("::1")!])

    /// Nobody: the peer is always the client (the server faces the internet itself).
    public static let none = TrustedProxies([])

    /// Whether `address` (text, IPv4, IPv6 or IPv4-mapped IPv6) is a trusted proxy.
    public func trusts(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// `request` with the client address and scheme its trusted proxies report; as it is when
    /// its peer is not trusted.
    public func resolve(_ request: Request) -> Request {
        // Without forwarding headers there is nothing to believe: the peer's address is not
        // even parsed (most requests, those of a server without a proxy in front).
        guard request.headers.contains(where: { field in Self.forwardingHeaders.contains { HTTPHeaders.sameName(field.name, $0) } }),
              trusts(request.clientAddress) else { return request }
        var resolved = request
        let forwarded = Self.forwardedElements(request.headers)
        let chain = request.headers.values("X-Forwarded-For").flatMap { $0.split(separator: ",").map { String($0.trimmingBlanks()) } }
        let hops = chain.isEmpty ? forwarded.map { $0["for"] ?? "" } : chain
        for hop in hops.reversed() {
            guard let address = Self.address(inHop: hop) else { break }
            resolved.clientAddress = address
            if !trusts(address) { break }
        }
        let proto = request.headers.values("X-Forwarded-Proto").last.map { $0.split(separator: ",").last.map { String($0.trimmingBlanks()) } ?? "" }
            ?? forwarded.last?["proto"]
        if let proto { resolved.isSecure = proto.lowercased() == "https" }
        return resolved
    }

    /// The headers a proxy reports the client and scheme in.
    private static let forwardingHeaders = ["X-Forwarded-For", "X-Forwarded-Proto", "Forwarded"]

    /// The elements of every `Forwarded` header (RFC 7239 §4), each as its lowercased
    /// parameter names and values, quotes taken off.
    private static func forwardedElements(_ headers: HTTPHeaders) -> [[String: String]] {
        headers.values("Forwarded").flatMap { $0.split(separator: ",") }.map { element in
            var pairs: [String: String] = [:]
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                var value = parts[1].trimmingBlanks()
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                pairs[parts[0].trimmingBlanks().lowercased()] = String(value)
            }
            return pairs
        }
    }

    /// The address of one hop as proxies write it (`203.0.113.7`, `[2001:db8::1]:4711`,
    /// `203.0.113.7:4711`), in its canonical text; nil when it is none (`unknown`, an
    /// obfuscated name), which ends the walk at the hop before it.
    private static func address(inHop hop: String) -> String? {
        var text = Substring(hop)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = text[..<colon]
        }
        return bytes(of: String(text)).map(canonical)
    }

    private static func canonical(_ bytes: [UInt8]) -> String {
        let description = Range(network: bytes, prefixLength: bytes.count * 8).description
        return String(description.prefix { $0 != "/" })
    }

    /// The address's bytes: 4 for IPv4 (IPv4-mapped IPv6 included), 16 for IPv6; nil when the
    /// text is no address.
    static func bytes(of text: String) -> [UInt8]? {
        guard text.utf8.count <= 64, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        return bytes.starts(with: mappedPrefix) ? Array(bytes.suffix(4)) : bytes
    }
}

extension TrustedProxies.Range {
    init(network: [UInt8], prefixLength: Int) {
        self.network = network
        self.prefixLength = prefixLength
    }
}
