/// Sends requests to a responder in process, the way `HTTPServer` answers them off the wire, for tests
/// and tools: the limits checked in Swift (header count and size, body size), a refusal through the
/// responder's `refusal(of:status:)`, the answer or the rendering of a thrown error, a 500 for anything
/// else or for a response that cannot be sent, and one access-log line to `log`.
///
/// What libmicrohttpd and the shim do on the wire is not here (framing, a body refused while it is
/// read, keep-alive, TLS) except what shapes every response: Content-Length is set from the body, and
/// a HEAD response has no body.
public struct InProcessClient: Sendable {
    private let dispatcher: RequestDispatcher

    /// A client of `responder`, with the server's limits from `configuration`.
    public init(responder: any Responder, configuration: HTTPServer.Configuration = .init(),
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        dispatcher = RequestDispatcher(responder: responder, limits: configuration, log: log)
    }

    /// The response to `request`, as a client of the server would receive it.
    public func send(_ request: Request) -> Response {
        var received = Response()
        _ = dispatcher.serve(request) { response in
            received = response
            received.headers["Content-Length"] = String(response.body.count)
            if request.method == "HEAD" { received.body = [] }
            return true
        }
        return received
    }

    /// The response to a request for `target` (path and query, percent-encoded as on the wire).
    public func send(_ method: String, _ target: String, headers: HTTPHeaders = .init(), body: [UInt8] = []) -> Response {
        send(Request(method: method, target: target, headers: headers, body: body))
    }
}
