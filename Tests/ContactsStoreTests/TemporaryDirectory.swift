import Foundation
import ContactsStore

/// A fresh directory under /tmp, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "contacts-test-" + UUID().uuidString
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A store in this directory; a second call opens the same file again.
    func store(clock: @escaping @Sendable () -> Date = Date.init) throws -> ContactStore {
        try ContactStore(directory: path, clock: clock)
    }

    var databasePath: String { path + "/" + ContactStore.fileName }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(days: Double) { advance(seconds: days * 86_400) }

    func advance(seconds: Double) { lock.withLock { current += seconds } }

    var function: @Sendable () -> Date { { self.now } }
}
