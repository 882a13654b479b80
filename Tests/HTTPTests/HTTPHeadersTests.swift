import Testing
import HTTP

@Suite struct HTTPHeadersTests {
    @Test func namesCompareCaseInsensitivelyAndOrderIsKept() {
        let headers = HTTPHeaders([("Content-Type", "text/plain"), ("X-One", "1"), ("x-two", "2")])
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["X-TWO"] == "2")
        #expect(headers["Missing"] == nil)
        #expect(headers.map(\.name) == ["Content-Type", "X-One", "x-two"])
    }

    @Test func addKeepsRepeatedFieldsAndValuesListsThemInOrder() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("X-Other", "x")
        headers.add("set-cookie", "b=2")
        #expect(headers.values("Set-Cookie") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1")
        #expect(headers.count == 3)
    }

    @Test func settingReplacesEveryFieldOfThatNameInPlace() {
        var headers: HTTPHeaders = ["A": "1"]
        headers.add("B", "2")
        headers.add("a", "3")
        headers["A"] = "new"
        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers.values("a") == ["new"])
        headers["B"] = nil
        #expect(headers.map(\.name) == ["A"])
        headers["C"] = "appended"
        #expect(headers.map(\.value) == ["new", "appended"])
    }

    @Test func equalityIgnoresNameCaseButNotValuesOrOrder() {
        #expect(HTTPHeaders([("A", "1"), ("B", "2")]) == HTTPHeaders([("a", "1"), ("b", "2")]))
        #expect(HTTPHeaders([("A", "1"), ("B", "2")]) != HTTPHeaders([("B", "2"), ("A", "1")]))
        #expect(HTTPHeaders([("A", "1")]) != HTTPHeaders([("A", "x")]))
    }
}
