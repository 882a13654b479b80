import ContactsStore
import Foundation
import SQLEngine
import SQLite

/// What a backup file holds, counted in the file itself.
public struct BackupSummary: Sendable, Equatable {
    public let users: Int
    /// Contacts not in the trash, in every address book of every user.
    public let contacts: Int
    /// The file's size.
    public let bytes: Int64
}

extension ContactStore {
    /// Writes a consistent copy of the whole store (every user, contact, card, session and
    /// setting) to a new single file at `path`, mode 0600, while others keep using the store.
    /// The copy is written under a temporary name, checked with `PRAGMA integrity_check`, synced,
    /// and only then given its name; an existing file is never replaced. A SQLite store is copied
    /// page by page; a store on another engine row by row (`copyEverything`) into a new SQLite store.
    ///
    /// - Parameter progress: called with the database pages copied so far and the total (rows,
    ///   for a store not on SQLite).
    public func backUp(to path: String, progress: (_ copiedPages: Int, _ totalPages: Int) -> Void = { _, _ in }) throws -> BackupSummary {
        guard !FileManager.default.fileExists(atPath: path) else { throw StoreError.backupExists(path: path) }
        let partial = path + ".partial-\(getpid())"
        let descriptor = open(partial, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.cannotWriteBackup(path: path, reason: String(cString: strerror(errno))) }
        close(descriptor)
        do {
            let summary = try Self.fill(partial) { destination in
                if let sqlite = database as? DatabaseQueue {
                    try sqlite.snapshot { try $0.copy(over: destination, progress: progress) }
                } else {
                    // Closed when the copy returns: `fill` then has the file to itself.
                    _ = try copyEverything(to: ContactStore(path: partial), progress: progress)
                }
            }
            try Self.sync(partial)
            guard !FileManager.default.fileExists(atPath: path) else { throw StoreError.backupExists(path: path) }
            guard rename(partial, path) == 0 else { throw StoreError.cannotWriteBackup(path: path, reason: String(cString: strerror(errno))) }
            let directory = (path as NSString).deletingLastPathComponent
            try Self.sync(directory.isEmpty ? "." : directory)
            return summary
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(partial + suffix) }
            throw error
        }
    }

    /// Replaces everything in the store in `directory` (created if needed) with the backup at
    /// `path`, in one transaction, then brings its schema up to date, signs every session out
    /// (the backup's sessions may be ones revoked since) and gives every address book a new salt:
    /// clients' sync tokens and ETags from before the restore name a history the backup does not
    /// have, so their tokens are refused (they sync from scratch) and their ETags match no card.
    /// Nothing may have the store open for the while: the server keeps in memory what the
    /// restore replaces.
    ///
    /// - Parameter keptPath: where to back up the data being replaced first, once the backup has
    ///   passed its checks, unless the store has no user (nothing to lose).
    /// - Returns: what was restored, and whether the replaced data was kept at `keptPath`.
    /// - Throws: `StoreError.notABackup` when the file is not a sound PersonalContacts database,
    ///   `MigrationError.newerSchema` when a newer release wrote it; the store is then untouched.
    public static func restore(directory: String, from path: String, keepingReplacedDataAt keptPath: String,
                               progress: (_ copiedPages: Int, _ totalPages: Int) -> Void = { _, _ in }) throws
        -> (restored: BackupSummary, keptReplacedData: Bool) {
        let live = (directory as NSString).appendingPathComponent(fileName)
        guard (path as NSString).resolvingSymlinksInPath != (live as NSString).resolvingSymlinksInPath else {
            throw StoreError.notABackup(path: path, reason: .isTheDataDirectory)
        }
        let backup = try openBackup(path)
        let store = try ContactStore(directory: directory)
        let keep = try !store.users().isEmpty
        if keep { _ = try store.backUp(to: keptPath, progress: progress) }
        let restored = try store.sqliteQueue().withWriter { database in
            try backup.copy(over: database, progress: progress)
            try migrator.migrate(database)
            return try summary(of: database, path: live)
        }
        try store.forgetSessionsAndSyncHistory()
        return (restored, keep)
    }

    /// Opens `path` for reading after checking that it is a sound PersonalContacts database this
    /// release can read.
    private static func openBackup(_ path: String) throws -> Database {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StoreError.notABackup(path: path, reason: FileManager.default.fileExists(atPath: path) ? .unreadable : .noSuchFile)
        }
        let backup: Database
        let version: Int
        let problems: [String]
        do {
            backup = try Database(readingOnly: path)
            version = try backup.schemaVersion()
            let tables = try backup.statement("SELECT name FROM sqlite_schema WHERE type = 'table'").rows { $0.text(0) }
            guard version > 0, ["users", "address_books", "contacts"].allSatisfy(tables.contains) else {
                throw StoreError.notABackup(path: path, reason: .otherDatabase)
            }
            let known = migrator.migrations.count
            guard version <= known else {
                throw MigrationError.newerSchema(version: version, known: known)
            }
            problems = try backup.integrityProblems()
        } catch let error as DatabaseError {
            throw StoreError.notABackup(path: path, reason: .notADatabase(error.message))
        }
        guard problems.isEmpty else {
            throw StoreError.notABackup(path: path, reason: .damaged(problems))
        }
        return backup
    }

    /// Opens the empty file at `path`, lets `copy` fill it, turns it into one self-contained file
    /// (no write-ahead log beside it) and checks it.
    private static func fill(_ path: String, copy: (Database) throws -> Void) throws -> BackupSummary {
        do {
            let destination = try Database(path: path)
            try copy(destination)
            try destination.execute("PRAGMA journal_mode = DELETE")
            let problems = try destination.integrityProblems()
            guard problems.isEmpty else {
                throw StoreError.backupDamaged(path: path, problems: problems)
            }
            return try summary(of: destination, path: path)
        } catch let error as DatabaseError {
            throw StoreError.cannotWriteBackup(path: path, reason: error.message)
        }
    }

    private static func summary(of database: Database, path: String) throws -> BackupSummary {
        let users = try database.statement("SELECT count(*) FROM users").firstRow { $0.int(0) } ?? 0
        let contacts = try database.statement("SELECT count(*) FROM contacts WHERE deleted_at IS NULL").firstRow { $0.int(0) } ?? 0
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        return BackupSummary(users: users, contacts: contacts, bytes: bytes)
    }

    /// fsync: the file's (or directory's) data reaches the disk before anything relies on it.
    private static func sync(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.cannotWriteBackup(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw StoreError.cannotWriteBackup(path: path, reason: String(cString: strerror(errno))) }
    }
}

extension ContactStore {
    /// The SQLite database behind the store, for what only a SQLite store does; a PostgreSQL
    /// store is refused with `StoreError.needsSQLite`.
    func sqliteQueue() throws -> DatabaseQueue {
        guard let sqlite = database as? DatabaseQueue else { throw StoreError.needsSQLite }
        return sqlite
    }
}
