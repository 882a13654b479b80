import Accounts
import ContactsStore
import Foundation
import Testing

/// The devices page: Connect a Device (the password shown once, behind a redirect that never
/// puts it in a URL), the configuration profile read back as a property list, the DAVx⁵ code
/// and link, the list with each device's last use, Revoke, and hostile names, passwords and
/// forms in both languages.
@Suite struct DevicePagesTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/devices")
    }

    /// Connects a device through the form and opens the page the redirect leads to.
    private func connect(_ name: String, as session: WebSession? = nil) throws -> (redirect: WebSession.Reply, page: WebSession.Reply) {
        let session = session ?? alice
        try session.get("/devices/new")
        let redirect = try session.post("/devices", [("device", name)])
        return (redirect, try session.get("/devices/connected"))
    }

    /// The value of the read-only field `id` on a page, its HTML entities decoded.
    private func field(_ id: String, in page: String) throws -> String {
        let value = try #require(page.firstMatch(of: try Regex(#"id="\#(id)" readonly value="([^"]*)""#))?.output[1].substring)
        return String(value).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func theMenuLeadsToDevicesAndAnEmptyListSaysWhatTheyAreForInBothLanguages() throws {
        #expect(try alice.get("/contacts").body.contains(#"<a href="/devices" id="devices-link">Devices</a>"#))
        let empty = try alice.get("/devices")
        #expect(empty.status == 200 && empty.body.contains("<title>Devices · ") && empty.body.contains(#"id="no-devices""#))
        #expect(empty.body.contains("without your account password") && empty.body.contains(#"href="/devices/new">Connect a Device</a>"#))
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/contacts").body.contains(#"id="devices-link">设备</a>"#))
        let chinese = try alice.get("/devices").body
        #expect(chinese.contains("没有设备") && chinese.contains("设备密码") && chinese.contains(">连接设备</a>"))
        #expect(try app.session().get("/devices").status == 303, "logged out: to the login page")
    }

    @Test func aConnectedDevicesPasswordIsShownOnceAndLogsIn() throws {
        let (redirect, page) = try connect("Anna's <iPhone> & 😀")
        #expect(redirect.status == 303 && redirect.header("Location") == "/devices/connected")
        let cookie = try #require(redirect.headers("Set-Cookie").first { $0.hasPrefix("pc_device_setup=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("Max-Age=600"))
        #expect(page.status == 200 && page.header("Cache-Control") == "no-store")
        #expect(page.body.contains("<title>Connect “Anna&#39;s &lt;iPhone&gt; &amp; 😀” · ") || page.body.contains("<title>Connect “Anna's &lt;iPhone&gt; &amp; 😀” · "))
        let password = try field("device-password", in: page.body)
        #expect(password.wholeMatch(of: /([0-9a-z]{5}-){5}[0-9a-z]{5}/) != nil)
        #expect(!cookie.contains(password) && !(redirect.header("Location") ?? "").contains(password))
        #expect(try field("device-server", in: page.body) == "http://127.0.0.1:8080/dav/")
        #expect(try field("device-user-name", in: page.body) == "alice")
        for id in ["copy-server", "copy-user-name", "copy-password"] {
            #expect(page.body.contains(##"id="\##(id)" data-copy-from="#device-"##))
        }
        #expect(page.body.contains(#"<svg xmlns="http://www.w3.org/2000/svg""#) && page.body.contains(#"aria-label="QR code of the server and user name, for DAVx⁵""#))
        #expect(page.body.contains(#"id="davx5-link" href="carddav://alice@127.0.0.1:8080/dav/""#))
        #expect(page.body.contains("Add CardDAV Account") && page.body.contains("Thunderbird") && page.body.contains("Evolution"))
        // The page deletes the cookie: reloading it, or going back to it, shows the password no more.
        #expect(page.headers("Set-Cookie").contains { $0.hasPrefix("pc_device_setup=;") && $0.contains("Max-Age=0") })
        let again = try alice.get("/devices/connected")
        #expect(again.status == 303 && again.header("Location") == "/devices" && !again.body.contains(password))
        let list = try alice.get("/devices").body
        #expect(list.contains("Anna&#39;s &lt;iPhone&gt; &amp; 😀") || list.contains("Anna's &lt;iPhone&gt; &amp; 😀"))
        #expect(list.contains("Not used yet") && !list.contains(password))
        #expect(try app.store.authenticateAppPassword(username: "alice", password: password)?.appPassword?.name == "Anna's <iPhone> & 😀")
    }

    @Test func theSealedPasswordOpensForItsOwnAccountAloneAndNotWhenChanged() throws {
        try alice.get("/devices/new")
        let redirect = try alice.post("/devices", [("device", "iPhone")])
        let sealed = try #require(redirect.headers("Set-Cookie").first { $0.hasPrefix("pc_device_setup=") }?
            .split(separator: ";").first?.dropFirst("pc_device_setup=".count))
        let bob = app.session()
        try bob.logIn("bob", "password1")
        let bobSession = try #require(bob.jar["pc_session"])
        let stolen = try bob.send("GET", "/devices/connected", headers: ["Cookie: pc_session=\(bobSession); pc_device_setup=\(sealed)"])
        #expect(stolen.status == 303 && stolen.header("Location") == "/devices")
        let aliceSession = try #require(alice.jar["pc_session"])
        var changed = Array(sealed)
        changed[changed.count / 2] = changed[changed.count / 2] == "A" ? "B" : "A"
        for value in [String(changed), String(sealed.dropLast(4)), "", String(repeating: "A", count: 5000)] {
            let reply = try alice.send("GET", "/devices/connected", headers: ["Cookie: pc_session=\(aliceSession); pc_device_setup=\(value)"])
            #expect(reply.status == 303 && reply.header("Location") == "/devices")
        }
        let opened = try alice.send("GET", "/devices/connected", headers: ["Cookie: pc_session=\(aliceSession); pc_device_setup=\(sealed)"])
        #expect(opened.status == 200 && opened.body.contains(#"id="device-password""#))
    }

    @Test func theProfileIsAnAppleCardDAVPayloadWithEveryKey() throws {
        let server = try RunningApp(publicURL: "https://contacts.example.org")
        let carol = server.session()
        try server.addUser("carol")
        try carol.logIn("carol", "password1")
        let page = try connect("Carol's <Mac> & \"iPad\" 中文", as: carol).page
        let password = try field("device-password", in: page.body)
        #expect(try field("device-server", in: page.body) == "https://contacts.example.org/dav/")
        #expect(page.body.contains(#"href="carddavs://carol@contacts.example.org/dav/""#))
        let reply = try carol.post("/devices/profile", [("password", password)])
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/x-apple-aspen-config")
        #expect(reply.header("Content-Disposition") == #"attachment; filename="CarolsMaciPad.mobileconfig""#)
        #expect(reply.header("Cache-Control") == "no-store")
        let profile = try #require(try PropertyListSerialization.propertyList(from: Data(reply.body.utf8), format: nil) as? [String: Any])
        #expect(Set(profile.keys) == ["PayloadContent", "PayloadType", "PayloadVersion", "PayloadIdentifier", "PayloadUUID",
                                      "PayloadDisplayName", "PayloadRemovalDisallowed"])
        #expect(profile["PayloadType"] as? String == "Configuration" && profile["PayloadVersion"] as? Int == 1)
        #expect(profile["PayloadDisplayName"] as? String == "Carol's <Mac> & \"iPad\" 中文")
        #expect(UUID(uuidString: profile["PayloadUUID"] as? String ?? "") != nil)
        let payloads = try #require(profile["PayloadContent"] as? [[String: Any]])
        #expect(payloads.count == 1)
        let account = payloads[0]
        #expect(Set(account.keys) == ["CardDAVAccountDescription", "CardDAVHostName", "CardDAVPort", "CardDAVPrincipalURL", "CardDAVUseSSL",
                                      "CardDAVUsername", "CardDAVPassword", "PayloadType", "PayloadIdentifier", "PayloadUUID",
                                      "PayloadVersion", "PayloadDisplayName"])
        #expect(account["PayloadType"] as? String == "com.apple.carddav.account")
        #expect(account["CardDAVAccountDescription"] as? String == "Carol's <Mac> & \"iPad\" 中文")
        #expect(account["CardDAVHostName"] as? String == "contacts.example.org")
        #expect(account["CardDAVPort"] as? Int == 443)
        #expect(account["CardDAVUseSSL"] as? Bool == true)
        #expect(account["CardDAVPrincipalURL"] as? String == "https://contacts.example.org/dav/principals/carol/")
        #expect(account["CardDAVUsername"] as? String == "carol")
        #expect(account["CardDAVPassword"] as? String == password)
        #expect(account["PayloadVersion"] as? Int == 1)
        #expect((account["PayloadIdentifier"] as? String)?.hasPrefix((profile["PayloadIdentifier"] as? String ?? "-") + ".") == true)
        #expect(account["PayloadUUID"] as? String != profile["PayloadUUID"] as? String)
    }

    @Test func theProfileIsWrittenOnlyForOneOfTheAccountsOwnPasswords() throws {
        let password = try field("device-password", in: try connect("iPhone").page.body)
        let bobs = try app.store.addAppPassword(username: "bob", device: "Phone")
        for wrong in [bobs, "password1", "", "\u{0}" + password, String(repeating: "x", count: 100_000), String(password.dropLast())] {
            let reply = try alice.post("/devices/profile", [("password", wrong)])
            #expect(reply.status == 403 && reply.body.contains("This is not the password of a device of this account."))
            #expect(!reply.body.contains("<plist"))
        }
        try alice.get("/devices?lang=zh-Hans")
        #expect(try alice.post("/devices/profile", [("password", bobs)]).body.contains("这不是此账号某台设备的密码"))
        // Without the form's CSRF token, nothing is written.
        let forged = try alice.post("/devices/profile", [("password", password)], csrf: false)
        #expect(forged.status == 403 && !forged.body.contains(password))
        #expect(try alice.post("/devices/profile", [("password", password)]).status == 200)
        // A revoked device's profile is not written any more.
        try alice.post("/devices/revoke", [("device", "iPhone"), ("confirmed", "1")])
        #expect(try alice.post("/devices/profile", [("password", password)]).status == 403)
    }

    @Test func revokeAsksFirstThenEndsTheDevicesAccess() throws {
        let password = try field("device-password", in: try connect("iPhone").page.body)
        let user = try app.store.user(named: "alice")
        let generation = try app.store.credentialsGeneration(of: user)
        let list = try alice.get("/devices").body
        #expect(list.contains(#"data-confirm="Revoke""#) && list.contains("“iPhone” stops syncing at once."))
        #expect(list.contains(#"id="confirm-sheet""#))
        let question = try alice.post("/devices/revoke", [("device", "iPhone")])
        #expect(question.status == 200 && question.body.contains("Revoke “iPhone”?") && question.body.contains(#"name="confirmed" value="1""#))
        #expect(try app.store.appPasswords(username: "alice").count == 1, "not before it is confirmed")
        #expect(try alice.post("/devices/revoke", [("device", "iPhone"), ("confirmed", "1")], csrf: false).status == 403)
        #expect(try app.store.appPasswords(username: "alice").count == 1)
        let revoked = try alice.post("/devices/revoke", [("device", "iPhone"), ("confirmed", "1")])
        #expect(revoked.status == 303 && revoked.header("Location") == "/devices")
        #expect(try app.store.appPasswords(username: "alice").isEmpty)
        #expect(try app.store.authenticateAppPassword(username: "alice", password: password) == nil)
        #expect(try app.store.credentialsGeneration(of: user) != generation, "every server's CardDAV cache lets it go")
        #expect(try alice.post("/devices/revoke", [("device", "iPhone"), ("confirmed", "1")]).status == 404)
        // Another account's device is out of reach: it is no device of this one.
        _ = try app.store.addAppPassword(username: "bob", device: "Phone")
        #expect(try alice.post("/devices/revoke", [("device", "Phone"), ("confirmed", "1")]).status == 404)
        #expect(try app.store.appPasswords(username: "bob").count == 1)
        for hostile in [[("device", "")], [], [("device", String(repeating: "界", count: 10_000)), ("confirmed", "1")]] {
            #expect(try alice.post("/devices/revoke", hostile).status == 400)
        }
    }

    @Test func theListShowsEachDevicesLastUseWithItsClient() throws {
        let password = try field("device-password", in: try connect("Pixel").page.body)
        _ = try field("device-password", in: try connect("Laptop").page.body)
        _ = try app.store.authenticateAppPassword(username: "alice", password: password, client: RequestClient(
            userAgent: "DAVx5/4.3.9-ose (2023/10/20; dav4jvm; okhttp/4.12.0) Android/13", address: "203.0.113.7"))
        let list = try alice.get("/devices").body
        let pixel = try #require(list.firstMatch(of: /id="device-2".*?<\/li>/.dotMatchesNewlines())?.output)
        #expect(pixel.contains("Pixel") && pixel.contains("Last used <time") && pixel.contains("DAVx⁵ on Android · from 203.0.113.7"))
        let laptop = try #require(list.firstMatch(of: /id="device-1".*?<\/li>/.dotMatchesNewlines())?.output)
        #expect(laptop.contains("Laptop") && laptop.contains("Made <time") && laptop.contains("Not used yet"))
        try alice.get("/devices?lang=zh-Hans")
        let chinese = try alice.get("/devices").body
        #expect(chinese.contains("Android 上的 DAVx⁵ · 来自 203.0.113.7") && chinese.contains("尚未使用") && chinese.contains("最近使用："))
    }

    @Test(arguments: [("en", ""), ("zh-Hans", "?lang=zh-Hans")])
    func hostileNamesAreRefusedClearlyAndNothingIsMade(language: String, switch query: String) throws {
        if !query.isEmpty { try alice.get("/devices" + query) }
        let invalid = language == "en" ? "Enter a name of 1 to 64 characters, without control characters." : "请输入 1 到 64 个字符的名称，不能包含控制字符。"
        for name in ["", "   ", "i\u{0}Phone", "line\nbreak", "bell\u{7}", String(repeating: "x", count: 65), String(repeating: "界", count: 100_000)] {
            try alice.get("/devices/new")
            let reply = try alice.post("/devices", [("device", name)])
            #expect(reply.status == 422 && reply.body.contains(invalid), "\(name.prefix(20))")
            #expect(reply.body.contains(#"id="form-error""#) && reply.headers("Set-Cookie").allSatisfy { !$0.hasPrefix("pc_device_setup=") })
            #expect(reply.body.utf8.count < 100_000, "a huge name is not echoed whole")
        }
        #expect(try app.store.appPasswords(username: "alice").isEmpty)
        _ = try connect("iPhone")
        try alice.get("/devices/new")
        let taken = try alice.post("/devices", [("device", "iPhone")])
        let message = language == "en" ? "“iPhone” is already connected. Choose another name, or revoke it first." : "“iPhone”已连接。请换一个名称，或先撤销它。"
        #expect(taken.status == 422 && taken.body.contains(message) && taken.body.contains(#"value="iPhone""#))
        #expect(try alice.post("/devices", [("device", "Mac")], csrf: false).status == 403)
        #expect(try app.store.appPasswords(username: "alice").map(\.device) == ["iPhone"])
    }
}
