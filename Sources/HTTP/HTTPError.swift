/// An error carrying an HTTP status, rendered as a readable text/plain response.
public struct HTTPError: HTTPResponseConvertibleError, Equatable {
    /// The status code to answer with.
    public var status: Int
    /// The body text; the status line's reason phrase when nil.
    public var message: String?
    /// Extra headers for the response, such as Allow or WWW-Authenticate.
    public var headers: HTTPHeaders

    /// Creates an error answered with `status`.
    public init(_ status: Int, _ message: String? = nil, headers: HTTPHeaders = .init()) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// A text/plain response with the message, or "404 Not Found" style text.
    public func response(for request: Request) -> Response {
        var response = Response.text((message ?? "\(status) \(HTTPStatus.reasonPhrase(for: status))") + "\n", status: status)
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }
}
