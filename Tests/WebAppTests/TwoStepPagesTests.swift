import Accounts
import ContactsStore
import Foundation
import SQLite
import Testing

/// Settings → Two-step verification and the login's second step, through the app as a browser
/// uses it: set up with a code, sign in with a code or a recovery code, the limits, and what
/// hostile forms get.
@Suite struct TwoStepPagesTests {
    let app: RunningApp

    init() throws {
        app = try RunningApp()
        try app.addUser("alice")
        try app.addUser("bob")
    }

    /// The agreed paths: the settings page, and the login's second step.
    static let settings = "/settings/two-step"
    static let secondStep = "/login/two-step"

    /// A code of `secret` for now moved by `steps`.
    static func code(_ secret: [UInt8], steps: Int64 = 0) -> String {
        TOTP.code(secret: secret, step: TOTP.step(at: Date()) + steps)
    }

    /// Alice signed in, her two-step sign-in turned on through its page; the session, the
    /// secret and the recovery codes the page showed.
    func aliceWithTwoStep(language: String = "en") throws -> (session: WebSession, secret: [UInt8], codes: [String]) {
        let session = app.session(acceptLanguage: language)
        try session.logIn("alice", "password1")
        try session.get(Self.settings)
        let setup = try session.post(Self.settings + "/on", [("password", "password1")])
        #expect(setup.status == 200)
        let key = try #require(setup.body.firstMatch(of: /id="setup-key" aria-labelledby="setup-key-heading">([A-Z2-7 ]+)</)?.output.1)
        let secret = try #require(try app.store.twoStep(of: try app.store.user(named: "alice")).pendingSecret)
        #expect(key.replacingOccurrences(of: " ", with: "") == Base32.encode(secret), "the page shows the key being set up")
        let done = try session.post(Self.settings + "/confirm", [("code", Self.code(secret))])
        #expect(done.status == 200)
        let codes = done.body.matches(of: /<li><code>([a-z2-7]{4}-[a-z2-7]{4})<\/code><\/li>/).map { String($0.output.1) }
        return (session, secret, codes)
    }

    /// A fresh browser through the password step with alice's password, at the second step.
    func atSecondStep(remember: Bool = false, autoLogin: Bool = false, language: String = "en") throws -> WebSession {
        let browser = app.session(acceptLanguage: language)
        let reply = try browser.logIn("alice", "password1", remember: remember, autoLogin: autoLogin)
        #expect(reply.status == 303 && reply.header("Location") == Self.secondStep)
        #expect(browser.jar["pc_session"] == nil && browser.jar["pc_remember"] == nil, "no session before the second step")
        #expect(try browser.get(Self.secondStep).status == 200)
        return browser
    }

