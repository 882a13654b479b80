import Foundation
import Synchronization
import Testing
import HTTP
import TestSupport

@Suite struct HTTPServerLimitsTests {
    private static let cap = 1024

    /// Echoes the body length and counts handler calls.
    private final class Echo: Responder {
        let calls = Mutex(0)
        func respond(to request: Request) throws -> Response {
            calls.withLock { $0 += 1 }
            return .text("got \(request.body.count)")
        }
    }

    private func server(_ configuration: HTTPServer.Configuration = .init(maxBodyBytes: cap), _ echo: Echo = Echo()) throws -> TestServer {
        try TestServer(configuration, responder: echo)
    }

    private func chunked(_ total: Int, chunkSize: Int = 512) -> String {
        var body = ""
        var left = total
        while left > 0 {
            let size = min(chunkSize, left)
            body += String(size, radix: 16) + "\r\n" + String(repeating: "a", count: size) + "\r\n"
            left -= size
        }
        return body + "0\r\n\r\n"
    }

    @Test func bodyAtTheCapIsAccepted() throws {
        let server = try server()
        let client = try server.client()
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: \(Self.cap)\r\n\r\n" + String(repeating: "b", count: Self.cap))
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "got \(Self.cap)")
    }

    @Test func contentLengthOverTheCapIs413BeforeTheBodyIsSent() throws {
        let echo = Echo()
        let server = try server(.init(maxBodyBytes: Self.cap), echo)
        let client = try server.client()
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: \(Self.cap + 1)\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.text == "413 Content Too Large\n")
        #expect(echo.calls.withLock { $0 } == 0)
        #expect(server.log.lines.last?.contains(" POST /up 413 ") == true)
    }

    @Test func chunkedBodyOverTheCapIsDrainedThenAnswered413() throws {
        let echo = Echo()
        let server = try server(.init(maxBodyBytes: Self.cap), echo)
        let client = try server.client()
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(Self.cap * 3))
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.text == "413 Content Too Large\n")
        #expect(echo.calls.withLock { $0 } == 0)
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(10))
        #expect(try client.readResponse().text == "got 10", "the connection stays usable after draining")
    }

    @Test func theResponderCanAnswerARefusedRequestItself() throws {
        let responder = ClosureResponder({ _ in .text("handled") }, refusal: { request, status in
            request.path == "/own" ? .text("\(status) for \(request.method) \(request.path), body \(request.body.count)", status: status) : nil
        })
        let server = try TestServer(.init(maxBodyBytes: Self.cap), responder: responder)
        let client = try server.client()
        client.send("PUT /own HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(Self.cap * 2))
        let own = try client.readResponse()
        #expect(own.status == 413 && own.text == "413 for PUT /own, body 0")
        client.send("PUT /other HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(Self.cap * 2))
        #expect(try client.readResponse().text == "413 Content Too Large\n", "nil: the plain refusal")
    }

    @Test func chunkedBodyFarOverTheCapDropsTheConnection() throws {
        let server = try server()
        let client = try server.client()
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(Self.cap * 5))
        #expect(client.closedByServer())
        #expect(!client.hasBufferedData, "no response is sent")
    }

    /// Header count and size are checked in Swift, on the wire and in process alike.
    @Test func tooManyHeadersIs431() {
        let client = InProcessClient(responder: Echo(), configuration: .init(maxHeaderCount: 20))
        let many = HTTPHeaders((1...20).map { ("X-H\($0)", "v") } + [("Host", "t")])
        let response = client.send("GET", "/", headers: many)
        #expect(response.status == 431)
        #expect(response.body == Array("431 Request Header Fields Too Large\n".utf8))
        #expect(client.send("GET", "/", headers: HTTPHeaders(Array(many.dropFirst()))).status == 200, "20 fields are allowed")
    }

    @Test func headerSectionOverTheByteCapIs431() {
        let client = InProcessClient(responder: Echo(), configuration: .init(maxHeaderBytes: 100))
        // Each field counts its name, value, ": " and CRLF.
        #expect(client.send("GET", "/", headers: ["X-A": String(repeating: "a", count: 93)]).status == 200)
        let response = client.send("GET", "/", headers: ["X-A": String(repeating: "a", count: 94)])
        #expect(response.status == 431)
        #expect(response.body == Array("431 Request Header Fields Too Large\n".utf8))
    }

    @Test func aBodyOverTheCapIs413InProcessToo() {
        let echo = Echo()
        let log = LogRecorder()
        let client = InProcessClient(responder: echo, configuration: .init(maxBodyBytes: Self.cap), log: log.sink)
        #expect(client.send("POST", "/up", body: Array(repeating: 1, count: Self.cap)).body == Array("got \(Self.cap)".utf8))
        let response = client.send("POST", "/up", body: Array(repeating: 1, count: Self.cap + 1))
        #expect(response.status == 413 && response.body == Array("413 Content Too Large\n".utf8))
        #expect(echo.calls.withLock { $0 } == 1)
        #expect(log.lines.last?.contains(" POST /up 413 ") == true)
    }

    @Test func headerSectionOverTheCapIs431FromTheWireWithALogLine() throws {
        let server = try server()
        let client = try server.client()
        client.send("GET /big HTTP/1.1\r\nHost: t\r\nX-Huge: \(String(repeating: "a", count: 40 * 1024))\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 431)
        #expect(response.text == "431 Request Header Fields Too Large\n")
        #expect(server.log.lines.last?.contains(" GET /big 431 ") == true, "\(server.log.lines)")
    }

    /// Beyond the connection's memory libmicrohttpd answers itself; the access log still has the line.
    @Test func headerSectionBeyondTheConnectionMemoryIsLoggedToo() throws {
        let server = try server()
        let client = try server.client()
        client.send("GET /huge?q=1 HTTP/1.1\r\nHost: t\r\nX-Huge: \(String(repeating: "a", count: 200 * 1024))\r\n\r\n")
        #expect(try client.readResponse().status == 431)
        _ = client.closedByServer()
        let line = try #require(server.log.lines.last)
        #expect(line.contains(" 127.0.0.1 - /huge 431 - "), "\(line)")
    }

    @Test func connectionsPerClientAreCapped() throws {
        let server = try server(.init(maxConnectionsPerClient: 2))
        let first = try server.client()
        let second = try server.client()
        usleep(100_000)
        let third = try server.client(timeoutSeconds: 2)
        #expect(third.closedByServer())
        for client in [first, second] {
            client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func connectionsInTotalAreCappedExtraOnesWaitUnaccepted() throws {
        let server = try server(.init(threadCount: 1, maxConnections: 2))
        let first = try server.client()
        let second = try server.client()
        usleep(100_000)
        let third = try server.client(timeoutSeconds: 1)
        third.send("GET /third HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(throws: RawHTTPClientError.timedOut) { try third.readResponse() }
        second.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try second.readResponse().status == 200)
        first.disconnect()
        #expect(try third.readResponse().status == 200)
    }

    @Test func idleOrDrippingConnectionTimesOut() throws {
        let server = try server(.init(connectionTimeoutSeconds: 1))
        let client = try server.client(timeoutSeconds: 4)
        client.send("GET / HTTP/1.1\r\nHost: t\r\n")
        let started = Date()
        #expect(client.closedByServer())
        #expect(Date().timeIntervalSince(started) < 3.5)
    }

    @Test func startRaisesTheOpenFileLimitToTheHardLimit() throws {
        _ = try server()
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        #expect(limit.rlim_cur == limit.rlim_max)
    }
}
