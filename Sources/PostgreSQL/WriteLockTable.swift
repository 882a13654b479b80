import Foundation
import SQLEngine

/// The write locks this process's writers hold, so that they take turns among themselves before
/// taking a connection: a writer waiting for another of this process's writers waits here,
/// holding no connection, and reads never wait behind connections that wait for a lock. Also
/// bounds how many writers hold a connection at once, leaving one for reads.
///
/// A writer takes all of its locks at once or none (never some while it waits for the rest), so
/// writers of this table never wait on each other in a circle.
final class WriteLockTable: @unchecked Sendable {
    // @unchecked: `held` and `writers` are only reached with `condition` locked.
    private let condition = NSCondition()
    /// Each lock held: by how many writers, shared (a positive count), or by one alone (-1).
    private var held: [AdvisoryLock.Key: Int] = [:]
    private var writers = 0
    private let maximumWriters: Int

    /// - Parameter maximumWriters: how many writers may run at once.
    init(maximumWriters: Int) {
        self.maximumWriters = max(maximumWriters, 1)
    }

    /// Runs `body` holding `locks` in this process.
    func holding<T>(_ locks: [AdvisoryLock.Request], _ body: () throws -> T) throws -> T {
        condition.lock()
        while writers >= maximumWriters || locks.contains(where: conflicts) { condition.wait() }
        writers += 1
        for lock in locks { held[lock.key, default: 0] += lock.hold == .exclusive ? -1 : 1 }
        condition.unlock()
        defer {
            condition.lock()
            writers -= 1
            for lock in locks {
                let count = held[lock.key, default: 0] + (lock.hold == .exclusive ? 1 : -1)
                held[lock.key] = count == 0 ? nil : count
            }
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    private func conflicts(_ lock: AdvisoryLock.Request) -> Bool {
        guard let count = held[lock.key] else { return false }
        return lock.hold == .exclusive || count < 0
    }
}
