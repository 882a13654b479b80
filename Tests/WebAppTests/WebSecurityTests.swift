import ContactsStore
import Foundation
import Testing

/// Attacks on the web app's edges: names that are not what they seem, redirects to other
/// sites, forged or replayed tokens, methods no route takes.
@Suite struct WebSecurityTests {
    let app: RunningApp

    init() throws {
        app = try RunningApp()
        try app.addUser("dave")
    }

    /// A login form POST sent as raw urlencoded text, with the session's CSRF token.
    private func rawLogin(_ session: WebSession, _ encodedFields: String) throws -> WebSession.Reply {
        try session.get("/login")
        let csrf = session.csrf.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return try session.send("POST", "/login", body: "csrf=\(csrf)&" + encodedFields,
                                headers: ["Content-Type: application/x-www-form-urlencoded"])
    }

    @Test func aNulInTheAccountNameNeitherLogsInNorSlipsPastTheThrottle() throws {
        #expect(try rawLogin(app.session(), "account=dave%00x&password=password1").status == 401)
        // dave's account is throttled by failures from another address; this one is not.
        for _ in 0..<5 { try app.throttle.recordFailure(account: "dave", address: "203.0.113.7") }
        for variant in ["dave%00x", "dave%00", "dave%0A"] {
            let reply = try rawLogin(app.session(), "account=\(variant)&password=password1")
            #expect(reply.status != 303, "\(variant) must not log in")
            #expect(reply.headers("Set-Cookie").allSatisfy { !$0.hasPrefix("pc_session=") })
        }
        #expect(try app.session().logIn("DAVE", "password1").status == 429)
    }

