/// An HTTP response; the server adds Content-Length and Date.
public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The response body (not sent for HEAD requests).
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int = 200, headers: HTTPHeaders = .init(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A `text/html; charset=utf-8` response.
    public static func html(_ html: String, status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// A redirect to `location`, by default 303 See Other.
    public static func redirect(to location: String, status: Int = 303) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// Adds a Set-Cookie header, keeping any others.
    public mutating func setCookie(_ cookie: Cookie) {
        headers.add("Set-Cookie", cookie.headerValue())
    }
}
