import ContactsStore
import Foundation

/// Where `contacts export` writes: standard output, or a file that appears whole or not at all
/// (written to a temporary file beside it, flushed to disk, then renamed into place).
final class ExportOutput {
    /// The file written, nil for standard output.
    let path: String?
    private let handle: FileHandle
    private let temporaryPath: String?

    init(path: String?, console: Console) throws {
        self.path = path
        guard let path else {
            (handle, temporaryPath) = (console.standardOutput, nil)
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        // 0600: an address book is private, like the data directory it comes from.
        let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.cannotWrite(path) }
        (handle, temporaryPath) = (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), temporary)
    }

    deinit {
        if let temporaryPath { unlink(temporaryPath) }
    }

    func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }

    /// Puts the file in place (after `fsync`); nothing to do for standard output.
    func finish() throws {
        guard let path, let temporaryPath else { return }
        try handle.synchronize()
        guard rename(temporaryPath, path) == 0 else { throw Self.cannotWrite(path) }
    }

    /// The failure to write `path`, with `errno`'s reason.
    private static func cannotWrite(_ path: String) -> CommandFailure {
        let reason = String(cString: strerror(errno))
        return CommandFailure { $0.cannotWrite(path, reason) }
    }
}
