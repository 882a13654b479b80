import ContactsStore
import Foundation
import Testing

@Suite struct LoginTests {
    let app: RunningApp

    init() throws {
        app = try RunningApp()
        try app.addUser("alice")
    }

    @Test func loginPageCarriesTheSecurityHeaders() throws {
        let page = try app.session().get("/login")
        #expect(page.status == 200)
        let csp = try #require(page.header("Content-Security-Policy"))
        #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"))
        #expect(csp.contains("frame-ancestors 'none'"))
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(page.header("Referrer-Policy") == "same-origin")
        #expect(page.body.contains("<title>Log in · Personal Contacts</title>"))
    }

    @Test func rightPasswordStartsAnHttpOnlySession() throws {
        let session = app.session()
        let reply = try session.logIn("alice", "password1")
        #expect(reply.status == 303)
        #expect(reply.header("Location") == "/contacts")
        let cookie = try #require(reply.headers("Set-Cookie").first { $0.hasPrefix("pc_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
        #expect(!cookie.contains("Secure"))
        let list = try session.get("/contacts")
        #expect(list.status == 200)
        #expect(list.body.contains(#"<h1 class="bar-title">Contacts</h1>"#))
    }

    @Test func wrongPasswordAndUnknownAccountGetTheSameMessage() throws {
        let wrong = try app.session().logIn("alice", "wrong password")
        let unknown = try app.session().logIn("nobody", "password1")
        for reply in [wrong, unknown] {
            #expect(reply.status == 401)
            #expect(reply.body.contains("Wrong account or password"))
            #expect(reply.headers("Set-Cookie").allSatisfy { !$0.hasPrefix("pc_session=") })
        }
    }

