import Accounts
import ContactsStore
import Foundation
import Testing
@testable import WebApp
import Wording

/// The Settings page: the account, the rows leading to its security pages, and the signed-in
/// browsers, each but this one with Sign out, and Sign out everywhere else; in both languages,
/// refusing hostile ids, another account's browsers and forms without the CSRF token.
@Suite struct SettingsPagesTests {
    let app: RunningApp
    let mac: WebSession
    let phone: WebSession
    static let chrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    static let iPhoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"

    init() throws {
        app = try RunningApp()
        try app.addUser("alice")
        try app.addUser("bob")
        mac = app.session()
        mac.userAgent = Self.chrome
        try mac.logIn("alice", "password1", remember: true)
        phone = app.session()
        phone.userAgent = Self.iPhoneSafari
        try phone.logIn("alice", "password1", remember: true)
        try mac.get(SettingsPage.path)
    }

    /// The ids the page's Sign out forms post to, in order.
    private func signOutIDs(_ page: String) -> [String] {
        page.matches(of: /action="\/settings\/browsers\/([^\/"]+)\/sign-out"/).map { String($0.output.1) }
    }

    /// The id of the first other browser's Sign out on the page.
    private func firstSignOutID() throws -> Int64 {
        let text = try #require(signOutIDs(try mac.get(SettingsPage.path).body).first)
        return try #require(Int64(text))
    }

    private var alice: User { get throws { try app.store.user(named: "alice") } }

    @Test func thePageShowsTheAccountItsSecurityPagesAndBothBrowsers() throws {
        let page = try mac.get(SettingsPage.path)
        #expect(page.status == 200 && page.body.contains("<title>Settings · "))
        #expect(page.body.contains(#"<span class="settings-account-name" id="account-name">alice</span>"#))
        for (href, title) in [("/settings/two-step", "Two-step verification"), ("/settings/passkeys", "Passkeys"), ("/devices", "Devices")] {
            #expect(page.body.contains(try Regex(#"href="\#(href)"><span class="settings-icon[^>]*><svg[^>]*>.*?</svg></span><span class="inset-text"><span class="inset-title">\#(title)</span>"#)), "\(title)")
        }
        let names = page.body.matches(of: /<span class="inset-title browser-name">([^<]*)<\/span>/).map { String($0.output.1) }
        #expect(names == ["Chrome on macOS", "Safari on iPhone"], "this browser first")
        #expect(page.body.contains(#"<span class="inset-detail this-browser">This browser</span>"#))
        #expect(page.body.contains(#"<span class="inset-detail browser-address">127.0.0.1</span>"#))
        #expect(page.body.contains(#"<span class="inset-detail browser-seen">Last active <time datetime=""#))
        #expect(signOutIDs(page.body).count == 1, "no Sign out on this browser's own row")
        #expect(page.body.contains(#"aria-label="Sign out · Safari on iPhone""#))
        #expect(page.body.contains(#"<button type="submit" class="wide destructive" id="sign-out-others">Sign out everywhere else</button>"#))
        #expect(try mac.get("/contacts").body.contains(#"<a href="/settings" id="settings-link">Settings</a></div>"#), "the menu's last item")
    }

    /// The statuses of the security rows, by their ids: two-step on or off, and how many passkeys
    /// and devices (none shown while there are none).
    private func rowStatuses() throws -> [String: String] {
        let page = try mac.get(SettingsPage.path).body
        return Dictionary(uniqueKeysWithValues: page.matches(of: /id="([a-z-]+-link)" href="[^"]*">.*?<\/span><\/span>(?:<span class="inset-value">([^<]*)<\/span>)?<span class="chevron"/)
            .map { (String($0.output.1), $0.output.2.map(String.init) ?? "") })
    }

    @Test func eachSecurityRowSaysWhereTheAccountStands() throws {
        #expect(try rowStatuses() == ["two-step-link": "Off", "passkeys-link": "", "devices-link": ""])
        let alice = try alice
        _ = try app.store.addAppPassword(username: "alice", device: "iPhone")
        _ = try app.store.addAppPassword(username: "alice", device: "iPad")
        _ = try app.store.addPasskey(for: alice, credentialID: [1, 2, 3], publicKey: [0xA5], algorithm: -7, signCount: 0, name: "Phone")
        let secret = try #require(try app.store.beginTwoStepSetup(for: alice))
        _ = try #require(try app.store.confirmTwoStep(for: alice, code: TOTP.code(secret: secret, step: TOTP.step(at: Date()))))
        #expect(try rowStatuses() == ["two-step-link": "On", "passkeys-link": "1", "devices-link": "2"])
        _ = try app.store.addAppPassword(username: "bob", device: "Laptop")
        #expect(try rowStatuses()["devices-link"] == "2", "only the account's own")
    }

    @Test func thePageSpeaksChinese() throws {
        try mac.get("/contacts?lang=zh-Hans")
        let page = try mac.get(SettingsPage.path).body
        for text in ["<title>设置 · ", ">登录与安全<", ">两步验证<", ">通行密钥<", ">设备<", ">已登录的浏览器<", ">此浏览器<",
                     ">macOS 上的 Chrome<", ">iPhone 上的 Safari<", ">退出登录<", ">退出其他所有浏览器<", "上次活动："] {
            #expect(page.contains(text), "\(text)")
        }
        #expect(try mac.get("/contacts").body.contains(#"id="settings-link">设置</a>"#))
    }

    @Test func signingOutTheOtherBrowserSendsItToTheLoginPage() throws {
        let reply = try mac.post(SettingsPage.signOutPath(try firstSignOutID()))
        #expect(reply.status == 303 && reply.header("Location") == SettingsPage.path)
        let next = try phone.get("/contacts")
        #expect(next.status == 303 && next.header("Location")?.hasPrefix("/login") == true, "signed out, remembered password and all")
        #expect(try phone.logIn("alice", "").status == 401, "its remembered password logs in no more")
        let page = try mac.get(SettingsPage.path)
        #expect(signOutIDs(page.body).isEmpty && !page.body.contains("sign-out-others"))
        #expect(try mac.get("/contacts").status == 200, "this browser stays signed in")
    }

    @Test func signingOutEverywhereElseEndsEveryOtherLoginOnly() throws {
        let third = app.session()
        try third.logIn("alice", "password1")
        let bob = app.session()
        try bob.logIn("bob", "password1")
        #expect(signOutIDs(try mac.get(SettingsPage.path).body).count == 2)
        let reply = try mac.post(SettingsPage.signOutOthersPath)
        #expect(reply.status == 303 && reply.header("Location") == SettingsPage.path)
        for session in [phone, third] { #expect(try session.get("/contacts").status == 303) }
        #expect(try mac.get("/contacts").status == 200)
        #expect(try bob.get("/contacts").status == 200, "another account's browsers stay")
        #expect(try app.store.signedInBrowsers(of: alice, current: nil).count == 1)
    }

    @Test(arguments: ["%00", "1%00", "abc", "-1", "0", "1.0", "0x1", "99999999999999999999999", String(repeating: "9", count: 5_000), "%E2%80%AE1"])
    func aHostileIdIsAPageThatIsNotThere(id: String) throws {
        let before = try app.store.signedInBrowsers(of: alice, current: nil)
        let reply = try mac.post("/settings/browsers/\(id)/sign-out")
        #expect(reply.status == 404 && reply.body.contains("<title>"), "\(reply.status)")
        #expect(try app.store.signedInBrowsers(of: alice, current: nil) == before)
    }

    @Test func anotherAccountsBrowserIsAPageThatIsNotThere() throws {
        let bob = app.session()
        try bob.logIn("bob", "password1")
        let bobs = try #require(try app.store.signedInBrowsers(of: try app.store.user(named: "bob"), current: nil).first)
        let reply = try mac.post(SettingsPage.signOutPath(bobs.id))
        #expect(reply.status == 404)
        #expect(try bob.get("/contacts").status == 200)
    }

    @Test func formsWithoutTheTokenSignNobodyOut() throws {
        let id = try firstSignOutID()
        #expect(try mac.post(SettingsPage.signOutPath(id), csrf: false).status == 403)
        #expect(try mac.post(SettingsPage.signOutOthersPath, csrf: false).status == 403)
        #expect(try mac.post(SettingsPage.signOutOthersPath, headers: ["Origin: https://evil.example"]).status == 403)
        // The phone's token is good for the phone's session only.
        try phone.get(SettingsPage.path)
        #expect(try mac.post(SettingsPage.signOutOthersPath, [("csrf", phone.csrf)], csrf: false).status == 403)
        #expect(try phone.get("/contacts").status == 200)
    }

    @Test func theBrowserIsRecordedAtMostEveryFewMinutes() throws {
        phone.userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
        try phone.get("/contacts")
        let names = try app.store.signedInBrowsers(of: alice, current: nil).map { SettingsPage.displayName(of: $0, strings: Language.english.catalogue) }
        #expect(names.sorted() == ["Chrome on macOS", "Safari on iPhone"], "a request within minutes of the last is not written")
    }

    @Test func aBrowserThatSaysNothingOfItselfIsABrowserAndItsTextIsNeverShown() throws {
        let script = app.session()
        script.userAgent = "<script>alert(1)</script>\u{202E}"
        try script.logIn("alice", "password1")
        let page = try mac.get(SettingsPage.path).body
        #expect(page.contains(#"<span class="inset-title browser-name">A browser</span>"#))
        #expect(!page.contains("<script>alert") && !page.contains("alert(1)"))
    }

    @Test func logInFirst() throws {
        let stranger = app.session()
        let reply = try stranger.get(SettingsPage.path)
        #expect(reply.status == 303 && reply.header("Location")?.hasPrefix("/login") == true)
        #expect(try stranger.post(SettingsPage.signOutOthersPath, csrf: false).status == 403)
    }
}
