import Base64URL
import Foundation
import Testing
import WebAuthn
@testable import ContactsStore

/// Settings → Passkeys and the passkey endpoints, answered by the app in process: the pages in
/// both languages, Remove, and JSON bodies as an attacker would send them (each refused with 400
/// and a readable message, never a crash), the CSRF check, single-use challenges, and failed
/// sign-ins counted by the login throttle.
@Suite struct PasskeyPagesTests {
    let app: RunningApp

    init() throws { app = try RunningApp() }

    /// A JSON POST as the page's script sends it, with the page's CSRF token.
    @discardableResult
    private func postJSON(_ session: WebSession, _ path: String, _ body: String, csrf: Bool = true) throws -> WebSession.Reply {
        try session.send("POST", path, body: body, headers: ["Content-Type: application/json", "X-Requested-With: fetch"]
                             + (csrf ? ["X-CSRF-Token: \(session.csrf)"] : []))
    }

    private func json(_ reply: WebSession.Reply) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
    }

    @Test(arguments: [("en", "Sign in with a passkey", "Passkeys", "No passkeys yet"), ("zh-CN", "使用通行密钥登录", "通行密钥", "还没有通行密钥")])
    func pagesInBothLanguages(language: String, button: String, title: String, empty: String) throws {
        try app.addUser("alice")
        let session = app.session(acceptLanguage: language)
        let login = try session.get("/login")
        #expect(login.body.contains(#"id="passkey-login""#) && login.body.contains(button))
        #expect(login.body.contains(#"type="button" hidden"#), "hidden until the script finds PublicKeyCredential")
        #expect(try session.get("/settings/passkeys").status == 303, "signed out: to the login page")
        try session.logIn("alice", "password1")
        let page = try session.get("/settings/passkeys")
        #expect(page.status == 200 && page.body.contains(title) && page.body.contains(empty))
        #expect(page.body.contains(#"href="/settings""#), "back to Settings")
    }

    @Test func listsAndRemovesTheAccountsOwnPasskeysOnly() throws {
        let alice = try app.addUser("alice")
        let bob = try app.addUser("bob")
        let key = try #require(try app.store.addPasskey(for: alice, credentialID: [1], publicKey: [0xA0], algorithm: -7, signCount: 0,
                                                        name: "<b>Phone</b>"))
        let bobs = try #require(try app.store.addPasskey(for: bob, credentialID: [2], publicKey: [0xA0], algorithm: -7, signCount: 0,
                                                         name: "Bob's key"))
        let session = app.session()
        try session.logIn("alice", "password1")
        let page = try session.get("/settings/passkeys")
        #expect(page.body.contains("&lt;b&gt;Phone&lt;/b&gt;") && !page.body.contains("<b>Phone"))
        #expect(page.body.contains("Never used") && !page.body.contains("Bob&#39;s key") && !page.body.contains("Bob's key"))
        #expect(try session.post("/settings/passkeys/remove", [("ids", String(bobs.id)), ("confirmed", "1")]).status == 404)
        #expect(try session.post("/settings/passkeys/remove", [("ids", "x\u{0}")]).status == 404)
        let question = try session.post("/settings/passkeys/remove", [("ids", String(key.id))])
        #expect(question.status == 200 && question.body.contains("Remove the passkey"))
        #expect(try app.store.passkeys(for: alice).count == 1, "nothing removed before it is confirmed")
        #expect(try session.post("/settings/passkeys/remove", [("ids", String(key.id)), ("confirmed", "1")],
                                 csrf: false).status == 403)
        #expect(try session.post("/settings/passkeys/remove", [("ids", String(key.id)), ("confirmed", "1")]).status == 303)
        #expect(try app.store.passkeys(for: alice).isEmpty)
        #expect(try app.store.passkeys(for: bob).count == 1)
    }

    @Test func registrationOptionsNameTheSiteAndExcludeTheAccountsPasskeys() throws {
        let alice = try app.addUser("alice")
        _ = try app.store.addPasskey(for: alice, credentialID: [0xFB, 0xFF], publicKey: [0xA0], algorithm: -7, signCount: 0, name: "Old")
        let session = app.session()
        try session.logIn("alice", "password1")
        try session.get("/settings/passkeys")
        #expect(try postJSON(session, "/settings/passkeys/options", #"{"name":"Laptop"}"#, csrf: false).status == 403)
        let options = try json(try postJSON(session, "/settings/passkeys/options", #"{"name":"Laptop"}"#))
        #expect((options["challenge"] as? String)?.count == 43)
        #expect((options["rp"] as? [String: Any])?["id"] as? String == "127.0.0.1")
        #expect((options["excludeCredentials"] as? [[String: Any]])?.map { $0["id"] as? String } == ["-_8"])
        #expect((options["pubKeyCredParams"] as? [[String: Any]])?.map { $0["alg"] as? Int } == [-7, -257])
        let selection = try #require(options["authenticatorSelection"] as? [String: Any])
        #expect(selection["residentKey"] as? String == "required" && options["attestation"] as? String == "none")
        for name in ["", "\u{0}", "a\u{7}b", String(repeating: "名", count: 65)] {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["name": name]), as: UTF8.self)
            let reply = try postJSON(session, "/settings/passkeys/options", body)
            let error = try json(reply)["error"] as? String
            #expect(reply.status == 422 && error?.contains("1 to 64") == true, "\(name.debugDescription)")
        }
    }

    @Test(arguments: ["", "[]", "null", "{", "\"text\"", #"{"id":1}"#, #"{"id":"AA","clientDataJSON":true}"#,
                      #"{"id":"AA","clientDataJSON":"AA","authenticatorData":"AA","signature":["AA"]}"#,
                      #"{"id":"A\u0000A","clientDataJSON":"AA","authenticatorData":"AA","signature":"AA"}"#,
                      #"{"id":"%%","clientDataJSON":"AA","authenticatorData":"AA","signature":"AA"}"#,
                      #"{"clientDataJSON":"AA","authenticatorData":"AA","signature":"AA"}"#,
                      #"{"id":"AA","clientDataJSON":"AA","authenticatorData":"AA","signature":"AA","next":7}"#,
                      "{\"id\":\"" + String(repeating: "A", count: 20_000) + "\"}",
                      String(repeating: "[", count: 100_000), String(repeating: "[", count: 8000) + String(repeating: "]", count: 8000),
                      String(repeating: "{\"a\":", count: 2500) + "1" + String(repeating: "}", count: 2500)])
    func hostileSignInBodiesAreRefusedWith400(body: String) throws {
        let session = app.session()
        try session.get("/login")
        let reply = try postJSON(session, "/login/passkey", body)
        #expect(reply.status == 400)
        #expect(try json(reply)["error"] as? String == "The passkey request wasn’t understood.")
    }

    @Test func refusalsAreInThePagesLanguage() throws {
        let session = app.session(acceptLanguage: "zh-CN")
        try session.get("/login")
        #expect(try json(try postJSON(session, "/login/passkey", "[]"))["error"] as? String == "无法识别此通行密钥请求。")
    }

    @Test func signInOptionsNeedTheCSRFTokenAndGiveAFreshChallengeEachTime() throws {
        let session = app.session()
        try session.get("/login")
        #expect(try postJSON(session, "/login/passkey/options", "", csrf: false).status == 403)
        let first = try json(try postJSON(session, "/login/passkey/options", ""))
        let second = try json(try postJSON(session, "/login/passkey/options", ""))
        #expect(first["rpId"] as? String == "127.0.0.1" && first["userVerification"] as? String == "required")
        #expect(first["challenge"] as? String != second["challenge"] as? String)
    }

    @Test func theRelyingPartyIsThePublicURLsHostWhenOneIsSet() throws {
        let behindProxy = try RunningApp(publicURL: "https://Contacts.Example.org:8443")
        try behindProxy.addUser("alice")
        let session = behindProxy.session()
        try session.logIn("alice", "password1")
        try session.get("/settings/passkeys")
        let reply = try postJSON(session, "/settings/passkeys/options", #"{"name":"Phone"}"#)
        let options = try json(reply)
        #expect((options["rp"] as? [String: Any])?["id"] as? String == "contacts.example.org")
    }

    @Test func failedSignInsAreThrottledAndUseUpTheirChallenge() throws {
        try app.addUser("alice")
        let session = app.session()
        try session.get("/login")
        func attempt(challenge: String) throws -> WebSession.Reply {
            let clientData = #"{"type":"webauthn.get","challenge":"\#(challenge)","origin":"http://127.0.0.1:8080"}"#
            let body = ["id": "AQID", "clientDataJSON": Base64URL.encode(Array(clientData.utf8)),
                        "authenticatorData": Base64URL.encode([UInt8](repeating: 0, count: 37)), "signature": "MEUCIQ"]
            return try postJSON(session, "/login/passkey", String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
        }
        let challenge = try #require(try json(try postJSON(session, "/login/passkey/options", ""))["challenge"] as? String)
        let refused = try attempt(challenge: challenge)
        let error = try json(refused)["error"] as? String
        #expect(refused.status == 401 && error?.contains("log in with your password") == true)
        #expect(refused.headers("Set-Cookie").allSatisfy { !$0.hasPrefix("pc_session=") || $0.contains("Max-Age=0") })
        for _ in 0..<4 { #expect(try attempt(challenge: challenge).status == 401, "a used challenge is no good again") }
        let locked = try attempt(challenge: challenge)
        #expect(locked.status == 429 && locked.header("Retry-After") != nil)
        #expect(try session.logIn("alice", "password1").status == 303, "the account's password still works")
    }
}
