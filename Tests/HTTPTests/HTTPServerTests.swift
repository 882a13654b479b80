import Foundation
import Synchronization
import Testing
import HTTP
import TestSupport

/// What the server does with a request, answered in process through the server's own path, and over
/// a socket where libmicrohttpd's part shows (bodies, raw paths, header order, keep-alive, HEAD, several
/// fields of one name, concurrency, binding).
@Suite struct HTTPServerTests {
    private struct SecretError: Error { let detail = "hunter2" }

    private static func router() -> Router {
        let router = Router()
        router.get("/hello") { request, _ in
            .text("hello \(request.query["name"] ?? "?") from \(request.clientAddress) secure=\(request.isSecure)")
        }
        router.post("/echo/*rest") { request, _ in
            var response = Response(status: 201, body: request.body)
            response.headers["X-Raw-Path"] = request.rawPath
            response.headers["X-Path"] = request.path
            response.headers["X-Header-Order"] = request.headers.map(\.name).filter { $0.hasPrefix("X-") }.joined(separator: ",")
            response.headers["X-Repeated"] = request.headers.values("X-Repeated").joined(separator: "|")
            return response
        }
        router.get("/cookies") { _, _ in
            var response = Response.text("set")
            response.setCookie(Cookie(name: "a", value: "1"))
            response.setCookie(Cookie(name: "b", value: "2"))
            return response
        }
        router.get("/fail") { _, _ in throw SecretError() }
        router.get("/teapot") { _, _ in throw HTTPError(418, "I am a teapot.") }
        return router
    }

    private let log = LogRecorder()
    private var client: InProcessClient { InProcessClient(responder: Self.router(), log: log.sink) }

