import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server (HTTPS when given a certificate) on libmicrohttpd.
///
/// Each request is read whole, limits enforced, then answered synchronously by the responder on
/// one of libmicrohttpd's worker threads. One access-log line per request goes to `log`.
/// `InProcessClient` answers requests through the same steps without a socket.
/// Do not call `stop()` from inside a handler.
public final class HTTPServer: Sendable {
    /// The libmicrohttpd server handle, touched only under `running`'s lock.
    private struct Running {
        let handle: OpaquePointer
        let port: Int
    }

    /// The configuration the server was created with.
    public let configuration: Configuration
    private let dispatcher: RequestDispatcher
    private let running = Mutex<Running?>(nil)

    /// Writes each log line to standard error, in batches (`BufferedLog`): lines of threads
    /// logging at once never interleave, and all are out within a tenth of a second.
    public static let standardErrorLog: @Sendable (String) -> Void = { BufferedLog.standardError.append($0) }

    /// Creates a server that answers through `responder`; nothing listens until `start()`.
    public init(configuration: Configuration = .init(), responder: any Responder,
                log: @escaping @Sendable (String) -> Void = HTTPServer.standardErrorLog) {
        self.configuration = configuration
        dispatcher = RequestDispatcher(responder: responder, limits: configuration, log: log)
    }

    deinit {
        stop()
    }

    /// Raises the open-file limit, binds, and starts serving; throws HTTPServerError if that fails.
    public func start() throws {
        if let problem = configuration.problem { throw HTTPServerError.invalidConfiguration(problem) }
        try running.withLock { running in
            guard running == nil else { throw HTTPServerError.alreadyRunning }
            _ = cmhd_raise_open_file_limit()
            running = try launch()
        }
    }

    /// The bound port once started (the real one when 0 was asked), else the configured one.
    public var port: Int {
        running.withLock { $0?.port } ?? configuration.port
    }

    /// Stops accepting connections, lets requests in flight finish (up to `gracePeriod`), then
    /// closes all. A server with no request in flight stops at once, without quiescing first.
    public func stop(gracePeriod: Duration = .seconds(10)) {
        guard let server = running.withLock({ running in defer { running = nil }; return running }) else { return }
        if cmhd_requests_in_flight(server.handle) > 0 {
            cmhd_quiesce(server.handle)
            let deadline = ContinuousClock.now + gracePeriod
            while cmhd_requests_in_flight(server.handle) > 0 && ContinuousClock.now < deadline {
                usleep(5_000)
            }
        }
        cmhd_stop(server.handle)
        BufferedLog.standardError.flush()
    }

    private func launch() throws -> Running {
        let settings = configuration
        var message = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(dispatcher).toOpaque()
        let handle = settings.host.withCString { host in
            Self.withOptionalCString(settings.tlsCertificatePEM) { certificate in
                Self.withOptionalCString(settings.tlsKeyPEM) { key in
                    var options = cmhd_options(
                        host: host, port: UInt16(settings.port), thread_count: UInt32(settings.threadCount),
                        connection_limit: UInt32(settings.maxConnections),
                        per_ip_limit: UInt32(settings.maxConnectionsPerClient),
                        timeout_seconds: UInt32(settings.connectionTimeoutSeconds),
                        memory_limit: settings.connectionMemoryLimit, max_body_bytes: settings.maxBodyBytes,
                        tls_certificate_pem: certificate, tls_key_pem: key,
                        handler: { context, request in
                            guard let context, let request else { return 0 }
                            let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
                            return HTTPServer.serve(request, with: dispatcher) ? 1 : 0
                        },
                        library_response_handler: { context, target, client, status in
                            guard let context, let target, let client else { return }
                            Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
                                .logLibraryResponse(target: String(cString: target), clientAddress: String(cString: client),
                                                    status: Int(status))
                        },
                        handler_context: context)
                    return cmhd_start(&options, &message, message.count)
                }
            }
        }
        guard let handle else { throw HTTPServerError.startFailed(message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) }
        return Running(handle: handle, port: Int(cmhd_port(handle)))
    }

    /// Builds the Request and serves it through the dispatcher onto the connection.
    private static func serve(_ raw: UnsafePointer<cmhd_request>, with dispatcher: RequestDispatcher) -> Bool {
        let started = ContinuousClock.now
        let incoming = raw.pointee
        var headers = HTTPHeaders()
        for index in 0..<incoming.header_count {
            headers.add(String(cString: incoming.header_names[index]!), String(cString: incoming.header_values[index]!))
        }
        let request = Request(
            method: String(cString: incoming.method), target: String(cString: incoming.target), headers: headers,
            body: incoming.body_length > 0 ? Array(UnsafeBufferPointer(start: incoming.body, count: incoming.body_length)) : [],
            clientAddress: String(cString: incoming.client_address), isSecure: incoming.is_secure != 0)
        let refusal = incoming.rejection == 0 ? nil
            : RequestDispatcher.Refusal(status: Int(incoming.rejection), reason: incoming.rejection_reason.map { String(cString: $0) })
        return dispatcher.serve(request, refusal: refusal, started: started) { send($0, to: raw) }
    }

    /// Queues the response; libmicrohttpd adds Content-Length and Date, and leaves out the body for HEAD.
    /// For a request refused for its framing the shim sends Connection: close, whatever the response
    /// says, and closes the connection.
    private static func send(_ response: Response, to request: UnsafePointer<cmhd_request>) -> Bool {
        // Each name and value NUL-terminated, one after another.
        var packed: [UInt8] = []
        packed.reserveCapacity(response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 })
        for (name, value) in response.headers {
            packed.append(contentsOf: name.utf8)
            packed.append(0)
            packed.append(contentsOf: value.utf8)
            packed.append(0)
        }
        return packed.withUnsafeBytes { headers in
            response.body.withUnsafeBufferPointer { body in
                cmhd_respond(request, UInt32(response.status), headers.baseAddress?.assumingMemoryBound(to: CChar.self),
                             response.headers.count, body.baseAddress, body.count) == 1
            }
        }
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}
