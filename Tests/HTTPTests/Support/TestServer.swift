import Foundation
import HTTP
import Synchronization
import TestSupport

/// A server on an ephemeral port with its log recorded, stopped when the test is done with it.
struct TestServer {
    let server: HTTPServer
    let log = LogRecorder()

    init(_ configuration: HTTPServer.Configuration = .init(), responder: any Responder) throws {
        var configuration = configuration
        configuration.port = 0
        server = HTTPServer(configuration: configuration, responder: responder, log: log.sink)
        try server.start()
    }

    var port: Int { server.port }

    func client(timeoutSeconds: Int = 5) throws -> RawHTTPClient {
        try RawHTTPClient(port: port, timeoutSeconds: timeoutSeconds)
    }
}

/// A boolean one thread sets and another waits for.
final class Signal: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    /// Whether the signal was raised within `seconds`.
    func wait(seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if raised.withLock({ $0 }) { return true }
            usleep(2_000)
        }
        return false
    }
}