    @Test func answersInProcessAsOnTheWire() {
        let response = client.send("GET", "/hello?name=Ada+L%C3%B6")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello Ada Lö from 127.0.0.1 secure=false")
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(response.headers["Content-Length"] == String(response.body.count))
        let head = client.send("HEAD", "/hello?name=Ada+L%C3%B6")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["Content-Length"] == response.headers["Content-Length"])
    }

    @Test func largeBodyArrivesWhole() throws {
        let server = try TestServer(responder: Self.router())
        let client = try server.client()
        let body = (0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        client.send(Array("POST /echo/big HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        let response = try client.readResponse()
        #expect(response.status == 201)
        #expect(response.headers["Content-Length"] == String(body.count))
        #expect(response.body == body, "the echoed bytes differ")
    }

    @Test func bodyRawPathAndHeaderOrderReachTheHandler() throws {
        let server = try TestServer(responder: Self.router())
        let client = try server.client()
        client.send("POST /echo/a%2Fb%20c?x=1 HTTP/1.1\r\nHost: t\r\nX-Zulu: 1\r\nX-Repeated: one\r\nX-Alpha: 2\r\n"
            + "X-Repeated: two\r\nContent-Length: 5\r\n\r\nhello")
        let response = try client.readResponse()
        #expect(response.status == 201)
        #expect(response.text == "hello")
        #expect(response.headers["X-Raw-Path"] == "/echo/a%2Fb%20c")
        #expect(response.headers["X-Path"] == "/echo/a/b c")
        #expect(response.headers["X-Header-Order"] == "X-Zulu,X-Repeated,X-Alpha,X-Repeated")
        #expect(response.headers["X-Repeated"] == "one|two")
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try TestServer(responder: Self.router())
        let client = try server.client()
        for name in ["one", "two", "three"] {
            client.send("GET /hello?name=\(name) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("hello \(name) "))
            #expect(response.headers["Connection"]?.lowercased() != "close")
        }
    }

    @Test func headSendsTheGetHeadersWithoutABody() throws {
        let server = try TestServer(responder: Self.router())
        let client = try server.client()
        client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let get = try client.readResponse()
        client.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /hello?name=after HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(toHead: true)
        let after = try client.readResponse()
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == String(get.body.count))
        #expect(head.headers["Content-Type"] == get.headers["Content-Type"])
        #expect(after.text.hasPrefix("hello after "))
    }

    @Test func emptyHeaderValuesAreLeftOutAndContentLengthIsTheServers() {
        let responder = ClosureResponder { _ in
            Response(headers: ["X-Empty": "", "Content-Length": "999", "X-Kept": "yes"], body: Array("abc".utf8))
        }
        let response = InProcessClient(responder: responder).send("GET", "/")
        #expect(response.status == 200)
        #expect(response.headers["X-Empty"] == nil)
        #expect(response.headers.values("Content-Length") == ["3"])
        #expect(response.headers["X-Kept"] == "yes")
        #expect(response.body == Array("abc".utf8))
    }

    @Test(arguments: [["X-Bad": "a\r\nSet-Cookie: evil=1"], ["X-Bad": "a\nb"], ["X-Nul": "a\u{0}"], ["Bad Name": "x"],
                      ["": "x"]] as [HTTPHeaders])
    func aResponseHeaderThatWouldInjectLinesIsRefusedWith500(headers: HTTPHeaders) {
        let response = InProcessClient(responder: ClosureResponder { _ in Response(headers: headers) }, log: log.sink)
            .send("GET", "/inject")
        #expect(response.status == 500)
        #expect(response.headers["Set-Cookie"] == nil)
        #expect(log.lines.first?.hasPrefix("error: GET /inject: ") == true, "\(log.lines)")
        #expect(log.lines.last?.contains(" GET /inject 500 ") == true)
    }

    @Test func aStatusOutsideTheThreeDigitsIsRefusedWith500() {
        for status in [0, 99, 1000] {
            #expect(InProcessClient(responder: ClosureResponder { _ in Response(status: status) }).send("GET", "/").status == 500)
        }
    }

    @Test func headerValueWithLineBreakIsNotInjectedOnTheWire() throws {
        let responder = ClosureResponder { _ in Response(headers: ["X-Bad": "a\r\nSet-Cookie: evil=1"]) }
        let server = try TestServer(responder: responder)
        let client = try server.client()
        client.send("GET /inject HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 500)
        #expect(response.headers["Set-Cookie"] == nil)
    }

    @Test func severalSetCookieHeadersAreSent() throws {
        let server = try TestServer(responder: Self.router())
        let client = try server.client()
        client.send("GET /cookies HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().headers.values("Set-Cookie") == [
            "a=1; Path=/; HttpOnly; SameSite=Lax", "b=2; Path=/; HttpOnly; SameSite=Lax",
        ])
    }

    @Test func routerAnswers404And405WithAllow() {
        let missing = client.send("GET", "/nowhere")
        #expect(missing.status == 404)
        #expect(missing.body == Array("404 Not Found\n".utf8))
        let wrongMethod = client.send("DELETE", "/hello")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
    }

    @Test func httpErrorRendersItself() {
        let response = client.send("GET", "/teapot")
        #expect(response.status == 418)
        #expect(response.body == Array("I am a teapot.\n".utf8))
    }

    @Test func otherErrorsBecomeAGeneric500AndAreLoggedByTypeOnly() {
        let response = client.send("GET", "/fail")
        #expect(response.status == 500)
        #expect(response.body == Array("500 Internal Server Error\n".utf8))
        let lines = log.lines
        #expect(lines.contains { $0.hasPrefix("error: GET /fail: handler threw ") && $0.hasSuffix("SecretError") })
        #expect(!lines.joined().contains("hunter2"))
    }

    @Test func accessLogHasOneLinePerRequestAndNoSecrets() throws {
        let headers: HTTPHeaders = ["Host": "t", "Authorization": "Bearer tok3n", "Cookie": "sid=c00kie"]
        #expect(client.send("GET", "/hello?token=secret", headers: headers).status == 200)
        #expect(client.send("HEAD", "/hello").status == 200)
        let lines = log.lines
        #expect(lines.count == 2)
        let line = try #require(lines.first)
        let pattern = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z 127\.0\.0\.1 GET /hello 200 \d+ \d+\.\dms/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        for secret in ["secret", "token", "tok3n", "Bearer", "c00kie", "sid"] {
            #expect(!line.contains(secret))
        }
        #expect(lines.last?.contains(" HEAD /hello 200 0 ") == true, "a HEAD response sends no body bytes")
    }

    @Test func theServerLogsEachRequestItAnswers() throws {
        let server = try TestServer(responder: Self.router())
        let client = try server.client()
        client.send("GET /hello?token=secret HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(server.log.lines.count == 1 && server.log.lines[0].contains(" 127.0.0.1 GET /hello 200 "), "\(server.log.lines)")
    }

    @Test func manyClientsAreServedAtOnce() throws {
        // How many handlers run at once, and the most there were: counted, not timed, so a
        // loaded machine cannot make the test pass or fail.
        let running = Mutex((now: 0, most: 0))
        let router = Router()
        router.get("/slow") { _, _ in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            usleep(20_000)
            running.withLock { $0.now -= 1 }
            return .text("done")
        }
        let server = try TestServer(.init(maxConnectionsPerClient: 200), responder: router)
        let clients = try (0..<150).map { _ in try server.client(timeoutSeconds: 20) }
        for client in clients { client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n") }
        for client in clients {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "done")
        }
        #expect(running.withLock { $0.most } > 1, "requests were handled concurrently")
        #expect(server.log.lines.count == 150)
    }

    @Test func bindFailureThrowsAClearError() throws {
        let first = try TestServer(responder: Self.router())
        let second = HTTPServer(configuration: .init(port: first.port), responder: Self.router(), log: { _ in })
        #expect(throws: HTTPServerError.startFailed("cannot listen on 127.0.0.1 port \(first.port): Address already in use")) {
            try second.start()
        }
    }
}
