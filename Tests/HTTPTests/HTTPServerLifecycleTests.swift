import Foundation
import Testing
import HTTP
import TestSupport

@Suite struct HTTPServerLifecycleTests {
    private let hello = ClosureResponder { _ in .text("hi") }

    @Test func portZeroBindsAnEphemeralPort() throws {
        let server = HTTPServer(configuration: .init(port: 0), responder: hello, log: { _ in })
        #expect(server.port == 0)
        try server.start()
        defer { server.stop() }
        #expect(server.port > 0)
        let client = try RawHTTPClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hi")
    }

    /// Stopping right after start, many times over, with the daemon's threads still busy taking
    /// the listening socket out of their epoll sets: the socket must outlive them (closing it
    /// first made libmicrohttpd abort the process).
    @Test func stoppingAtOnceNeverPullsTheSocketFromUnderTheThreads() throws {
        for _ in 0..<2_000 {
            let server = HTTPServer(configuration: .init(port: 0, threadCount: 4), responder: hello, log: { _ in })
            try server.start()
            server.stop(gracePeriod: .zero)
        }
        let last = try TestServer(responder: hello)
        let client = try RawHTTPClient(port: last.server.port)
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hi", "servers still start and answer afterwards")
    }

    @Test func startingTwiceThrows() throws {
        let server = try TestServer(responder: hello)
        #expect(throws: HTTPServerError.alreadyRunning) { try server.server.start() }
    }

    @Test func impossibleConfigurationsThrowBeforeBinding() {
        let halfTLS = HTTPServer(configuration: .init(port: 0, tlsCertificatePEM: "x"), responder: hello, log: { _ in })
        #expect(throws: HTTPServerError.invalidConfiguration("TLS needs both a certificate and a key")) { try halfTLS.start() }
        let badPort = HTTPServer(configuration: .init(port: 70000), responder: hello, log: { _ in })
        #expect(throws: HTTPServerError.invalidConfiguration("port 70000 is out of range")) { try badPort.start() }
    }

    @Test func unresolvableHostThrows() {
        let server = HTTPServer(configuration: .init(host: "no-such-host.invalid", port: 0), responder: hello, log: { _ in })
        #expect {
            try server.start()
        } throws: { error in
            "\(error)".contains("cannot resolve no-such-host.invalid")
        }
    }

    @Test func stopLetsAnInFlightRequestFinishAndRefusesNewConnections() throws {
        let entered = Signal()
        let slow = ClosureResponder { _ in
            entered.raise()
            usleep(600_000)
            return .text("finished")
        }
        let server = try TestServer(responder: slow)
        let port = server.port
        let client = try server.client()
        client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(entered.wait())
        let stopped = Signal()
        let stopper = Thread {
            server.server.stop()
            stopped.raise()
        }
        stopper.start()
        usleep(100_000)
        #expect(throws: RawHTTPClientError.connectFailed(ECONNREFUSED)) { try RawHTTPClient(port: port) }
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "finished")
        #expect(stopped.wait())
        #expect(throws: RawHTTPClientError.connectFailed(ECONNREFUSED)) { try RawHTTPClient(port: port) }
    }

    @Test func stopGivesUpOnRequestsAfterTheGracePeriod() throws {
        let entered = Signal()
        let stuck = ClosureResponder { _ in
            entered.raise()
            usleep(1_500_000)
            return .text("late")
        }
        let server = try TestServer(responder: stuck)
        let client = try server.client()
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(entered.wait())
        let started = ContinuousClock.now
        server.server.stop(gracePeriod: .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func stopIsIdempotent() throws {
        let server = try TestServer(responder: hello)
        server.server.stop()
        server.server.stop()
        #expect(server.port == 0, "the configured port once stopped")
    }
}
