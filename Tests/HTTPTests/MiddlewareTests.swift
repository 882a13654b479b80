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
}
