import ContactsStore
import Foundation
import PostgreSQL
import SQLite

extension ContactStore {
    /// The database file's name inside a data directory.
    public static let fileName = "contacts.sqlite3"

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
            try DatabaseQueue(path: path, migrator: Self.migrator, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
    }

    /// Opens the store at `location`, bringing its schema up to date.
    /// - Parameter busyTimeoutMilliseconds: how long an operation waits for another writer.
    ///   On PostgreSQL it bounds the wait for the database-wide write lock.
    public convenience init(at location: StoreLocation, busyTimeoutMilliseconds: Int32 = 10_000,
                            clock: @escaping @Sendable () -> Date = Date.init) throws {
        switch location {
        case .directory(let path):
            try self.init(directory: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, clock: clock)
        case .postgresql(let url):
            try self.init(clock: clock) {
                try ConnectionPool(url: url, migrator: Self.migrator, lockTimeoutMilliseconds: Int(busyTimeoutMilliseconds))
            }
        }
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
}
