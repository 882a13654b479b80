import Accounts
import ContactsStore
import Foundation
import StoreOpening
import Testing

/// `contacts user two-step status|off`: what an operator sees of an account's two-step sign-in,
/// and the way back in for someone who lost their phone.
@Suite final class TwoStepCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    deinit {
        cli.removeData()
    }

    /// Alice's two-step sign-in turned on through the store, as the web app does; its secret.
    private func turnOn() throws -> [UInt8] {
        let store = try ContactStore(directory: cli.dataDirectory)
        let alice = try store.user(named: "alice")
        let secret = try #require(try store.beginTwoStepSetup(for: alice))
        _ = try #require(try store.confirmTwoStep(for: alice, code: TOTP.code(secret: secret, step: TOTP.step(at: Date()))))
        return secret
    }

    /// A passkey of alice's, added through the store as the web app adds one.
    private func addPasskey(_ name: String) throws {
        let store = try ContactStore(directory: cli.dataDirectory)
        _ = try store.addPasskey(for: try store.user(named: "alice"), credentialID: Array(name.utf8), publicKey: [0xA5],
                                 algorithm: -7, signCount: 0, name: name)
    }

    @Test func statusSaysOnOrOffAndCountsThePasskeys() throws {
        #expect(try cli.run(["user", "two-step", "status", "alice"]).output == "off\npasskeys: 0\n")
        _ = try turnOn()
        try addPasskey("iPhone")
        try addPasskey("YubiKey")
        let on = try cli.run(["user", "two-step", "status", "ALICE"])
        #expect(on.status == 0 && on.output == "on\npasskeys: 2\n" && on.error.isEmpty)
        #expect(try cli.run(["user", "two-step", "status", "bob"]).output == "off\npasskeys: 0\n")
    }

    @Test func offTurnsItOffDeletesTheCodesAndEndsEverySessionButKeepsAppPasswords() throws {
        _ = try turnOn()
        let store = try ContactStore(directory: cli.dataDirectory)
        let alice = try store.user(named: "alice")
        let session = try store.issueToken(.session, for: alice, lifetime: 3600)
        let remember = try store.issueToken(.remember, for: alice, lifetime: 3600)
        let bobSession = try store.issueToken(.session, for: try store.user(named: "bob"), lifetime: 3600)
        let phone = try store.addAppPassword(username: "alice", device: "iPhone")
        try addPasskey("iPhone")
        let off = try cli.run(["user", "two-step", "off", "alice"])
        #expect(off.status == 0 && off.error.isEmpty)
        #expect(off.output == "Two-step verification is off for alice: their recovery codes are deleted and they are signed out everywhere. Passkeys stay.\n")
        let state = try store.twoStep(of: alice)
        #expect(!state.isOn && state.pendingSecret == nil && state.recoveryCodesLeft == 0)
        #expect(try store.user(forToken: session, kind: .session) == nil)
        #expect(try store.user(forToken: remember, kind: .remember) == nil)
        #expect(try store.user(forToken: bobSession, kind: .session) != nil, "other accounts stay signed in")
        #expect(try store.authenticateForSync(username: "alice", password: phone)?.user == alice)
        #expect(try cli.run(["user", "two-step", "status", "alice"]).output == "off\npasskeys: 1\n", "the passkey stays")
        let chinese = try cli.run(["user", "two-step", "off", "alice"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.status == 0 && chinese.output == "已关闭 alice 的两步验证：其恢复码已删除，并已在所有设备上退出登录。通行密钥保留不变。\n")
    }

    @Test func mistakesFailClearly() throws {
        for command in ["status", "off"] {
            let unknown = try cli.run(["user", "two-step", command, "carol"])
            #expect(unknown.status == 1 && unknown.output.isEmpty)
            #expect(unknown.error == "contacts: no user named \"carol\"\n")
            let missing = try cli.run(["user", "two-step", command])
            #expect(missing.status == 2)
            #expect(missing.error.hasPrefix("contacts: missing NAME\nusage: contacts user two-step \(command) NAME"))
            let hostile = try cli.run(["user", "two-step", command, "al\u{1}ice"])
            #expect(hostile.status == 1 && hostile.error.hasPrefix("contacts: no user named"))
        }
        let extra = try cli.run(["user", "two-step", "status", "alice", "bob"])
        #expect(extra.status == 2)
    }
}
