import Synchronization

/// Dispatches requests by method and path pattern to handlers.
///
/// Patterns are `/contacts/:id` (one segment) and `/static/*path` (the rest of the path).
/// More specific patterns win: literal segments before parameters before a tail.
/// HEAD is answered by the GET handler where no HEAD route exists (the server sends no body).
/// A matching path with no route for the method gets 405 with an Allow header;
/// no matching path goes to `notFound`; requests the server refused go to `refusal`. Safe to use from many threads.
public final class Router: Responder {
    /// A route handler.
    public typealias Handler = @Sendable (Request, RouteParameters) throws -> Response

    private struct Route: Sendable {
        let method: String
        let pattern: RoutePattern
        let handler: Handler
    }

    private struct State: Sendable {
        var routes: [Route] = []
        var notFound: any Responder = ClosureResponder { _ in throw HTTPError(404) }
        var refusal: @Sendable (Request, Int) -> Response? = { _, _ in nil }
    }

    private let state = Mutex(State())

    /// Creates a router with no routes.
    public init() {}

    /// The responder for paths no route matches; by default it throws HTTPError 404.
    public var notFound: any Responder {
        get { state.withLock { $0.notFound } }
        set { state.withLock { $0.notFound = newValue } }
    }

    /// The response to a request the server refused with a status (see `Responder.refusal(of:status:)`);
    /// by default nil, the server's plain refusal.
    public var refusal: @Sendable (_ request: Request, _ status: Int) -> Response? {
        get { state.withLock { $0.refusal } }
        set { state.withLock { $0.refusal = newValue } }
    }

    /// Routes `method` requests whose path matches `pattern` to `handler`.
    public func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        let route = Route(method: method.uppercased(), pattern: RoutePattern(pattern), handler: handler)
        state.withLock { state in
            let index = state.routes.firstIndex { route.pattern.isMoreSpecific(than: $0.pattern) } ?? state.routes.count
            state.routes.insert(route, at: index)
        }
    }

    /// Routes GET (and so HEAD) requests.
    public func get(_ pattern: String, _ handler: @escaping Handler) { add("GET", pattern, handler) }

    /// Routes POST requests.
    public func post(_ pattern: String, _ handler: @escaping Handler) { add("POST", pattern, handler) }

    /// Whether a route takes this request's method at its path (GET's route takes HEAD too).
    public func hasRoute(for request: Request) -> Bool {
        let methods = request.method == "HEAD" ? ["HEAD", "GET"] : [request.method]
        return state.withLock { $0.routes }.contains { methods.contains($0.method) && $0.pattern.match(request.path) != nil }
    }

    /// Answers through the matching route, `notFound`, or a 405.
    public func respond(to request: Request) throws -> Response {
        let (routes, notFound) = state.withLock { ($0.routes, $0.notFound) }
        let matches = routes.compactMap { route in route.pattern.match(request.path).map { (route, $0) } }
        guard !matches.isEmpty else { return try notFound.respond(to: request) }
        let chosen = matches.first { $0.0.method == request.method }
            ?? (request.method == "HEAD" ? matches.first { $0.0.method == "GET" } : nil)
        guard let (route, parameters) = chosen else {
            throw HTTPError(405, headers: ["Allow": Self.allowed(matches.map(\.0.method))])
        }
        return try route.handler(request, parameters)
    }

    /// Answers through `refusal`.
    public func refusal(of request: Request, status: Int) -> Response? {
        state.withLock { $0.refusal }(request, status)
    }

    private static func allowed(_ methods: [String]) -> String {
        var allowed = Set(methods)
        if allowed.contains("GET") { allowed.insert("HEAD") }
        return allowed.sorted().joined(separator: ", ")
    }
}
