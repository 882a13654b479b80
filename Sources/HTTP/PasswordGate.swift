import Foundation
import Synchronization

/// Lets one argon2id verification run at a time (each costs ~70 ms of a core and 19 MiB), with a
/// short queue; beyond it logins are answered 503 at once, so a burst of logins cannot take
/// every server thread from the other requests.
public final class PasswordGate: Sendable {
    private let running = DispatchSemaphore(value: 1)
    /// The callers admitted and not yet done: waiting for their turn or verifying.
    private let waiting = Mutex(0)
    private let queueLimit: Int

    public init(queueLimit: Int = 4) {
        self.queueLimit = queueLimit
    }

    /// Runs `verify` when it is this caller's turn; throws 503 with Retry-After when the queue is full.
    public func run<T>(_ verify: () throws -> T) throws -> T {
        let admitted = waiting.withLock { waiting in
            guard waiting < queueLimit else { return false }
            waiting += 1
            return true
        }
        guard admitted else { throw HTTPError(503, "Too many logins at once; try again.", headers: ["Retry-After": "1"]) }
        running.wait()
        defer {
            running.signal()
            waiting.withLock { $0 -= 1 }
        }
        return try verify()
    }
}
