import Testing
import HTTP

@Suite struct HTTPErrorTests {
    private let request = Request(path: "/")

    @Test func rendersStatusLineTextWithoutMessage() {
        let response = HTTPError(404).response(for: request)
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self) == "404 Not Found\n")
    }

    @Test func rendersMessageAndExtraHeaders() {
        let response = HTTPError(401, "Sign in first.", headers: ["WWW-Authenticate": "Basic realm=\"contacts\""])
            .response(for: request)
        #expect(response.status == 401)
        #expect(String(decoding: response.body, as: UTF8.self) == "Sign in first.\n")
        #expect(response.headers["WWW-Authenticate"] == "Basic realm=\"contacts\"")
    }

    @Test func reasonPhrasesCoverTheLimitStatuses() {
        #expect(HTTPStatus.reasonPhrase(for: 413) == "Content Too Large")
        #expect(HTTPStatus.reasonPhrase(for: 431) == "Request Header Fields Too Large")
        #expect(HTTPStatus.reasonPhrase(for: 799) == "Unknown")
    }
}
