import Accounts
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import ContactsStore

/// Passkeys and their challenges as stored, on the engine the tests run on (SQLite, or
/// PostgreSQL with CONTACTS_TEST_ENGINE=postgresql), two stores on one database standing for
/// two servers.
@Suite struct PasskeyStoreTests {
    let directory = TemporaryDirectory()
    let clock = TestClock()
    let log = StatementLog()

    /// The challenges used up, as stored.
    private func usedChallenges() throws -> Int {
        let connection = try directory.connection()
        return try withExtendedLifetime(connection) {
            try connection.statement("SELECT count(*) FROM passkey_challenges").firstRow { $0.int(0) } ?? -1
        }
    }

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

        // Given by one server, answered on another: both read the installation's key.
        let login = try first.issuePasskeyChallenge(.login, for: nil)
        #expect(login.count == 32)
        #expect(try !second.consumePasskeyChallenge(login, .register, for: nil), "for another purpose")
        #expect(try second.consumePasskeyChallenge(login, .login, for: nil))
        #expect(try !first.consumePasskeyChallenge(login, .login, for: nil), "used up")
        #expect(try !second.consumePasskeyChallenge(login, .login, for: nil), "used up")

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
        let outcomes = Mutex((wins: 0, losses: 0, errors: [String]()))
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                let won = try stores[index % 4].consumePasskeyChallenge(raced, .login, for: nil)
                outcomes.withLock { won ? ($0.wins += 1) : ($0.losses += 1) }
            } catch {
                outcomes.withLock { $0.errors.append("\(error)") }
            }
        }
        let race = outcomes.withLock { $0 }
        #expect(race.wins == 1 && race.losses == 7 && race.errors.isEmpty, "\(race)")
        #expect(try usedChallenges() == 3)
    }

    @Test func givingChallengesWritesNothing() throws {
        let first = try directory.store(clock: clock.function, log: log)
        let alice = try first.createUser(username: "alice", password: "password1")
        // The installation's first challenge makes the key they are signed with, and only that.
        let making = try log.transactions { _ = try first.issuePasskeyChallenge(.login, for: nil) }
        #expect(making.writes.count == 1 && making.writes.statements.writing("secrets").count == 1, "\(making.statements)")
        #expect(making.writes.statements.filter { !$0.hasPrefix("SELECT") }.count == 1, "\(making.statements)")

        // From then on, on this server and on another just started, nothing is written: the key
        // is read once, from memory after.
        let second = try directory.store(clock: clock.function, log: log)
        var given: Set<[UInt8]> = []
        let giving = try log.transactions {
            for _ in 0..<100 {
                given.insert(try first.issuePasskeyChallenge(.login, for: nil))
                given.insert(try second.issuePasskeyChallenge(.login, for: nil))
                given.insert(try second.issuePasskeyChallenge(.register, for: alice))
            }
        }
        #expect(given.count == 300, "each fresh")
        #expect(giving.writes.isEmpty, "\(giving.writes.statements)")
        #expect(giving.count == 1, "the second server reads the key, once: \(giving.statements)")
        #expect(try usedChallenges() == 0)
    }

    @Test func aChallengeNotGivenForThisIsRefusedWithoutAWrite() throws {
        let store = try directory.store(clock: clock.function, log: log)
        let alice = try store.createUser(username: "alice", password: "password1")
        let bob = try store.createUser(username: "bob", password: "password1")
        let login = try store.issuePasskeyChallenge(.login, for: nil)
        let register = try store.issuePasskeyChallenge(.register, for: alice)
        // The same random bytes and expiry, signed as a challenge is but under another key (another
        // installation's, or a guess).
        let signed = Array(login.prefix(16))
        let otherKey = SecretToken.digest(Array("passkey challenge\u{0}login\u{0}0\u{0}".utf8) + signed, key: SecretToken.randomBytes(32))
        let otherInstallation = signed + otherKey.prefix(16)

        var refused: [(challenge: [UInt8], purpose: Passkey.Purpose, user: User?, why: String)] = [
            (login, .register, nil, "another purpose"), (login, .login, alice, "bound to an account it was not given for"),
            (register, .login, nil, "another purpose"), (register, .register, bob, "another account"),
            (register, .register, nil, "no account"), (otherInstallation, .login, nil, "signed under another key"),
            ([], .login, nil, "empty"), (Array(login.prefix(31)), .login, nil, "cut short"), (login + [0], .login, nil, "lengthened"),
            ([UInt8](repeating: 0, count: 32), .login, nil, "zeros"), (SecretToken.randomBytes(32), .login, nil, "random"),
        ]
        for bit in 0..<(login.count * 8) {
            var flipped = login
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            refused.append((flipped, .login, nil, "bit \(bit) flipped"))
        }
        // A later expiry, signed with the original's MAC.
        var extended = login
        extended[15] &+= 1
        refused.append((extended, .login, nil, "its expiry moved"))
        for attempt in refused {
            var used = true
            let writes = try log.transactions {
                used = try store.consumePasskeyChallenge(attempt.challenge, attempt.purpose, for: attempt.user)
            }.writes
            #expect(!used, "\(attempt.why)")
            #expect(writes.isEmpty, "\(attempt.why): \(writes.statements)")
        }
        #expect(try usedChallenges() == 0)

        let late = try store.issuePasskeyChallenge(.login, for: nil)
        clock.advance(seconds: ContactStore.passkeyChallengeLifetime - 1)
        let expiring = try store.issuePasskeyChallenge(.login, for: nil)
        clock.advance(seconds: 1)
        var used = true
        let expired = try log.transactions { used = try store.consumePasskeyChallenge(late, .login, for: nil) }
        #expect(!used, "expired")
        #expect(expired.writes.isEmpty)
        #expect(try store.consumePasskeyChallenge(expiring, .login, for: nil), "still in its time")
        #expect(try !store.consumePasskeyChallenge(login, .login, for: nil), "expired too")
        #expect(try usedChallenges() == 1)
    }

    @Test func usedChallengesAreForgottenOnceTheyCouldNotBeAnswered() throws {
        let first = try directory.store(clock: clock.function)
        let second = try directory.store(clock: clock.function)
        let used = try first.issuePasskeyChallenge(.login, for: nil)
        #expect(try second.consumePasskeyChallenge(used, .login, for: nil))
        #expect(try usedChallenges() == 1)
        // Kept a lifetime past the expiry, for a server whose clock runs behind.
        clock.advance(seconds: 2 * ContactStore.passkeyChallengeLifetime - 1)
        #expect(try first.consumePasskeyChallenge(try first.issuePasskeyChallenge(.login, for: nil), .login, for: nil))
        #expect(try usedChallenges() == 2)
        clock.advance(seconds: 1)
        #expect(try first.consumePasskeyChallenge(try second.issuePasskeyChallenge(.login, for: nil), .login, for: nil))
        #expect(try usedChallenges() == 2, "the first used is gone, the two since kept")
        #expect(try !second.consumePasskeyChallenge(used, .login, for: nil), "long expired")
    }
}
