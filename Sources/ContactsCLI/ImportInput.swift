import ContactCSV
import ContactsStore
import Foundation
import VCard

/// A file to import, or standard input (`-`): vCards, or a contact CSV told by its content
/// (or its `.csv` name).
final class ImportInput {

    /// The name failures are reported under: the path, or "stdin".
    let name: String
    /// How many cards a vCard file holds (its BEGIN:VCARD lines), counted up front for the
    /// progress bar; nil for standard input, which can be read only once, and for CSV.
    let cardCount: Int?
    private let handle: FileHandle
    /// The input's first bytes, read already.
    private let head: [UInt8]
    /// Whether the input is read as a contact CSV file (else as vCards).
    let isCSV: Bool
    private var readError: (any Error)?

    /// Opens the file and reads its first bytes; throws a `CommandFailure` naming it when it cannot
    /// be read, or when it is plainly something else (an image, a PDF, an archive…).
    init(path: String) throws {
        if path == "-" {
            (name, handle) = ("stdin", .standardInput)
        } else {
            name = path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let handle = FileHandle(forReadingAtPath: path) else {
                throw CommandFailure { $0.cannotReadFile(path) }
            }
            self.handle = handle
        }
        head = try Self.read(handle, upTo: ImportFile.headSize, name: name)
        if let format = ForeignFormat(head: head) { throw CommandFailure { [name] in $0.notAContactsFile(name, format) } }
        isCSV = ImportFile.isCSV(head: head, fileName: path)
        if path == "-" || isCSV {
            cardCount = nil
        } else {
            try handle.seek(toOffset: 0)
            cardCount = try Self.countCards(in: handle)
            try handle.seek(toOffset: UInt64(head.count))
        }
    }

    /// The input's cards: a vCard reader pulling the file 64 KiB at a time, or a CSV file's
    /// rows (the file read whole, up to just past `ContactCSV.maximumBytes`, which the CSV
    /// reader then refuses).
    func source() throws -> any ImportSource {
        if isCSV {
            let rest = try Self.read(handle, upTo: ContactCSV.maximumBytes + 1 - head.count, name: name)
            return CSVImportSource(bytes: head + rest)
        }
        var pending: [UInt8]? = head
        return VCardReader { [self] in
            if let first = pending {
                pending = nil
                if !first.isEmpty { return first }
            }
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

    /// Up to `count` bytes, fewer only at the end of the input.
    private static func read(_ handle: FileHandle, upTo count: Int, name: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            while bytes.count < count, let chunk = try handle.read(upToCount: min(count - bytes.count, 1 << 20)), !chunk.isEmpty {
                bytes += chunk
            }
        } catch {
            let reason = error.localizedDescription
            throw CommandFailure { $0.readFailed(name, reason) }
        }
        return bytes
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