    @Test func settingUpShowsTheQRCodeLinkAndKeyThenTenRecoveryCodesOnce() throws {
        let session = app.session()
        try session.logIn("alice", "password1")
        let off = try session.get(Self.settings)
        #expect(off.status == 200 && off.body.contains(#"id="two-step-status">Off<"#) && off.body.contains(#"href="/settings""#))
        let wrong = try session.post(Self.settings + "/on", [("password", "password2")])
        #expect(wrong.status == 401 && wrong.body.contains("Wrong password"))
        let setup = try session.post(Self.settings + "/on", [("password", "password1")])
        #expect(setup.status == 200)
        #expect(setup.body.contains("<svg") && setup.body.contains("QR code for your authenticator app"))
        let secret = try #require(try app.store.twoStep(of: try app.store.user(named: "alice")).pendingSecret)
        let uri = "otpauth://totp/PersonalContacts:alice?secret=\(Base32.encode(secret))&amp;issuer=PersonalContacts&amp;algorithm=SHA1&amp;digits=6&amp;period=30"
        #expect(setup.body.contains(#"id="setup-link" aria-labelledby="setup-link-heading">\#(uri)<"#))
        #expect(setup.body.contains(#"autocomplete="one-time-code""#) && setup.body.contains(#"inputmode="numeric""#))
        let refused = try session.post(Self.settings + "/confirm", [("code", Self.code(secret, steps: 3))])
        #expect(refused.status == 422 && refused.body.contains("Wrong code") && refused.body.contains(Base32.encode(secret).prefix(4)))
        let done = try session.post(Self.settings + "/confirm", [("code", Self.code(secret))])
        let codes = done.body.matches(of: /<li><code>([a-z2-7]{4}-[a-z2-7]{4})<\/code><\/li>/).map { String($0.output.1) }
        #expect(codes.count == 10)
        let download = try #require(done.body.firstMatch(of: /download="personalcontacts-recovery-codes.txt" href="data:text\/plain;charset=utf-8,([^"]+)"/)?.output.1)
        let file = try #require(String(download).removingPercentEncoding)
        #expect(codes.allSatisfy(file.contains) && file.hasPrefix("PersonalContacts recovery codes for alice"))
        let on = try session.get(Self.settings)
        #expect(on.body.contains(#"id="two-step-status">On<"#) && on.body.contains(#"id="recovery-codes-left">10 left<"#))
        #expect(codes.allSatisfy { !on.body.contains($0) }, "shown once")
        // The set-up is over: a second confirm makes nothing.
        #expect(try session.post(Self.settings + "/confirm", [("code", Self.code(secret, steps: 1))]).status == 303)
    }

    @Test func aCodeSignsInOnceAndAReplayIsRefused() throws {
        let (_, secret, _) = try aliceWithTwoStep()
        let browser = try atSecondStep()
        let page = try browser.get(Self.secondStep)
        #expect(page.body.contains(#"inputmode="numeric""#) && page.body.contains(#"autocomplete="one-time-code""#))
        #expect(page.body.contains("You have 10 recovery codes left."))
        let code = Self.code(secret, steps: 1)
        let signedIn = try browser.post(Self.secondStep, [("code", code)])
        #expect(signedIn.status == 303 && signedIn.header("Location") == "/contacts")
        #expect(browser.jar["pc_session"] != nil && browser.jar["pc_second_step"] == nil)
        #expect(try browser.get("/contacts").status == 200)
        // Replayed in another browser, within its 30 seconds.
        let thief = try atSecondStep()
        let replay = try thief.post(Self.secondStep, [("code", code)])
        #expect(replay.status == 401 && replay.body.contains("Wrong code") && thief.jar["pc_session"] == nil)
    }

    @Test func aRecoveryCodeSignsInOnceAndTheCountGoesDown() throws {
        let (_, _, codes) = try aliceWithTwoStep()
        let browser = try atSecondStep()
        let reply = try browser.post(Self.secondStep, [("code", codes[3].uppercased())])
        #expect(reply.status == 303 && reply.header("Location") == Self.settings, "on to how many are left")
        #expect(try browser.get(Self.settings).body.contains(#"id="recovery-codes-left">9 left<"#))
        let again = try atSecondStep()
        #expect(try again.get(Self.secondStep).body.contains("You have 9 recovery codes left."))
        #expect(try again.post(Self.secondStep, [("code", codes[3])]).status == 401)
    }

