import Testing
import HTTP

@Suite struct CookieJarTests {
    private func response(setting cookies: [String]) -> Response {
        var response = Response()
        for cookie in cookies { response.headers.add("Set-Cookie", cookie) }
        return response
    }

    @Test func keepsWhatResponsesSetAndSendsItBackInOrder() {
        var jar = CookieJar()
        #expect(jar.headerValue == nil)
        jar.update(from: response(setting: ["a=1; Path=/; HttpOnly", "b=two=2; Max-Age=60"]))
        #expect(jar["a"] == "1" && jar["b"] == "two=2")
        jar.update(from: response(setting: ["a=3"]))
        #expect(jar.headerValue == "a=3; b=two=2", "a replaced value keeps its place")
    }

    @Test func maxAgeZeroOrNilRemovesACookie() {
        var jar = CookieJar()
        jar.update(from: response(setting: ["a=1", "b=2", "c=3"]))
        jar.update(from: response(setting: [Cookie(name: "a", value: "", maxAge: 0).headerValue()]))
        jar["c"] = nil
        #expect(jar["a"] == nil && jar["c"] == nil)
        #expect(jar.headerValue == "b=2")
    }
}
