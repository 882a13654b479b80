import Accounts
import Foundation
import Synchronization
import Testing
@testable import ContactsStore

/// Passkeys and their challenges as stored, on the engine the tests run on (SQLite, or
/// PostgreSQL with CONTACTS_TEST_ENGINE=postgresql), two stores on one database standing for
/// two servers.
@Suite struct PasskeyStoreTests {
    let directory = TemporaryDirectory()
    let clock = TestClock()

    @Test func addsListsUsesAndRemovesPasskeys() throws {
        let store = try directory.store(clock: clock.function)
        let alice = try store.createUser(username: "alice", password: "password1")
        let bob = try store.createUser(username: "bob", password: "password1")
        let key = try #require(try store.addPasskey(for: alice, credentialID: [9, 9], publicKey: [0xA0], algorithm: -7,
                                                    signCount: 4, name: "  iPhone  "))
        #expect(key.name == "iPhone" && key.createdAt == clock.now && key.lastUsedAt == nil)
        #expect(throws: Passkey.Problem.alreadyRegistered) {
            try store.addPasskey(for: bob, credentialID: [9, 9], publicKey: [0xA0], algorithm: -7, signCount: 0, name: "Stolen")
        }
        for name in ["", "   ", "a\u{0}b", "line\nbreak", "\u{202E}evil", String(repeating: "x", count: 65)] {
            #expect(throws: Passkey.Problem.invalidName) {
                try store.addPasskey(for: alice, credentialID: [1], publicKey: [0xA0], algorithm: -7, signCount: 0, name: name)
            }
        }
        #expect(try store.passkeyCount(username: "ALICE") == 1)
        #expect(try store.passkeyCount(username: "bob") == 0)

        clock.advance(seconds: 60)
        let other = try directory.store(clock: clock.function)
        #expect(try other.recordPasskeyUse(key, signCount: 5))
        #expect(try !store.recordPasskeyUse(key, signCount: 5), "the counter it read is no longer stored: the other server won")
        let found = try #require(try store.passkey(credentialID: [9, 9]))
        #expect(found.user == alice && found.passkey.signCount == 5 && found.passkey.lastUsedAt == clock.now)
        #expect(try store.passkey(credentialID: [9]) == nil)

        #expect(try !store.removePasskey(id: key.id, for: bob), "only its own account removes it")
        #expect(try store.removePasskey(id: key.id, for: alice))
        #expect(try store.passkeys(for: alice).isEmpty)
        _ = try store.addPasskey(for: bob, credentialID: [7], publicKey: [0xA0], algorithm: -257, signCount: 0, name: "Key")
        try store.deleteUser(username: "bob")
        #expect(try store.passkey(credentialID: [7]) == nil, "an account's passkeys go with it")
    }

    @Test func aChallengeWorksOnceOnAnyServer() throws {
        let first = try directory.store(clock: clock.function)
        let second = try directory.store(clock: clock.function)
        let alice = try first.createUser(username: "alice", password: "password1")
        let bob = try first.createUser(username: "bob", password: "password1")

        let login = try first.issuePasskeyChallenge(.login, for: nil)
        #expect(login.count == 32)
        #expect(try !second.consumePasskeyChallenge(login, .register, for: nil), "for another purpose")
        #expect(try second.consumePasskeyChallenge(login, .login, for: nil))
        #expect(try !first.consumePasskeyChallenge(login, .login, for: nil), "used up")

        let register = try first.issuePasskeyChallenge(.register, for: alice)
        #expect(try !second.consumePasskeyChallenge(register, .register, for: bob), "for another account")
        #expect(try !second.consumePasskeyChallenge(register, .register, for: nil))
        #expect(try second.consumePasskeyChallenge(register, .register, for: alice))

        let late = try first.issuePasskeyChallenge(.login, for: nil)
        clock.advance(seconds: ContactStore.passkeyChallengeLifetime)
        #expect(try !second.consumePasskeyChallenge(late, .login, for: nil), "expired")
        #expect(try !second.consumePasskeyChallenge([UInt8](repeating: 0, count: 32), .login, for: nil))

        // Many servers racing for one challenge: exactly one gets it.
        let raced = try first.issuePasskeyChallenge(.login, for: nil)
        let stores = try (0..<4).map { _ in try directory.store(clock: clock.function) }
        let wins = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            if (try? stores[index % 4].consumePasskeyChallenge(raced, .login, for: nil)) == true { wins.withLock { $0 += 1 } }
        }
        #expect(wins.withLock { $0 } == 1)
    }
}
