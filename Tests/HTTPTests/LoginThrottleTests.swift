import Foundation
import HTTP
import Testing

/// The login throttle: per account and per address, and bounded however many names are tried.
@Suite struct LoginThrottleTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_800_000_000)
        var now: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    @Test func fiveFailuresBlockTheAccountFromEveryAddressUntilTheWindowPasses() {
        let clock = Clock()
        let throttle = LoginThrottle(clock: { clock.now })
        for index in 0..<5 { throttle.recordFailure(account: "alice", address: "198.51.100.\(index)") }
        #expect(throttle.retryAfter(account: "alice", address: "203.0.113.1") == 900)
        #expect(throttle.retryAfter(account: "bob", address: "203.0.113.1") == nil)
        clock.advance(900)
        #expect(throttle.retryAfter(account: "alice", address: "203.0.113.1") == nil)
    }

    @Test func hugeNamesAreKeptAsFixedSizeDigests() {
        let throttle = LoginThrottle()
        let huge = String(repeating: "x", count: 4 << 20)
        for index in 0..<5 { throttle.recordFailure(account: huge, address: "198.51.100.\(index)") }
        #expect(throttle.retryAfter(account: huge, address: "203.0.113.1") != nil)
        #expect(throttle.trackedCount == 6, "one digest for the name, five addresses")
    }

    @Test func theTableNeverGrowsPastItsCapacity() {
        let clock = Clock()
        let throttle = LoginThrottle(capacity: 1_000, clock: { clock.now })
        for index in 0..<5_000 {
            throttle.recordFailure(account: "name\(index)", address: "10.0.\(index / 256).\(index % 256)")
            #expect(throttle.trackedCount <= 1_001)
        }
        // The newest failures are the ones kept.
        for _ in 0..<4 { throttle.recordFailure(account: "name4999", address: "10.0.19.135") }
        #expect(throttle.retryAfter(account: "name4999", address: "203.0.113.1") != nil)
    }

    @Test func aKeyKeepsAtMostLimitFailures() {
        let clock = Clock()
        let throttle = LoginThrottle(clock: { clock.now })
        for _ in 0..<10_000 {
            throttle.recordFailure(account: "alice", address: "198.51.100.1")
        }
        clock.advance(899)
        #expect(throttle.retryAfter(account: "alice", address: "203.0.113.1") == 1)
        clock.advance(1)
        #expect(throttle.retryAfter(account: "alice", address: "198.51.100.1") == nil)
    }
}
