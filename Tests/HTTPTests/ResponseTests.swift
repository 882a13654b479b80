import Testing
import HTTP

@Suite struct ResponseTests {
    @Test func textAndHTMLCarryUTF8ContentTypes() {
        let text = Response.text("héllo", status: 201)
        #expect(text.status == 201)
        #expect(text.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(text.body == Array("héllo".utf8))
        let html = Response.html("<p>x</p>")
        #expect(html.status == 200)
        #expect(html.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(html.body == Array("<p>x</p>".utf8))
    }

    @Test func redirectDefaultsToSeeOther() {
        let redirect = Response.redirect(to: "/contacts/1")
        #expect(redirect.status == 303)
        #expect(redirect.headers["Location"] == "/contacts/1")
        #expect(redirect.body.isEmpty)
        #expect(Response.redirect(to: "/", status: 302).status == 302)
    }

    @Test func setCookieAddsOneHeaderPerCookie() {
        var response = Response()
        response.setCookie(Cookie(name: "a", value: "1"))
        response.setCookie(Cookie(name: "b", value: "2", maxAge: 0))
        #expect(response.headers.values("Set-Cookie") == [
            "a=1; Path=/; HttpOnly; SameSite=Lax",
            "b=2; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
        ])
    }
}
