/// A responder made from a closure.
public struct ClosureResponder: Responder {
    private let body: @Sendable (Request) throws -> Response

    /// Wraps a closure as a responder.
    public init(_ body: @escaping @Sendable (Request) throws -> Response) {
        self.body = body
    }

    /// Calls the closure.
    public func respond(to request: Request) throws -> Response {
        try body(request)
    }
}
