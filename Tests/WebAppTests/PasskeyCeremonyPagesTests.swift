import Base64URL
import Accounts
import Foundation
import Testing
import TestSupport
import WebAuthn
@testable import ContactsStore

/// A passkey added and used through the app's endpoints, as a browser would, with an
/// authenticator of real ES256 and RS256 keys (`TestAuthenticator`): each answer works once, and
/// a replay, a counter gone back, another account's handle, another origin or an unverified user
/// are refused.
@Suite struct PasskeyCeremonyPagesTests {
    let app: RunningApp
    let origin = "http://\(RunningApp.host)"
    let rpID = "127.0.0.1"

    init() throws { app = try RunningApp() }

    @discardableResult
    private func post(_ session: WebSession, _ path: String, _ object: [String: Any?]) throws -> (status: Int, json: [String: Any]) {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: object.mapValues { $0 ?? NSNull() }), as: UTF8.self)
        let reply = try session.send("POST", path, body: body, headers: ["X-CSRF-Token: \(session.csrf)", "X-Requested-With: fetch"])
        return (reply.status, try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]))
    }

    private func challenge(_ session: WebSession, _ path: String, _ body: [String: Any?] = [:]) throws -> [UInt8] {
        let text = try #require(try post(session, path, body).json["challenge"] as? String)
        return try #require(Base64URL.decode(text))
    }

    /// Adds a passkey of `authenticator` to alice's account through Settings → Passkeys.
    private func register(_ authenticator: TestAuthenticator, flags: UInt8 = 0x05) throws -> (status: Int, json: [String: Any]) {
        let session = app.session()
        try session.logIn("alice", "password1")
        try session.get("/settings/passkeys")
        let given = try challenge(session, "/settings/passkeys/options", ["name": "Phone"])
        let made = authenticator.register(challenge: given, rpID: rpID, origin: origin, flags: flags)
        let body: [String: Any?] = ["name": "Phone", "id": Base64URL.encode(authenticator.credentialID),
                                    "clientDataJSON": Base64URL.encode(made.clientDataJSON),
                                    "attestationObject": Base64URL.encode(made.attestationObject)]
        let answer = try post(session, "/settings/passkeys", body)
        #expect(try post(session, "/settings/passkeys", body).status == 400, "the same answer again: its challenge is used up")
        return answer
    }

    /// Signs in with a passkey on a fresh browser; the status, and the browser.
    private func signIn(_ authenticator: TestAuthenticator, userHandle: [UInt8]? = nil, origin: String? = nil, step: UInt32 = 1,
                        replay: Bool = false) throws -> (status: Int, session: WebSession) {
        let session = app.session()
        try session.get("/login")
        let given = try challenge(session, "/login/passkey/options")
        let signed = authenticator.assert(challenge: given, rpID: rpID, origin: origin ?? self.origin, step: step)
        let body: [String: Any?] = ["id": Base64URL.encode(authenticator.credentialID),
                                    "clientDataJSON": Base64URL.encode(signed.clientDataJSON),
                                    "authenticatorData": Base64URL.encode(signed.authenticatorData),
                                    "signature": Base64URL.encode(signed.signature),
                                    "userHandle": userHandle.map(Base64URL.encode), "next": "/books"]
        let first = try post(session, "/login/passkey", body)
        if replay {
            let other = app.session()
            try other.get("/login")
            #expect(try post(other, "/login/passkey", body).status == 401, "a replayed answer, from another browser")
        }
        return (first.status, session)
    }

    /// The user handle the app gives an account's passkeys: its id, 8 bytes big-endian.
    static func handle(of user: User) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: user.id >> (8 * Int64($0))) }
    }

    @Test(arguments: COSEAlgorithm.allCases) func addsAPasskeyThatSignsInAlone(algorithm: COSEAlgorithm) throws {
        let alice = try app.addUser("alice")
        let authenticator = TestAuthenticator(algorithm)
        let added = try register(authenticator)
        #expect(added.status == 200 && added.json["location"] as? String == "/settings/passkeys")
        #expect(try app.store.passkeys(for: alice).map(\.algorithm) == [algorithm.rawValue])

        let (status, session) = try signIn(authenticator, userHandle: Self.handle(of: alice), replay: true)
        #expect(status == 200)
        #expect(try session.get("/books").status == 200, "signed in")
        #expect(try app.store.passkeys(for: alice).first?.lastUsedAt != nil)
    }

    @Test func refusesWhatIsNotTheRightAnswer() throws {
        try app.addUser("alice")
        let bob = try app.addUser("bob")
        let authenticator = TestAuthenticator(.es256)
        #expect(try register(authenticator).status == 200)
        #expect(try signIn(authenticator).status == 200, "no user handle: the credential alone names the account")
        #expect(try signIn(authenticator, userHandle: Self.handle(of: bob)).status == 401)
        #expect(try signIn(authenticator, origin: "http://evil.example:8080").status == 401)
        authenticator.signCount = 0
        #expect(try signIn(authenticator).status == 401, "a counter gone back to one, as stored: a clone")
        authenticator.signCount = 5
        #expect(try signIn(TestAuthenticator(.es256)).status == 401, "a passkey this server never saw")
        #expect(try signIn(authenticator).status == 200)
    }

    /// A passkey is both factors: with two-step verification on, the password stops at the second
    /// step, and the passkey signs in without it.
    @Test func signsInWithoutTheSecondStepThatThePasswordNeeds() throws {
        let alice = try app.addUser("alice")
        let authenticator = TestAuthenticator(.es256)
        #expect(try register(authenticator).status == 200)
        let secret = try #require(try app.store.beginTwoStepSetup(for: alice))
        _ = try #require(try app.store.confirmTwoStep(for: alice, code: TOTP.code(secret: secret, step: TOTP.step(at: Date()))))

        let byPassword = app.session()
        try byPassword.logIn("alice", "password1")
        #expect(try byPassword.get("/books").status == 303, "the password alone signs nobody in")

        let (status, session) = try signIn(authenticator)
        #expect(status == 200)
        #expect(try session.get("/books").status == 200, "signed in by the passkey alone")
    }

    @Test func refusesAnAuthenticatorThatDoesNotVerifyTheUser() throws {
        let alice = try app.addUser("alice")
        let refused = try register(TestAuthenticator(.es256), flags: 0x01)
        #expect(refused.status == 400 && (refused.json["error"] as? String)?.contains("PIN") == true)
        #expect(try app.store.passkeys(for: alice).isEmpty)
    }
}
