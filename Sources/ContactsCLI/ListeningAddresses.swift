import Foundation

/// The addresses `contacts serve` says it listens on. A wildcard host (`0.0.0.0`, `::`) is no
/// address anyone can open, so for one it names the machine's own addresses instead, those
/// another device can reach first: the IPv4 addresses of its interfaces other than loopback,
/// then (for `::`) the IPv6 ones that need no zone, then loopback.
enum ListeningAddresses {
    /// An address of one of the machine's network interfaces.
    struct Interface: Equatable {
        let address: String
        let isIPv6: Bool
        let isLoopback: Bool
    }

    /// Whether `host` binds every address of the machine rather than one.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", "[::]"].contains(host)
    }

    /// The base URLs (`http://192.168.1.20:8080`) of a server listening on `host` and `port`:
    /// `host` itself, unless it is a wildcard; then one per address of `interfaces`, in the
    /// order above, each once (`http://127.0.0.1:PORT` when the machine tells none).
    static func bases(scheme: String, host: String, port: Int, interfaces: @autoclosure () -> [Interface] = machine()) -> [String] {
        let url = { (address: String) in "\(scheme)://\(address.contains(":") ? "[\(address)]" : address):\(port)" }
        guard isWildcard(host) else { return [url(host)] }
        let allowsIPv6 = host != "0.0.0.0"
        let usable = interfaces().filter { !$0.isIPv6 || (allowsIPv6 && !$0.address.lowercased().hasPrefix("fe80:")) }
        let ordered = usable.filter { !$0.isLoopback && !$0.isIPv6 } + usable.filter { !$0.isLoopback && $0.isIPv6 }
            + usable.filter { $0.isLoopback && !$0.isIPv6 } + usable.filter { $0.isLoopback && $0.isIPv6 }
        var seen: Set<String> = []
        let addresses = ordered.map(\.address).filter { seen.insert($0).inserted }
        return (addresses.isEmpty ? ["127.0.0.1"] : addresses).map(url)
    }

    /// The addresses of the machine's interfaces that are up (`getifaddrs`), in its order.
    static func machine() -> [Interface] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [Interface] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let socketAddress = entry.pointee.ifa_addr, entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            let family = Int32(socketAddress.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(socketAddress, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            // A link-local IPv6 address comes with its zone (`fe80::1%eth0`); kept whole, it is left out above.
            found.append(Interface(address: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
                                   isIPv6: family == AF_INET6, isLoopback: entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) != 0))
        }
        return found
    }
}
