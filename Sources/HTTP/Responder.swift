/// Anything that answers requests: a router, a handler, a middleware chain.
public protocol Responder: Sendable {
    /// The response to a request; thrown errors become error responses.
    func respond(to request: Request) throws -> Response
}