    @Test func fiveWrongCodesLockTheSecondStepAndThePageSaysWhenToTryAgain() throws {
        let (_, secret, _) = try aliceWithTwoStep()
        let browser = try atSecondStep()
        for guess in 0..<5 { #expect(try browser.post(Self.secondStep, [("code", String(format: "%06d", guess))]).status == 401) }
        let locked = try browser.post(Self.secondStep, [("code", Self.code(secret, steps: 1))])
        #expect(locked.status == 429 && locked.header("Retry-After") == "900")
        #expect(locked.body.contains("Too many failed attempts. Try again in 15 min."))
        #expect(browser.jar["pc_session"] == nil)
        // The password step is counted apart: it still leads to the (locked) second step.
        let other = try atSecondStep(language: "zh-CN")
        let chinese = try other.post(Self.secondStep, [("code", Self.code(secret, steps: 1))])
        #expect(chinese.status == 429 && chinese.body.contains("尝试次数过多，请 15 分钟后再试"))
    }

    @Test func rememberPasswordAndAutoLoginAfterTheSecondStepNeedNoNewCode() throws {
        let (_, secret, _) = try aliceWithTwoStep()
        let device = try atSecondStep(remember: true, autoLogin: true)
        #expect(try device.post(Self.secondStep, [("code", Self.code(secret, steps: 1))]).status == 303)
        let token = try #require(device.jar["pc_remember"], "the remember token is issued after the second step")
        #expect(device.jar["pc_auto"] == "1")
        // The browser restarted: no session, the remember token kept; the auto login takes it alone.
        let restarted = app.session()
        restarted.jar = device.jar
        restarted.jar["pc_session"] = nil
        #expect(try restarted.get("/login").body.contains(#"data-auto-login="true""#))
        let auto = try restarted.post("/login", [("account", "alice"), ("password", ""), ("remember", "on"), ("auto", "on")])
        #expect(auto.status == 303 && auto.header("Location") == "/contacts")
        #expect(restarted.jar["pc_remember"] != token && restarted.jar["pc_session"] != nil)
    }

    @Test func theReturnPathSurvivesTheSecondStep() throws {
        let (_, secret, _) = try aliceWithTwoStep()
        let browser = app.session()
        try browser.get("/login?next=%2Fbirthdays")
        let reply = try browser.post("/login", [("account", "alice"), ("password", "password1"), ("next", "/birthdays")])
        #expect(reply.header("Location") == Self.secondStep)
        #expect(try browser.post(Self.secondStep, [("code", Self.code(secret, steps: 1))]).header("Location") == "/birthdays")
    }

    @Test(arguments: ["", "\u{0}", "123\u{0}456", "12345", "1234567", "abcdef", "١٢٣٤٥٦", "' OR 1=1 --", "<script>"])
    func hostileCodesAreRefusedWithAPage(code: String) throws {
        _ = try aliceWithTwoStep()
        let browser = try atSecondStep()
        let reply = try browser.post(Self.secondStep, [("code", code)])
        #expect(reply.status == 401 && reply.body.contains("Wrong code") && browser.jar["pc_session"] == nil)
        #expect(!reply.body.contains("<script>"))
    }

    @Test func tenMegabyteFieldsAreRefusedWithAPage() throws {
        _ = try aliceWithTwoStep()
        let browser = try atSecondStep()
        let huge = String(repeating: "1", count: 10 << 20)
        let reply = try browser.post(Self.secondStep, [("code", huge)])
        #expect([401, 413].contains(reply.status) && browser.jar["pc_session"] == nil)
        let session = app.session()
        try session.logIn("bob", "password1")
        try session.get(Self.settings)
        let password = try session.post(Self.settings + "/on", [("password", huge)])
        #expect([401, 413].contains(password.status))
        #expect(try app.store.twoStep(of: try app.store.user(named: "bob")).pendingSecret == nil)
    }

    @Test func formsWithoutTheCSRFTokenAreRefused() throws {
        let (session, secret, _) = try aliceWithTwoStep()
        for path in ["/on", "/off", "/recovery-codes", "/confirm"] {
            #expect(try session.post(Self.settings + path, [("password", "password1")], csrf: false).status == 403)
            #expect(try session.post(Self.settings + path, [("csrf", "forged"), ("password", "password1")], csrf: false).status == 403)
        }
        let browser = try atSecondStep()
        #expect(try browser.post(Self.secondStep, [("code", Self.code(secret, steps: 1))], csrf: false).status == 403)
        #expect(try app.store.twoStep(of: try app.store.user(named: "alice")).isOn)
    }

    @Test func aWaitingLoginOfAnotherAccountOrOneTimedOutSignsNobodyIn() throws {
        let (_, secret, _) = try aliceWithTwoStep()
        // Bob's browser holding alice's waiting login: only alice's code takes it.
        let bob = app.session()
        try bob.logIn("bob", "password1")
        let alice = try atSecondStep()
        bob.jar["pc_second_step"] = alice.jar["pc_second_step"]
        try bob.get(Self.secondStep)
        let bobsSecret = TOTP.makeSecret()
        #expect(try bob.post(Self.secondStep, [("code", Self.code(bobsSecret, steps: 1))]).status == 401)
        // A made-up token, and none.
        let stranger = app.session()
        try stranger.get("/login")
        stranger.jar["pc_second_step"] = String(repeating: "A", count: 43)
        let made = try stranger.post(Self.secondStep, [("code", Self.code(secret, steps: 1))])
        #expect(made.status == 401 && made.body.contains("Sign-in timed out. Enter your password again."))
        #expect(try stranger.get(Self.secondStep).header("Location") == "/login")
        // Timed out: five minutes passed in the database.
        try Database(path: app.directory + "/" + ContactStore.fileName).execute("UPDATE pending_logins SET expires_at = 0")
        let late = try alice.post(Self.secondStep, [("code", Self.code(secret, steps: 1))])
        #expect(late.status == 401 && late.body.contains("Sign-in timed out") && alice.jar["pc_session"] == nil)
        #expect(alice.jar["pc_second_step"] == nil, "the cookie is dropped")
    }

    @Test func newRecoveryCodesAndTurningOffAskForThePassword() throws {
        let (session, secret, codes) = try aliceWithTwoStep()
        #expect(try session.post(Self.settings + "/recovery-codes", [("password", "wrong-one")]).status == 401)
        let fresh = try session.post(Self.settings + "/recovery-codes", [("password", "password1")])
        let newCodes = fresh.body.matches(of: /<li><code>([a-z2-7]{4}-[a-z2-7]{4})<\/code><\/li>/).map { String($0.output.1) }
        #expect(newCodes.count == 10 && Set(newCodes).isDisjoint(with: codes))
        let browser = try atSecondStep()
        #expect(try browser.post(Self.secondStep, [("code", codes[0])]).status == 401, "the old codes stopped working")
        try session.get(Self.settings)
        #expect(try session.post(Self.settings + "/off", [("password", "")]).status == 401)
        #expect(try session.post(Self.settings + "/off", [("password", "password1")]).header("Location") == Self.settings)
        #expect(try session.get("/contacts").status == 200, "this browser stays signed in")
        let plain = app.session()
        #expect(try plain.logIn("alice", "password1").header("Location") == "/contacts", "the password alone again")
        #expect(try !app.store.twoStepIsOn(username: "alice"))
        #expect(try app.store.verifySecondStep(for: try app.store.user(named: "alice"), code: Self.code(secret, steps: 1)) == .refused)
    }

    @Test func thePagesNeedASignInAndSpeakChinese() throws {
        let stranger = app.session()
        #expect(try stranger.get(Self.settings).header("Location") == "/login?next=%2Fsettings%2Ftwo-step")
        #expect(try stranger.get(Self.secondStep).header("Location") == "/login")
        let (session, _, codes) = try aliceWithTwoStep(language: "zh-CN")
        #expect(codes.count == 10)
        let page = try session.get(Self.settings)
        #expect(page.body.contains("两步验证") && page.body.contains(#"id="two-step-status">已开启<"#) && page.body.contains("剩余 10 个"))
        let browser = try atSecondStep(language: "zh-CN")
        let wrong = try browser.post(Self.secondStep, [("code", "000000")])
        #expect(wrong.body.contains("验证码错误") && wrong.body.contains("你还剩 10 个恢复码。"))
    }
}