    @Test func fiveFailuresBlockTheAccountEvenWithTheRightPassword() throws {
        for _ in 0..<5 { #expect(try app.session().logIn("alice", "wrong password").status == 401) }
        let blocked = try app.session().logIn("alice", "password1")
        #expect(blocked.status == 429)
        #expect(Int(blocked.header("Retry-After") ?? "") ?? 0 > 800)
        #expect(blocked.body.contains("Too many failed attempts"))
    }

    @Test func pagesNeedALogin() throws {
        let reply = try app.session().get("/contacts")
        #expect(reply.status == 303)
        #expect(reply.header("Location") == "/login?next=%2Fcontacts")
    }

    /// The page asked for while logged out is where the login ends: typed, or automatic with
    /// the remember token (the login page's script sends the same form).
    @Test func theLoginEndsOnThePageAskedFor() throws {
        let session = app.session()
        let asked = try session.get("/contacts/new?book=contacts")
        #expect(asked.header("Location") == "/login?next=%2Fcontacts%2Fnew%3Fbook%3Dcontacts")
        let login = try session.get(try #require(asked.header("Location")))
        #expect(login.body.contains(#"<input type="hidden" name="next" value="/contacts/new?book=contacts">"#))
        let typed = try session.post("/login", [("account", "alice"), ("password", "password1"), ("remember", "on"), ("auto", "on"),
                                                ("next", "/contacts/new?book=contacts")])
        #expect(typed.header("Location") == "/contacts/new?book=contacts")
        #expect(try session.get("/login?next=%2Fbirthdays").header("Location") == "/birthdays", "already logged in: straight there")

        let fresh = app.session()
        fresh.jar = session.jar
        fresh.jar["pc_session"] = nil
        let page = try fresh.get("/login?next=%2Fcontacts%2Fnew")
        #expect(page.body.contains(#"data-auto-login="true""#) && page.body.contains(#"name="next" value="/contacts/new""#))
        let automatic = try fresh.post("/login", [("account", "alice"), ("password", ""), ("remember", "on"), ("auto", "on"),
                                                  ("next", "/contacts/new")])
        #expect(automatic.header("Location") == "/contacts/new")
    }

    /// Only a path of this site is followed after a login: anything a browser could read as
    /// another site, or that could split the header, ends on the list.
    @Test(arguments: ["//evil.example/x", "/\\evil.example", "/\\/evil.example", "https://evil.example", "javascript:alert(1)",
                      "evil.example", "/a\u{0}b", "/a\r\nSet-Cookie: x=1", "/a b", "/\u{7F}", "/caf\u{E9}", ""])
    func theReturnPathIsOnlyEverAPathOfThisSite(next: String) throws {
        let session = app.session()
        let login = try session.get("/login?next=" + next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(!login.body.contains(#"name="next""#))
        let reply = try session.post("/login", [("account", "alice"), ("password", "password1"), ("next", next)])
        #expect(reply.status == 303 && reply.header("Location") == "/contacts")
    }

    @Test func aScriptsRequestOrAFormIsNotReturnedTo() throws {
        let session = app.session()
        #expect(try session.send("GET", "/contacts/rows?q=a", headers: ["X-Requested-With: fetch"]).header("Location") == "/login")
        try session.get("/login")
        #expect(try session.post("/contacts", [("name", "Ann")]).header("Location") == "/login")
        let shared = "/contacts/new?book=%7Ealice%7Ework"
        let login = try session.get("/login?next=" + shared.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        #expect(login.body.contains(#"name="next" value="\#(shared)""#), "a path with its query, still encoded")
    }

    @Test func rememberTokenRotatesAndAReplayRevokesTheFamily() throws {
        let session = app.session()
        try session.logIn("alice", "password1", remember: true)
        let first = try #require(session.jar["pc_remember"])
        let loginPage = try session.get("/logout")
        #expect(loginPage.status == 200)
        try session.post("/logout")
        // Logging out forgets the remembered password.
        #expect(try app.store.user(forToken: first, kind: .remember) == nil)

        let device = app.session()
        try device.logIn("alice", "password1", remember: true, autoLogin: true)
        let token = try #require(device.jar["pc_remember"])
        let page = try device.get("/login")
        #expect(page.status == 303)
        // A new browser session: drop the session cookie, keep the remember token.
        let fresh = app.session()
        fresh.jar = device.jar
        fresh.jar["pc_session"] = nil
        let remembered = try fresh.get("/login")
        #expect(remembered.body.contains(#"data-auto-login="true""#))
        #expect(remembered.body.contains("Password remembered"))
        #expect(remembered.body.contains(#"value="alice""#))
        let entered = try fresh.post("/login", [("account", "alice"), ("password", ""), ("remember", "on"), ("auto", "on")])
        #expect(entered.status == 303)
        let rotated = try #require(fresh.jar["pc_remember"])
        #expect(rotated != token)
        // The spent token, presented again, is refused and takes its successor with it.
        #expect(try app.store.useRememberToken(token, lifetime: 60) == .reused)
        #expect(try app.store.user(forToken: rotated, kind: .remember) == nil)
    }

    @Test func logoutKeepsTheAccountButNotTheAutoLogin() throws {
        let session = app.session()
        try session.logIn("alice", "password1", remember: true, autoLogin: true)
        try session.get("/logout")
        #expect(try session.post("/logout").header("Location") == "/login")
        let page = try session.get("/login")
        #expect(page.body.contains(#"value="alice""#))
        #expect(page.body.contains(#"data-auto-login="false""#))
        #expect(!page.body.contains("Password remembered"))
        #expect(try session.get("/contacts").status == 303)
    }

    @Test func formsWithoutTheCSRFTokenAreRefused() throws {
        let session = app.session()
        try session.get("/login")
        let missing = try session.post("/login", [("account", "alice"), ("password", "password1")], csrf: false)
        #expect(missing.status == 403)
        let forged = try session.post("/login", [("csrf", "forged"), ("account", "alice"), ("password", "password1")], csrf: false)
        #expect(forged.status == 403)
    }

    @Test func languageFollowsTheBrowserAndTheSwitch() throws {
        let chinese = app.session(acceptLanguage: "zh-CN,zh;q=0.9,en;q=0.5")
        #expect(try chinese.get("/login").body.contains("私人通讯录"))
        let english = app.session(acceptLanguage: "fr, en;q=0.8")
        #expect(try english.get("/login").body.contains("Remember password"))
        let switched = try english.get("/login?lang=zh-Hans")
        #expect(switched.status == 303)
        #expect(try english.get("/login").body.contains("记住密码"))
    }
}

@Suite struct SetupTests {
    @Test func theSetupLinkCreatesTheFirstAccountOnce() throws {
        let app = try RunningApp(setupCode: "s3cret-code")
        let session = app.session()
        #expect(try session.get("/setup").status == 404)
        #expect(try session.get("/setup?code=wrong").status == 404)
        #expect(try session.get("/setup?code=s3cret-code").status == 200)
        let mismatch = try session.post("/setup", [("code", "s3cret-code"), ("account", "alice"), ("password", "password1"), ("repeat", "password2")])
        #expect(mismatch.status == 422)
        #expect(mismatch.body.contains("The passwords do not match"))
        let created = try session.post("/setup", [("code", "s3cret-code"), ("account", "alice"), ("password", "password1"), ("repeat", "password1")])
        #expect(created.status == 303)
        #expect(try session.get("/contacts").status == 200)
        #expect(try app.session().get("/setup?code=s3cret-code").status == 404)
    }
}
