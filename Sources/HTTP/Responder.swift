/// Anything that answers requests: a router, a handler, a middleware chain.
public protocol Responder: Sendable {
    /// The response to a request; thrown errors become error responses.
    func respond(to request: Request) throws -> Response

    /// The response to a request the server refused with `status` before `respond` could see
    /// it (400: its body length is ambiguous, and the connection closes after the response; 413: the
    /// body is over the limit and was not kept; 431: too many header bytes), or nil for the server's
    /// plain one. The request has its method, path and headers, no body.
    func refusal(of request: Request, status: Int) -> Response?
}

extension Responder {
    /// The server's plain refusal.
    public func refusal(of request: Request, status: Int) -> Response? { nil }
}
