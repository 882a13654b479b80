import Testing
import HTTP

@Suite struct RouterTests {
    private func body(_ response: Response) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func parametersAreCapturedDecoded() throws {
        let router = Router()
        router.get("/contacts/:id/cards/:card") { _, parameters in
            .text("\(parameters["id"] ?? "-") \(parameters["card"] ?? "-") \(parameters["other"] ?? "nil")")
        }
        let response = try router.respond(to: Request(method: "GET", target: "/contacts/42/cards/a%20b"))
        #expect(body(response) == "42 a b nil")
    }

    @Test func tailWildcardTakesTheRestOfThePath() throws {
        let router = Router()
        router.get("/static/*path") { _, parameters in .text(parameters["path"] ?? "nil") }
        #expect(body(try router.respond(to: Request(path: "/static/css/app.css"))) == "css/app.css")
        #expect(body(try router.respond(to: Request(path: "/static/"))) == "")
        #expect(throws: HTTPError(404)) { try router.respond(to: Request(path: "/static")) }
    }

    @Test func literalSegmentsWinOverParametersWhateverTheOrderAdded() throws {
        let router = Router()
        router.get("/contacts/*rest") { _, _ in .text("tail") }
        router.get("/contacts/:id") { _, _ in .text("id") }
        router.get("/contacts/new") { _, _ in .text("new") }
        #expect(body(try router.respond(to: Request(path: "/contacts/new"))) == "new")
        #expect(body(try router.respond(to: Request(path: "/contacts/7"))) == "id")
        #expect(body(try router.respond(to: Request(path: "/contacts/7/edit"))) == "tail")
    }

    @Test func unknownPathThrows404ByDefault() {
        let router = Router()
        router.get("/") { _, _ in .text("home") }
        #expect(throws: HTTPError(404)) { try router.respond(to: Request(path: "/nowhere")) }
        #expect(throws: HTTPError(404)) { try router.respond(to: Request(path: "//")) }
    }

    @Test func notFoundResponderCanBeReplaced() throws {
        let router = Router()
        router.notFound = ClosureResponder { request in .html("<h1>No \(request.path)</h1>", status: 404) }
        let response = try router.respond(to: Request(path: "/missing"))
        #expect(response.status == 404)
        #expect(body(response) == "<h1>No /missing</h1>")
    }

    @Test func wrongMethodIs405WithAllowListingMethods() {
        let router = Router()
        router.get("/contacts/:id") { _, _ in .text("") }
        router.add("delete", "/contacts/:id") { _, _ in .text("") }
        router.post("/contacts/new") { _, _ in .text("") }
        #expect(throws: HTTPError(405, headers: ["Allow": "DELETE, GET, HEAD"])) {
            try router.respond(to: Request(method: "PUT", path: "/contacts/3"))
        }
        #expect(throws: HTTPError(405, headers: ["Allow": "DELETE, GET, HEAD, POST"])) {
            try router.respond(to: Request(method: "PATCH", path: "/contacts/new"))
        }
    }

    @Test func headUsesTheGetHandlerUnlessRoutedItself() throws {
        let router = Router()
        router.get("/a") { request, _ in .text("get saw \(request.method)") }
        router.get("/b") { _, _ in .text("get") }
        router.add("HEAD", "/b") { _, _ in Response(status: 204) }
        #expect(body(try router.respond(to: Request(method: "HEAD", path: "/a"))) == "get saw HEAD")
        #expect(try router.respond(to: Request(method: "HEAD", path: "/b")).status == 204)
    }

    @Test func optionsCanBeRoutedExplicitly() throws {
        let router = Router()
        router.add("OPTIONS", "/dav/*path") { _, _ in Response(status: 200, headers: ["DAV": "1, 3, addressbook"]) }
        router.add("PROPFIND", "/dav/*path") { _, _ in Response(status: 207) }
        #expect(try router.respond(to: Request(method: "OPTIONS", path: "/dav/x")).headers["DAV"] == "1, 3, addressbook")
        #expect(try router.respond(to: Request(method: "PROPFIND", path: "/dav/x")).status == 207)
        #expect(throws: HTTPError(405, headers: ["Allow": "OPTIONS, PROPFIND"])) {
            try router.respond(to: Request(method: "GET", path: "/dav/x"))
        }
    }

    @Test func handlerErrorsPropagate() {
        let router = Router()
        router.get("/teapot") { _, _ in throw HTTPError(418, "short and stout") }
        #expect(throws: HTTPError(418, "short and stout")) { try router.respond(to: Request(path: "/teapot")) }
    }
}
