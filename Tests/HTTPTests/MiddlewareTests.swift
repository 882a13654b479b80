import Testing
import HTTP

@Suite struct MiddlewareTests {
    private enum TraceKey: RequestAttributeKey { typealias Value = [String] }

    private struct Tag: Middleware {
        let name: String
        func handle(_ request: Request, next: any Responder) throws -> Response {
            var request = request
            request.attributes[TraceKey.self] = (request.attributes[TraceKey.self] ?? []) + [name]
            var response = try next.respond(to: request)
            response.headers.add("X-Trace", name)
            return response
        }
    }

    private struct Gate: Middleware {
        func handle(_ request: Request, next: any Responder) throws -> Response {
            guard request.headers["Authorization"] != nil else { throw HTTPError(401) }
            return try next.respond(to: request)
        }
    }

    private let endpoint = ClosureResponder { request in
        .text((request.attributes[TraceKey.self] ?? []).joined(separator: ","))
    }

    @Test func firstMiddlewareSeesTheRequestFirstAndTheResponseLast() throws {
        let responder = chain([Tag(name: "outer"), Tag(name: "inner")], to: endpoint)
        let response = try responder.respond(to: Request(path: "/"))
        #expect(String(decoding: response.body, as: UTF8.self) == "outer,inner")
        #expect(response.headers.values("X-Trace") == ["inner", "outer"])
    }

    @Test func middlewareCanAnswerWithoutCallingNext() throws {
        let responder = chain([Gate()], to: endpoint)
        #expect(throws: HTTPError(401)) { try responder.respond(to: Request(path: "/")) }
        #expect(try responder.respond(to: Request(path: "/", headers: ["Authorization": "x"])).status == 200)
    }

    @Test func emptyChainIsTheResponderItself() throws {
        #expect(try chain([], to: endpoint).respond(to: Request(path: "/")).body.isEmpty)
    }

    /// Answers "own <status>" to refused requests.
    private let refusing = ClosureResponder({ _ in .text("answered") }, refusal: { _, status in .text("own \(status)", status: status) })

    /// A client that refuses any request with more than one header field (431).
    private func client(_ responder: any Responder) -> InProcessClient {
        InProcessClient(responder: responder, configuration: .init(maxHeaderCount: 1))
    }

    private static let tooManyHeaders: HTTPHeaders = ["A": "1", "B": "2"]

    @Test func aChainPassesRefusalsToItsResponder() {
        let response = client(chain([Tag(name: "outer"), Gate()], to: refusing)).send("GET", "/", headers: Self.tooManyHeaders)
        #expect(response.status == 431)
        #expect(response.body == Array("own 431".utf8))
        #expect(response.headers["X-Trace"] == nil, "middleware does not see refused requests")
    }

    @Test func aMountPassesEachRequestAndRefusalToItsOwner() {
        let mount = Mount(refusing, where: { $0.path.hasPrefix("/dav/") }, otherwise: chain([Tag(name: "web")], to: endpoint))
        #expect(client(mount).send("GET", "/dav/x").body == Array("answered".utf8))
        #expect(client(mount).send("GET", "/dav/x", headers: Self.tooManyHeaders).body == Array("own 431".utf8))
        let web = client(mount).send("GET", "/page", headers: Self.tooManyHeaders)
        #expect(web.status == 431 && web.body == Array("431 Request Header Fields Too Large\n".utf8), "the plain refusal")
    }

    @Test func aRouterRefusesThroughItsRefusal() {
        let router = Router()
        router.refusal = { request, status in request.path == "/mine" ? .text("router \(status)", status: status) : nil }
        let wrapped = client(chain([Tag(name: "outer")], to: router))
        #expect(wrapped.send("GET", "/mine", headers: Self.tooManyHeaders).body == Array("router 431".utf8))
        #expect(wrapped.send("GET", "/other", headers: Self.tooManyHeaders).body == Array("431 Request Header Fields Too Large\n".utf8))
    }
}
