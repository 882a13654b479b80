@testable import Accounts
import Foundation
import SQLEngine
import Testing
@testable import ContactsStore

/// Two-step verification in the store, on either engine: the set-up confirmed by a code, codes
/// accepted once each within a step of drift, recovery codes kept hashed and spent once, logins
/// waiting for their second step, and the operator turning it off.
@Suite struct TwoStepStoreTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var alice: User { fixture.alice }

    init() throws {
        fixture = try TwoUserStore()
    }

    /// The code of `secret` for now moved by `steps`.
    func code(_ secret: [UInt8], steps: Int64 = 0) -> String {
        TOTP.code(secret: secret, step: TOTP.step(at: fixture.clock.now) + steps)
    }

    /// Alice's two-step verification turned on; its secret and recovery codes.
    func turnOn() throws -> (secret: [UInt8], codes: [String]) {
        let secret = try #require(try store.beginTwoStepSetup(for: alice))
        let codes = try #require(try store.confirmTwoStep(for: alice, code: code(secret)))
        // The confirming code is spent: the next is a step later.
        fixture.clock.advance(seconds: 30)
        return (secret, codes)
    }

    @Test func setUpIsPendingUntilACurrentCodeConfirmsIt() throws {
        let secret = try #require(try store.beginTwoStepSetup(for: alice))
        #expect(try store.twoStep(of: alice) == TwoStepState(isOn: false, pendingSecret: secret, recoveryCodesLeft: 0))
        #expect(try !store.twoStepIsOn(username: "alice"))
        let generation = try store.credentialsGeneration(of: alice)
        #expect(try store.confirmTwoStep(for: alice, code: code(secret, steps: 2)) == nil)
        #expect(try store.confirmTwoStep(for: alice, code: "abcdef") == nil)
        #expect(try store.confirmTwoStep(for: fixture.bob, code: code(secret)) == nil, "bob began no set-up")
        let codes = try #require(try store.confirmTwoStep(for: alice, code: code(secret)))
        #expect(codes.count == 10 && Set(codes).count == 10)
        #expect(codes.allSatisfy { $0.wholeMatch(of: /[a-z2-7]{4}-[a-z2-7]{4}/) != nil }, "\(codes)")
        #expect(try store.twoStep(of: alice) == TwoStepState(isOn: true, pendingSecret: nil, recoveryCodesLeft: 10))
        #expect(try store.twoStepIsOn(username: "ALICE"))
        #expect(try !store.twoStepIsOn(username: "bob"))
        #expect(try store.credentialsGeneration(of: alice) != generation, "cached sync logins with the password end")
        // Once on, beginning again changes nothing.
        #expect(try store.beginTwoStepSetup(for: alice) == nil)
        #expect(throws: StoreError.userNotFound("carol")) { try store.twoStepIsOn(username: "carol") }
    }

    @Test func aNewSetUpReplacesAPendingSecret() throws {
        let first = try #require(try store.beginTwoStepSetup(for: alice))
        let second = try #require(try store.beginTwoStepSetup(for: alice))
        #expect(first != second)
        #expect(try store.confirmTwoStep(for: alice, code: code(first)) == nil || code(first) == code(second))
        #expect(try store.confirmTwoStep(for: alice, code: code(second)) != nil)
    }

    @Test func aCodeWorksOnceWithinAStepOfDriftAndNeverAfterALaterOne() throws {
        let (secret, _) = try turnOn()
        // The step before now was that of the code that confirmed the set-up: spent.
        #expect(try store.verifySecondStep(for: alice, code: code(secret, steps: -1)) == .refused)
        fixture.clock.advance(seconds: 30)
        #expect(try store.verifySecondStep(for: alice, code: code(secret, steps: -1)) == .code)
        // The same code again, inside its 30 seconds: refused.
        #expect(try store.verifySecondStep(for: alice, code: code(secret, steps: -1)) == .refused)
        #expect(try store.verifySecondStep(for: alice, code: code(secret, steps: 1)) == .code)
        // An earlier step's code, though within the drift, comes after a later one: refused.
        #expect(try store.verifySecondStep(for: alice, code: code(secret)) == .refused)
        fixture.clock.advance(seconds: 90)
        #expect(try store.verifySecondStep(for: alice, code: code(secret, steps: 2)) == .refused, "two steps ahead")
        #expect(try store.verifySecondStep(for: alice, code: " " + code(secret).prefix(3) + " " + code(secret).suffix(3)) == .code)
        #expect(try store.verifySecondStep(for: fixture.bob, code: code(secret, steps: 1)) == .refused, "bob has it off")
    }

    @Test func aCodeIsSpentOnceAcrossServersOnOneDatabase() throws {
        let (secret, _) = try turnOn()
        let other = try fixture.directory.store(clock: fixture.clock.function)
        let typed = code(secret)
        let outcomes = try [store, other].map { try $0.verifySecondStep(for: alice, code: typed) }
        #expect(outcomes.filter { $0 == .code }.count == 1, "\(outcomes)")
    }

    @Test(arguments: ["", "12345", "1234567", "12345a", "１２３４５６", "123\u{0}456", "abcd-efgh"])
    func hostileCodesAreRefused(typed: String) throws {
        _ = try turnOn()
        #expect(try store.verifySecondStep(for: alice, code: typed) == .refused)
    }

    @Test func aTenMegabyteCodeIsRefused() throws {
        let (secret, _) = try turnOn()
        #expect(try store.verifySecondStep(for: alice, code: String(repeating: code(secret), count: 10 << 20 / 6)) == .refused)
    }

    @Test func recoveryCodesAreStoredHashedAndEachWorksOnce() throws {
        let (_, codes) = try turnOn()
        let database = try fixture.directory.connection()
        let stored = try database.statement("SELECT code_hash FROM recovery_codes").rows { $0.blob(0) }
        #expect(stored.count == 10)
        let clear = codes.flatMap { [Array($0.utf8), Array($0.replacingOccurrences(of: "-", with: "").utf8)] }
        #expect(stored.allSatisfy { hash in hash.count == 32 && !clear.contains(hash) })
        #expect(try store.verifySecondStep(for: alice, code: codes[0]) == .recoveryCode(left: 9))
        #expect(try store.verifySecondStep(for: alice, code: codes[0]) == .refused)
        // Typed without the hyphen, in capitals, with spaces: the same code.
        #expect(try store.verifySecondStep(for: alice, code: " " + codes[1].uppercased().replacingOccurrences(of: "-", with: " ")) == .recoveryCode(left: 8))
        #expect(try store.verifySecondStep(for: fixture.bob, code: codes[2]) == .refused)
        #expect(try store.twoStep(of: alice).recoveryCodesLeft == 8)
        let fresh = try #require(try store.newRecoveryCodes(for: alice))
        #expect(Set(fresh).isDisjoint(with: codes))
        #expect(try store.verifySecondStep(for: alice, code: codes[2]) == .refused, "the old set stopped working")
        #expect(try store.verifySecondStep(for: alice, code: fresh[0]) == .recoveryCode(left: 9))
        #expect(try store.newRecoveryCodes(for: fixture.bob) == nil, "off: no codes")
    }

    @Test func turningOffEndsCodesAndOptionallyEverySession() throws {
        let (secret, codes) = try turnOn()
        let session = try store.issueToken(.session, for: alice, lifetime: 3600)
        let remember = try store.issueToken(.remember, for: alice, lifetime: 3600)
        let bobSession = try store.issueToken(.session, for: fixture.bob, lifetime: 3600)
        let waiting = try store.startPendingLogin(PendingLogin(user: alice, remember: true, autoLogin: false, next: nil))
        let generation = try store.credentialsGeneration(of: alice)
        try store.turnOffTwoStep(username: "alice", endingSessions: false)
        #expect(try store.twoStep(of: alice) == TwoStepState(isOn: false, pendingSecret: nil, recoveryCodesLeft: 0))
        #expect(try store.user(forToken: session, kind: .session) == alice, "the web's Turn Off keeps this browser signed in")
        #expect(try store.pendingLogin(waiting) == nil)
        #expect(try store.credentialsGeneration(of: alice) != generation)
        #expect(try store.verifySecondStep(for: alice, code: code(secret)) == .refused)
        #expect(try store.verifySecondStep(for: alice, code: codes[0]) == .refused)
        _ = try turnOn()
        try store.turnOffTwoStep(username: "Alice", endingSessions: true)
        #expect(try store.user(forToken: session, kind: .session) == nil)
        #expect(try store.user(forToken: remember, kind: .remember) == nil)
        #expect(try store.user(forToken: bobSession, kind: .session) == fixture.bob)
        #expect(throws: StoreError.userNotFound("carol")) { try store.turnOffTwoStep(username: "carol", endingSessions: true) }
    }

    @Test func aLoginWaitsFiveMinutesForItsSecondStepAndEndsOnce() throws {
        let login = PendingLogin(user: alice, remember: true, autoLogin: true, next: "/contacts/7")
        let token = try store.startPendingLogin(login)
        let other = try fixture.directory.store(clock: fixture.clock.function)
        #expect(try other.pendingLogin(token) == login, "any server on the database finds it")
        #expect(try store.pendingLogin(token + "x") == nil)
        #expect(try store.pendingLogin("") == nil)
        let database = try fixture.directory.connection()
        #expect(try database.statement("SELECT count(*) FROM pending_logins WHERE token_hash = ?").firstRow([Array(token.utf8)]) { $0.int(0) } == 0,
                "only its hash is kept")
        #expect(try other.endPendingLogin(token))
        #expect(try !store.endPendingLogin(token), "taken once")
        #expect(try store.pendingLogin(token) == nil)
        let late = try store.startPendingLogin(PendingLogin(user: fixture.bob, remember: false, autoLogin: false, next: nil))
        fixture.clock.advance(seconds: 299)
        #expect(try store.pendingLogin(late)?.user == fixture.bob)
        fixture.clock.advance(seconds: 1)
        #expect(try store.pendingLogin(late) == nil)
        // Starting another forgets those that waited too long.
        _ = try store.startPendingLogin(login)
        #expect(try database.statement("SELECT count(*) FROM pending_logins").firstRow { $0.int(0) } == 1)
    }

    @Test func fiveWrongCodesLockTheSecondStepApartFromThePassword() throws {
        let codes = LoginThrottle(store: store, scope: "two-step", clock: fixture.clock.function)
        let passwords = LoginThrottle(store: store, clock: fixture.clock.function)
        for index in 0..<5 { try codes.recordFailure(account: "alice", address: "198.51.100.\(index)") }
        #expect(try codes.retryAfter(account: "alice", address: "203.0.113.1") == 900)
        #expect(try passwords.retryAfter(account: "alice", address: "203.0.113.1") == nil, "the password step counts its own")
        // Another server on the database sees the lock.
        let other = LoginThrottle(store: try fixture.directory.store(clock: fixture.clock.function), scope: "two-step", clock: fixture.clock.function)
        #expect(try other.retryAfter(account: "alice", address: "203.0.113.1") == 900)
        fixture.clock.advance(seconds: 900)
        #expect(try codes.retryAfter(account: "alice", address: "203.0.113.1") == nil)
    }
}
