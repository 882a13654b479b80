import Testing
import HTTP

@Suite struct CookieTests {
    @Test func defaultsMakeAnHttpOnlyLaxSessionCookie() {
        #expect(Cookie(name: "sid", value: "abc").headerValue() == "sid=abc; Path=/; HttpOnly; SameSite=Lax")
    }

    @Test func everyAttributeIsRendered() {
        let cookie = Cookie(name: "sid", value: "abc", path: "/app", maxAge: 3600, httpOnly: false, sameSite: .strict, secure: true)
        #expect(cookie.headerValue() == "sid=abc; Path=/app; Max-Age=3600; SameSite=Strict; Secure")
    }

    @Test func deletionUsesMaxAgeZero() {
        let cookie = Cookie(name: "sid", value: "", maxAge: 0, sameSite: .none, secure: true)
        #expect(cookie.headerValue() == "sid=; Path=/; Max-Age=0; HttpOnly; SameSite=None; Secure")
    }
}