    @Test func theThrottleCountsAnAccountOnceWhateverItsUnicodeForm() throws {
        try app.addUser("jos\u{E9}")
        for _ in 0..<5 { #expect(try app.session().logIn("jose\u{301}", "wrong password").status == 401) }
        #expect(try app.session().logIn("jos\u{E9}", "password1").status == 429)
    }

    @Test func aHugeAccountNameIsRefusedLikeAWrongOne() throws {
        let huge = String(repeating: "a", count: 100_000)
        let reply = try rawLogin(app.session(), "account=\(huge)&password=password1")
        #expect(reply.status == 401)
        #expect(reply.body.contains("Wrong account or password"))
    }

    @Test(arguments: ["/%2Fevil.example", "//evil.example/", "/%5Cevil.example", "/\\evil.example", "///evil.example",
                      "/%2F%2Fevil.example", "/\\/evil.example"])
    func theLanguageSwitchRedirectsOnlyWithinTheSite(path: String) throws {
        let reply = try app.session().get(path + "?lang=en")
        #expect(reply.status == 303)
        let location = try #require(reply.header("Location"))
        #expect(location.hasPrefix("/"))
        #expect(!location.hasPrefix("//") && !location.hasPrefix("/\\") && !location.contains("\\"), "\(location)")
        #expect(URL(string: location, relativeTo: URL(string: "http://site.example/"))?.host == "site.example")
    }

    @Test func theLanguageSwitchStillReturnsToThePage() throws {
        #expect(try app.session().get("/contacts/new?lang=zh-Hans").header("Location") == "/contacts/new")
    }

    @Test func aReplayedRememberTokenEndsTheSessionsItsFamilyStarted() throws {
        let device = app.session()
        try device.logIn("dave", "password1", remember: true)
        let stolen = try #require(device.jar["pc_remember"])
        // The thief uses the token first: it is rotated, and the thief gets a session.
        let thief = app.session()
        try thief.get("/login")
        thief.jar["pc_remember"] = stolen
        #expect(try thief.post("/login", [("account", "dave"), ("password", ""), ("remember", "on")]).status == 303)
        #expect(try thief.get("/contacts").status == 200)
        // The owner's browser presents the same, now spent, token: the whole family goes.
        #expect(try app.store.useRememberToken(stolen, lifetime: 60) == .reused)
        #expect(try thief.get("/contacts").status == 303, "the session started from the token is revoked too")
        #expect(try device.get("/contacts").status == 303)
    }

    @Test func loggingInWithAnotherAccountsRememberCookieLeavesItUnspent() throws {
        try app.addUser("erin")
        let browser = app.session()
        try browser.logIn("dave", "password1", remember: true)
        let token = try #require(browser.jar["pc_remember"])
        try browser.get("/logout")
        let other = app.session()
        try other.get("/login")
        other.jar["pc_remember"] = token
        #expect(try other.post("/login", [("account", "erin"), ("password", "")]).status == 401)
        #expect(try app.store.user(forToken: token, kind: .remember)?.username == "dave", "dave's token is still good")
    }

    @Test func theCSRFTokenIsRenewedAtLoginAndBoundToTheSession() throws {
        let browser = app.session()
        try browser.get("/login")
        let anonymousToken = browser.csrf
        let cookieBefore = try #require(browser.jar["pc_csrf"])
        let login = try browser.post("/login", [("account", "dave"), ("password", "password1")])
        #expect(login.headers("Set-Cookie").contains { $0.hasPrefix("pc_csrf=") })
        #expect(browser.jar["pc_csrf"] != cookieBefore)
        // The token of the page before the login is no good after it.
        #expect(try browser.post("/logout", [("csrf", anonymousToken)], csrf: false).status == 403)
        try browser.get("/logout")
        let sessionToken = browser.csrf
        #expect(sessionToken != anonymousToken)

        // Another browser holding the same pc_csrf cookie but its own session cannot use it.
        try app.addUser("erin")
        let attacker = app.session()
        try attacker.logIn("erin", "password1")
        let cookie = try #require(browser.jar["pc_csrf"])
        attacker.jar["pc_csrf"] = cookie
        #expect(try attacker.post("/logout", [("csrf", sessionToken)], csrf: false).status == 403)
        #expect(try browser.post("/logout", [("csrf", sessionToken)], csrf: false).status == 303)
    }

    @Test func aPostFromAnotherSiteIsRefusedEvenWithTheToken() throws {
        let browser = app.session()
        try browser.logIn("dave", "password1")
        try browser.get("/logout")
        let port = RunningApp.port
        for header in ["Origin: http://evil.example", "Origin: null", "Origin: http://127.0.0.1:\(port + 1)",
                       "Sec-Fetch-Site: cross-site", "Sec-Fetch-Site: same-site"] {
            #expect(try browser.post("/logout", headers: [header]).status == 403, "\(header)")
        }
        #expect(try browser.get("/contacts").status == 200, "still logged in")
        let sameSite = try browser.post("/logout", headers: ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: same-origin"])
        #expect(sameSite.status == 303)
    }

    @Test func malformedHostOrOriginHeadersAreRefusedNotTrusted() throws {
        let browser = app.session()
        try browser.logIn("dave", "password1")
        try browser.get("/logout")
        let port = RunningApp.port
        for headers in [["Host: [", "Origin: http://["], ["Host: :::::", "Origin: http://127.0.0.1:\(port)"],
                        ["Host: 127.0.0.1:99999999999999999999", "Origin: http://127.0.0.1:\(port)"],
                        ["Origin: http://127.0.0.1.evil.example:\(port)"], ["Origin: " + String(repeating: "a", count: 6_000)],
                        ["Origin: javascript:alert(1)"], ["Origin: http://127.0.0.1:\(port)@evil.example"]] {
            #expect(try browser.post("/logout", headers: headers).status == 403, "\(headers)")
        }
        #expect(try browser.get("/contacts").status == 200, "still logged in")
    }

    @Test func aMethodNoRouteTakesGets405NotACSRFRefusal() throws {
        let browser = app.session()
        try browser.logIn("dave", "password1")
        for (method, path) in [("PUT", "/contacts"), ("DELETE", "/login"), ("PATCH", "/contacts/new")] {
            let reply = try browser.send(method, path)
            #expect(reply.status == 405, "\(method) \(path)")
            #expect(reply.header("Allow") != nil)
        }
        #expect(try browser.send("POST", "/no/such/page").status == 404)
        #expect(try browser.send("POST", "/contacts").status == 403, "a routed POST still needs its token")
    }
}
