/// Anything that answers requests: a router, a handler, a middleware chain.
public protocol Responder: Sendable {
    /// The response to a request; thrown errors become error responses.
    func respond(to request: Request) throws -> Response

    /// The response to a request the server refused with `status` before `respond` could see
    /// it (400: its body length is ambiguous, and the connection closes after the response; 413: the
    /// body is over the limit and was not kept; 431: too many header fields or bytes), or nil for the
    /// server's plain one. The request has its method, path and headers, no body. Middleware chains
    /// (`chain`) and `Mount` pass it on to the responder that would have answered the request.
    func refusal(of request: Request, status: Int) -> Response?
}

extension Responder {
    /// The server's plain refusal.
    public func refusal(of request: Request, status: Int) -> Response? { nil }

    /// The response to `request`, or the one an error it threw renders (`HTTPResponseConvertibleError`);
    /// any other error is rethrown. The server and `InProcessClient` answer through this, and so does
    /// middleware that decorates error responses.
    public func answer(_ request: Request) throws -> Response {
        do {
            return try respond(to: request)
        } catch let error as any HTTPResponseConvertibleError {
            return error.response(for: request)
        }
    }
}
