import Testing
import HTTP

@Suite struct RequestTests {
    private enum UserKey: RequestAttributeKey { typealias Value = String }
    private enum CountKey: RequestAttributeKey { typealias Value = Int }

    @Test func targetIsSplitIntoDecodedPathRawPathAndQuery() {
        let request = Request(method: "propfind", target: "/dav/a%20b%2Fc/?q=hello+world&x=%26%3D&q=last&flag&bad=%zz")
        #expect(request.method == "PROPFIND")
        #expect(request.path == "/dav/a b/c/")
        #expect(request.rawPath == "/dav/a%20b%2Fc/")
        #expect(request.query == ["q": "last", "x": "&=", "flag": "", "bad": "%zz"])
    }

    @Test func pathKeepsPlusAndDecodesUTF8() {
        let request = Request(method: "GET", target: "/a+b/%C3%A9")
        #expect(request.path == "/a+b/é")
        #expect(request.query.isEmpty)
    }

    @Test func cookiesAreParsedFirstNameWinning() {
        let request = Request(path: "/", headers: ["Cookie": "sid=abc; theme=\"dark\";  sid=other; junk; =x"])
        #expect(request.cookies == ["sid": "abc", "theme": "dark"])
        #expect(Request(path: "/").cookies.isEmpty)
    }

    @Test func formFieldsDecodeURLEncodedBodies() {
        let request = Request(method: "POST", path: "/", headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"],
                              body: Array("name=Ada+Lovelace&email=ada%40example.org&empty=".utf8))
        #expect(request.formFields() == ["name": "Ada Lovelace", "email": "ada@example.org", "empty": ""])
    }

    @Test func formFieldsAreEmptyForOtherContentTypes() {
        let request = Request(method: "POST", path: "/", headers: ["Content-Type": "application/json"], body: Array("a=1".utf8))
        #expect(request.formFields().isEmpty)
    }

    @Test func attributesAreTypedByKey() {
        var request = Request(path: "/")
        #expect(request.attributes[UserKey.self] == nil)
        request.attributes[UserKey.self] = "ada"
        request.attributes[CountKey.self] = 3
        #expect(request.attributes[UserKey.self] == "ada")
        #expect(request.attributes[CountKey.self] == 3)
        request.attributes[UserKey.self] = nil
        #expect(request.attributes[UserKey.self] == nil)
    }
}
