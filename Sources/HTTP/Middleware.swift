/// A step before a responder that may change the request, answer it, or change the response.
///
/// A middleware never sees refused requests (`Responder.refusal(of:status:)`): the chain hands those
/// straight to the responder at its end, so wrapping a responder never loses its refusals.
public protocol Middleware: Sendable {
    /// Handles a request, calling `next` to continue down the chain.
    func handle(_ request: Request, next: any Responder) throws -> Response
}

/// A responder running `middlewares` in order (the first sees the request first) before `responder`;
/// refusals are `responder`'s.
public func chain(_ middlewares: [any Middleware], to responder: any Responder) -> any Responder {
    middlewares.reversed().reduce(responder) { next, middleware in
        MiddlewareResponder(middleware: middleware, next: next)
    }
}

private struct MiddlewareResponder: Responder {
    let middleware: any Middleware
    let next: any Responder

    func respond(to request: Request) throws -> Response {
        try middleware.handle(request, next: next)
    }

    func refusal(of request: Request, status: Int) -> Response? {
        next.refusal(of: request, status: status)
    }
}
