import Foundation
import Synchronization

/// Lines for a file descriptor, written in batches rather than one `write` per line: at
/// thousands of requests a second, the access log's write was a system call per request.
/// What is pending goes out once it passes `batchBytes`, every tenth of a second, when a
/// server stops and at exit. Lines keep their order and are never split; a writer that finds
/// the batch full waits for it to be written, so a blocked descriptor holds logging back rather
/// than let memory grow.
final class BufferedLog: Sendable {
    /// Standard error's.
    static let standardError = BufferedLog(descriptor: STDERR_FILENO)

    private static let batchBytes = 16 * 1024
    private static let flushMicroseconds: useconds_t = 100_000

    private let descriptor: Int32
    private let pending = Mutex<[UInt8]>([])
    /// Held while a batch is written, so that batches go out in the order they were taken.
    private let writing = Mutex<Void>(())

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        Thread.detachNewThread { [self] in
            while true {
                usleep(Self.flushMicroseconds)
                flush()
            }
        }
        atexit { BufferedLog.standardError.flush() }
    }

    /// Adds `line` and a line break.
    func append(_ line: String) {
        let isFull = pending.withLock { pending in
            pending.append(contentsOf: line.utf8)
            pending.append(UInt8(ascii: "\n"))
            return pending.count >= Self.batchBytes
        }
        if isFull { flush() }
    }

    /// Writes what is pending.
    func flush() {
        writing.withLock { _ in
            var batch: [UInt8] = []
            pending.withLock { swap(&batch, &$0) }
            batch.withUnsafeBytes { bytes in
                var written = 0
                while written < bytes.count {
                    let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    written += count
                }
            }
        }
    }
}
