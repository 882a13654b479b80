import Accounts
import CardDAV
import ContactsStore
import Foundation
import HTTP
import Testing

/// CardDAV with two-step sign-in on: the account password is refused (401, saying to make an app
/// password, in both languages) even where a server had it cached; app passwords keep syncing.
@Suite struct TwoStepSyncTests {
    let server: DAVTestServer

    init() throws {
        server = try DAVTestServer()
    }

    private func propfind(_ client: DAVClient) throws -> DAVClient.Reply {
        try client.propfind("/dav/principals/alice/", depth: 0, "<d:displayname/>")
    }

    /// Turns alice's two-step sign-in on, as the web app does.
    private func turnOn() throws {
        let secret = try #require(try server.store.beginTwoStepSetup(for: server.alice))
        _ = try #require(try server.store.confirmTwoStep(for: server.alice, code: TOTP.code(secret: secret, step: TOTP.step(at: Date()))))
    }

    @Test func thePasswordGets401SayingToUseAnAppPasswordWhichGets207() throws {
        let phone = server.client(password: try server.store.addAppPassword(username: "alice", device: "iPhone"))
        #expect(try propfind(server.client()).status == 207)
        #expect(try propfind(phone).status == 207)
        try turnOn()
        let refused = try propfind(server.client())
        #expect(refused.status == 401, "the password verified a moment ago is no longer trusted")
        #expect(refused.header("WWW-Authenticate") == #"Basic realm="PersonalContacts", charset="UTF-8""#)
        #expect(refused.body.contains("Make an app password under Devices"), "\(refused.body)")
        #expect(refused.body.contains("设备") && refused.body.contains("应用密码"), "\(refused.body)")
        #expect(try propfind(phone).status == 207)
        #expect(try propfind(server.client("bob")).status != 401, "bob has it off")
        #expect(try propfind(server.client(password: "wrong-password")).body.contains("Wrong account or password"))
        // Refusing the right password counts no failure: it would lock the account's web login.
        #expect(try server.throttle.retryAfter(account: "alice", address: "127.0.0.1") == nil)
        for _ in 0..<5 { #expect(try propfind(server.client()).status == 401) }
        #expect(try server.throttle.retryAfter(account: "alice", address: "127.0.0.1") == nil)
    }

    @Test func turningItOffLetsThePasswordSyncAgain() throws {
        try turnOn()
        #expect(try propfind(server.client()).status == 401)
        try server.store.turnOffTwoStep(username: "alice", endingSessions: true)
        #expect(try propfind(server.client()).status == 207)
    }
}
