/// A responder made from a closure (and, optionally, one for refused requests).
public struct ClosureResponder: Responder {
    private let body: @Sendable (Request) throws -> Response
    private let refusal: @Sendable (Request, Int) -> Response?

    /// Wraps closures as a responder; `refusal` answers the requests the server refused.
    public init(_ body: @escaping @Sendable (Request) throws -> Response,
                refusal: @escaping @Sendable (_ request: Request, _ status: Int) -> Response? = { _, _ in nil }) {
        self.body = body
        self.refusal = refusal
    }

    /// Calls the closure.
    public func respond(to request: Request) throws -> Response {
        try body(request)
    }

    /// Calls the refusal closure.
    public func refusal(of request: Request, status: Int) -> Response? {
        refusal(request, status)
    }
}
