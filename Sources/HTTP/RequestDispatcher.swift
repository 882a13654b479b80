import Foundation

/// What the server does with a request once it is read, for `HTTPServer` and `InProcessClient` alike:
/// the limits checked here, the refusal or the responder's answer, a 500 for an error that does not
/// render itself or a response that cannot be sent, and the access-log line.
final class RequestDispatcher: Sendable {
    /// A status refusing a request before the responder sees it, and why (the plain refusal's text).
    struct Refusal {
        let status: Int
        let reason: String?
    }

    /// The HSTS policy sent on every answer over HTTPS: a year, this host only (its subdomains
    /// may serve other things over plain HTTP).
    static let strictTransportSecurity = "max-age=31536000"

    private let responder: any Responder
    private let limits: HTTPServer.Configuration
    private let log: @Sendable (String) -> Void

    init(responder: any Responder, limits: HTTPServer.Configuration, log: @escaping @Sendable (String) -> Void) {
        self.responder = responder
        self.limits = limits
        self.log = log
    }

    /// Answers a request, or refuses it (the transport's `refusal` or the limits' own), hands the
    /// response to `send`, and logs it. Header fields with empty values are left out of what `send`
    /// gets, and so is Content-Length, which is the transport's to set (as is leaving out a HEAD
    /// response's body). False when `send` failed: nothing was sent and the connection should close.
    func serve(_ received: Request, refusal: Refusal? = nil, started: ContinuousClock.Instant = .now,
               send: (Response) -> Bool) -> Bool {
        var request = limits.trustedProxies.resolve(received)
        if limits.alwaysSecure { request.isSecure = true }
        var response = response(for: request, refusal: refusal ?? limits.refusal(of: request))
        // A browser that reached the server over HTTPS keeps to it for a year (RFC 6797).
        if request.isSecure, response.headers["Strict-Transport-Security"] == nil {
            response.headers["Strict-Transport-Security"] = Self.strictTransportSecurity
        }
        let isLeftOut = { (field: HTTPHeaders.Element) in field.value.isEmpty || HTTPHeaders.sameName(field.name, "Content-Length") }
        if response.headers.contains(where: isLeftOut) {
            response.headers = HTTPHeaders(response.headers.filter { !isLeftOut($0) }.map { ($0.name, $0.value) })
        }
        if let problem = Self.unsendable(response) {
            fail(request, problem)
            response = HTTPError(500).response(for: request)
        }
        guard send(response) else {
            fail(request, "the response could not be queued")
            return false
        }
        let entry = AccessLogEntry(time: Date(), clientAddress: request.clientAddress, method: request.method,
                                   path: request.rawPath, status: response.status,
                                   bodyBytes: request.method == "HEAD" ? 0 : response.body.count, duration: .now - started)
        log(entry.line)
        return true
    }

    /// Logs a response libmicrohttpd sent itself, to a request the server never saw: its method and
    /// body size are not known, so they are logged as `-`.
    func logLibraryResponse(target: String, clientAddress: String, status: Int) {
        let path = String(target.prefix { $0 != "?" })
        log(AccessLogEntry(time: Date(), clientAddress: clientAddress, method: "-", path: path, status: status,
                           bodyBytes: nil, duration: .zero).line)
    }

    /// The refusal (the responder's, else the plain one), or the responder's answer; other errors are
    /// logged by type name and answered 500.
    private func response(for request: Request, refusal: Refusal?) -> Response {
        if let refusal {
            var refused = request
            refused.body = []
            return responder.refusal(of: refused, status: refusal.status)
                ?? HTTPError(refusal.status, refusal.reason).response(for: refused)
        }
        do {
            return try responder.answer(request)
        } catch {
            fail(request, "handler threw \(String(reflecting: type(of: error)))")
            return HTTPError(500).response(for: request)
        }
    }

    /// Why a response cannot go out as it is: a status outside 100…999, a field name that is not a
    /// token, or a line break or NUL in a value (which would inject header lines).
    private static func unsendable(_ response: Response) -> String? {
        guard (100...999).contains(response.status) else { return "the response status \(response.status) is not one" }
        for (name, value) in response.headers {
            guard HTTPHeaders.isToken(name) else { return "a response header name is not a token" }
            var value = value
            guard !value.withUTF8({ $0.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 } }) else {
                return "the response header \(name) has a line break or NUL in its value"
            }
        }
        return nil
    }

    /// Logs a failure serving a request, naming only its method and path.
    private func fail(_ request: Request, _ reason: String) {
        log(LogText.failure(of: request, reason))
    }
}
