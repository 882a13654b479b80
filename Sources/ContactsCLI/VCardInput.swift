import ContactsStore
import Foundation
import VCard

/// A vCard file, or standard input (`-`), opened for import.
final class VCardInput {
    /// The name failures are reported under: the path, or "stdin".
    let name: String
    /// How many cards the file holds (its BEGIN:VCARD lines), counted up front for the progress
    /// bar; nil for standard input, which can be read only once.
    let cardCount: Int?
    private let handle: FileHandle
    private var readError: (any Error)?

    /// Opens the file; throws a `CommandFailure` naming it when it cannot be read.
    init(path: String) throws {
        if path == "-" {
            (name, handle, cardCount) = ("stdin", .standardInput, nil)
            return
        }
        name = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure { $0.cannotReadFile(path) }
        }
        self.handle = handle
        cardCount = try Self.countCards(in: handle)
        try handle.seek(toOffset: 0)
    }

    /// A reader that pulls the file 64 KiB at a time.
    func reader() -> VCardReader {
        VCardReader { [self] in
            do {
                return try handle.read(upToCount: 65_536).map(Array.init)
            } catch {
                readError = error
                return nil
            }
        }
    }

    /// Throws when reading stopped on an I/O error rather than at the end of the file.
    func checkRead() throws {
        if let readError {
            let (name, reason) = (name, readError.localizedDescription)
            throw CommandFailure { $0.readFailed(name, reason) }
        }
    }

    /// Counts lines that start with BEGIN:VCARD (any case), without decoding anything.
    private static func countCards(in handle: FileHandle) throws -> Int {
        let marker = Array("BEGIN:VCARD".utf8)
        var count = 0
        var matched = 0
        var atLineStart = true
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { bytes in
                for byte in bytes {
                    if matched > 0 || atLineStart, matched < marker.count, byte & 0xDF == marker[matched] & 0xDF {
                        matched += 1
                        if matched == marker.count { count += 1 }
                    } else {
                        matched = 0
                    }
                    atLineStart = byte == UInt8(ascii: "\n")
                }
            }
        }
        return count
    }
}
