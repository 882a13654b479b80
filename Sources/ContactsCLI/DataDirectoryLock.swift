import Foundation

/// An advisory lock (flock) on the data directory: `contacts serve` holds it shared for as long as
/// it runs, `contacts backup restore` exclusively, so a restore never replaces the data under a
/// server that keeps some of it in memory. The lock goes with the process, however it ends.
final class DataDirectoryLock {
    private let descriptor: Int32

    /// Takes the lock at once or fails with a message saying who holds it; nil when the
    /// directory does not exist yet (then nothing can be using it).
    static func take(_ directory: String, exclusive: Bool) throws -> DataDirectoryLock? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw CommandFailure(message: "cannot open the data directory \(directory): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 else {
            close(descriptor)
            throw CommandFailure(message: exclusive
                ? "a server is running on \(directory); stop it first"
                : "a restore is running on \(directory); start the server when it has finished")
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
