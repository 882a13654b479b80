/// The cookies a browser keeps for one site, for clients such as `InProcessClient`: taken from
/// responses' Set-Cookie headers (Max-Age=0 removes one) and sent back in one Cookie header.
/// Path, expiry and Secure are not looked at: every cookie is sent with every request.
public struct CookieJar: Sendable {
    private var cookies: [(name: String, value: String)] = []

    /// An empty jar.
    public init() {}

    /// A cookie's value; setting nil removes it, as a server's Max-Age=0 does.
    public subscript(name: String) -> String? {
        get { cookies.first { $0.name == name }?.value }
        set {
            let position = cookies.firstIndex { $0.name == name }
            cookies.removeAll { $0.name == name }
            guard let newValue else { return }
            cookies.insert((name, newValue), at: position ?? cookies.count)
        }
    }

    /// Keeps the cookies `response` sets and drops those it expires.
    public mutating func update(from response: Response) {
        for header in response.headers.values("Set-Cookie") {
            let attributes = header.split(separator: ";").map { $0.trimmingBlanks() }
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
            let expired = attributes.dropFirst().contains { $0.lowercased() == "max-age=0" }
            self[String(pair[..<equals])] = expired ? nil : String(pair[pair.index(after: equals)...])
        }
    }

    /// The Cookie header value for the next request, or nil when the jar is empty.
    public var headerValue: String? {
        cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}
