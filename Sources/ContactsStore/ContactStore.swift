import Foundation
import SQLEngine
import SQLite

/// The persistent address books of every user, in one SQLite file or one PostgreSQL database.
///
/// Every contact operation takes an `AddressBookScope`, which only the store hands out for a user,
/// so no call path reads or writes another user's contacts.
public final class ContactStore: Sendable {
    /// Contacts stay restorable in the trash this long.
    public static let trashRetention: TimeInterval = 30 * 24 * 3600
    /// The database file's name inside a data directory.
    public static let fileName = "contacts.sqlite3"

    let queue: StoreQueue
    let searchIndex = SearchIndex()
    let clock: @Sendable () -> Date

    /// Opens the store in `directory`, creating the directory (mode 0700) and the database
    /// (mode 0600) on first use and bringing the schema up to date.
    /// - Parameter busyTimeoutMilliseconds: how long an operation waits for another process's
    ///   lock on the file before it fails with `StoreError.busy`.
    public convenience init(directory: String, busyTimeoutMilliseconds: Int32 = 10_000,
                            clock: @escaping @Sendable () -> Date = Date.init) throws {
        try Self.createPrivateDirectory(directory)
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        // O_EXCL: never open (and so close) an existing file here. Closing any descriptor of the
        // file drops every POSIX lock this process holds on it, those of another open store
        // included, and another process could then take itself for the last connection and
        // delete the WAL under that store.
        let descriptor = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw StoreError.cannotCreateDataDirectory(path: path, reason: String(cString: strerror(errno)))
        }
        try self.init(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, clock: clock)
    }

    /// Opens the store in the database file at `path`.
    public convenience init(path: String, busyTimeoutMilliseconds: Int32 = 10_000, clock: @escaping @Sendable () -> Date = Date.init) throws {
        try self.init(clock: clock) {
            try DatabaseQueue(path: path, migrator: Schema.migrator, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    init(clock: @escaping @Sendable () -> Date, opening database: () throws -> any SQLDatabase) throws {
        queue = try StoreQueue(opening: database)
        self.clock = clock
    }

    private static func createPrivateDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StoreError.dataDirectoryIsAFile(path: directory)
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotCreateDataDirectory(path: directory, reason: error.localizedDescription)
        }
    }

    /// Now, in the store's integer form: milliseconds since 1970.
    func now() -> Int64 { Self.milliseconds(clock()) }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// Runs SQLite's own consistency check; "ok" when the file is sound. PostgreSQL checks its
    /// own pages as it reads them, so there it answers "ok".
    public func integrityCheck() throws -> String {
        guard let sqlite = queue.database as? DatabaseQueue else { return "ok" }
        return try StoreQueue.translatingErrors {
            try sqlite.withWriter { db in try db.statement("PRAGMA integrity_check").rows { $0.text(0) }.joined(separator: "\n") }
        }
    }
}
