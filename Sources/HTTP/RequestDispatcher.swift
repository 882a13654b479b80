import Foundation

/// Runs the responder for each request, turns thrown errors into responses and writes the logs.
final class RequestDispatcher: Sendable {
    private let responder: any Responder
    private let log: @Sendable (String) -> Void

    init(responder: any Responder, log: @escaping @Sendable (String) -> Void) {
        self.responder = responder
        self.log = log
    }

    /// The response for a request, or for a request the server refused with `status` (400, 413, 431):
    /// the responder's refusal or the plain one, whose text is `reason` or else the status line.
    /// Errors rendering themselves do so; anything else is logged by type name and answered 500.
    func response(for request: Request, refusedWith status: Int? = nil, because reason: String? = nil) -> Response {
        if let status {
            return responder.refusal(of: request, status: status) ?? HTTPError(status, reason).response(for: request)
        }
        do {
            return try responder.respond(to: request)
        } catch let error as any HTTPResponseConvertibleError {
            return error.response(for: request)
        } catch {
            fail(request, "handler threw \(String(reflecting: type(of: error)))")
            return HTTPError(500).response(for: request)
        }
    }

    /// Logs a failure serving a request, naming only its method and path.
    func fail(_ request: Request, _ reason: String) {
        log(LogText.failure(of: request, reason))
    }

    /// Writes the access-log line for a request answered with `status` and `bodyBytes` of body.
    func logAccess(_ request: Request, status: Int, bodyBytes: Int, started: ContinuousClock.Instant) {
        let entry = AccessLogEntry(time: Date(), clientAddress: request.clientAddress, method: request.method,
                                   path: request.rawPath, status: status, bodyBytes: bodyBytes,
                                   duration: ContinuousClock.now - started)
        log(entry.line)
    }
}
