/// A cookie to set on the client through a Set-Cookie header.
public struct Cookie: Sendable {
    /// The SameSite attribute.
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
        case none = "None"
    }

    /// The cookie name.
    public var name: String
    /// The cookie value, sent as is.
    public var value: String
    /// The Path attribute.
    public var path: String
    /// Lifetime in seconds: nil for a session cookie, 0 to delete the cookie.
    public var maxAge: Int?
    /// Whether scripts are kept from reading the cookie.
    public var httpOnly: Bool
    /// The SameSite attribute.
    public var sameSite: SameSite
    /// Whether the cookie is only sent over HTTPS.
    public var secure: Bool

    /// Creates a cookie.
    public init(name: String, value: String, path: String = "/", maxAge: Int? = nil, httpOnly: Bool = true,
                sameSite: SameSite = .lax, secure: Bool = false) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.sameSite = sameSite
        self.secure = secure
    }

    /// The Set-Cookie header value, such as `sid=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure`.
    public func headerValue() -> String {
        var attributes = ["\(name)=\(value)", "Path=\(path)"]
        if let maxAge { attributes.append("Max-Age=\(max(maxAge, 0))") }
        if httpOnly { attributes.append("HttpOnly") }
        attributes.append("SameSite=\(sameSite.rawValue)")
        if secure { attributes.append("Secure") }
        return attributes.joined(separator: "; ")
    }
}
