import ContactsStore
import Foundation
import StoreOpening

/// An advisory lock (flock) on the data directory: `contacts serve` holds it shared for as long as
/// it runs, `contacts backup restore` (and `contacts migrate`, on its target) exclusively, so the
/// data is never replaced under a server that keeps some of it in memory. The lock goes with the
/// process, however it ends.
final class DataDirectoryLock {
    private let descriptor: Int32

    /// Takes the lock at once or fails with a message saying who holds it; nil for a store not
    /// in a directory, or when the directory does not exist yet (then nothing can be using it).
    static func take(_ location: StoreLocation, exclusive: Bool) throws -> DataDirectoryLock? {
        guard case .directory(let directory) = location else { return nil }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            let reason = String(cString: strerror(errno))
            throw CommandFailure { $0.cannotOpenDataDirectory(directory, reason) }
        }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            close(descriptor)
            throw CommandFailure { exclusive ? $0.serverRunning(directory) : $0.restoreRunning(directory) }
        }
        return DataDirectoryLock(descriptor: descriptor)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
