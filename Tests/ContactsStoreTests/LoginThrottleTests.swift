@testable import Accounts
import Foundation
import StoreOpening
import Testing
@testable import ContactsStore

/// The login throttle: per account and per address, kept in the store (so every server on the
/// database and every restart sees it), and bounded however many names are tried.
@Suite struct LoginThrottleTests {
    let directory = TemporaryDirectory()
    let clock = TestClock()

    @Test func fiveFailuresBlockTheAccountFromEveryAddressUntilTheWindowPasses() throws {
        let throttle = LoginThrottle(store: try directory.store(), clock: clock.function)
        for index in 0..<5 { try throttle.recordFailure(account: "alice", address: "198.51.100.\(index)") }
        #expect(try throttle.retryAfter(account: "alice", address: "203.0.113.1") == 900)
        #expect(try throttle.retryAfter(account: "bob", address: "203.0.113.1") == nil)
        clock.advance(seconds: 900)
        #expect(try throttle.retryAfter(account: "alice", address: "203.0.113.1") == nil)
    }

    @Test func failuresOutliveTheServerAndAreSharedByEveryStoreOnTheDatabase() throws {
        let first = LoginThrottle(store: try directory.store(), clock: clock.function)
        for index in 0..<3 { try first.recordFailure(account: "alice", address: "198.51.100.\(index)") }
        // Another server (or this one restarted) on the same database counts on from there.
        let second = LoginThrottle(store: try directory.store(), clock: clock.function)
        for index in 3..<5 { try second.recordFailure(account: "alice", address: "198.51.100.\(index)") }
        #expect(try first.retryAfter(account: "alice", address: "203.0.113.1") == 900)
        #expect(try second.retryAfter(account: "alice", address: "203.0.113.1") == 900)
    }

    @Test func neitherNamesNorAddressesAreKeptAndHugeNamesCostOneDigest() throws {
        let store = try directory.store()
        let throttle = LoginThrottle(store: store, clock: clock.function)
        let huge = String(repeating: "x", count: 4 << 20)
        for index in 0..<5 { try throttle.recordFailure(account: huge, address: "198.51.100.\(index)") }
        #expect(try throttle.retryAfter(account: huge, address: "203.0.113.1") != nil)
        #expect(try store.accounts.recordedLoginFailures() == 10, "five for the name's digest, one for each address")
    }

    @Test func failuresAreForgottenOnceTheyNoLongerCount() throws {
        let store = try directory.store()
        let throttle = LoginThrottle(store: store, clock: clock.function)
        for index in 0..<500 {
            try throttle.recordFailure(account: "name\(index)", address: "10.0.\(index / 256).\(index % 256)")
            clock.advance(seconds: 10)
        }
        // 15 minutes of failures every 10 seconds: 90 of them, for a name and an address each.
        #expect(try store.accounts.recordedLoginFailures() <= 2 * 91)
    }

    @Test func anAddressIsLockedOutOfEveryAccountAfterThirtyFailuresButNotAfterFive() throws {
        let throttle = LoginThrottle(store: try directory.store(), clock: clock.function)
        // Five made-up names from a home router's address lock nobody in the family out.
        for index in 0..<5 { try throttle.recordFailure(account: "guess\(index)", address: "198.51.100.1") }
        #expect(try throttle.retryAfter(account: "alice", address: "198.51.100.1") == nil)
        for index in 5..<30 { try throttle.recordFailure(account: "guess\(index)", address: "198.51.100.1") }
        #expect(try throttle.retryAfter(account: "alice", address: "198.51.100.1") == 900)
        #expect(try throttle.retryAfter(account: "alice", address: "198.51.100.2") == nil)
    }

    @Test func aKeyKeepsAtMostLimitFailures() throws {
        let store = try directory.store()
        let throttle = LoginThrottle(store: store, clock: clock.function)
        for _ in 0..<200 {
            try throttle.recordFailure(account: "alice", address: "198.51.100.1")
            clock.advance(seconds: 0.001)
        }
        #expect(try store.accounts.recordedLoginFailures() == 35, "five for the account, thirty for the address")
        clock.advance(seconds: 899)
        #expect(try throttle.retryAfter(account: "alice", address: "203.0.113.1") == 1)
        clock.advance(seconds: 1)
        #expect(try throttle.retryAfter(account: "alice", address: "198.51.100.1") == nil)
    }
}
