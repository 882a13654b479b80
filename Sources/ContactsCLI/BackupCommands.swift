import ContactsStore
import Foundation
import StoreOpening
import Wording

/// `contacts backup …`: one-file copies of the whole data directory, made while it is in use, and
/// putting one back.
enum BackupCommands {
    static let all: [Command] = [
        Command(words: ["backup"],
                summary: "Copy all the data (every user) into one new file, even while the server runs.",
                usage: "backup FILE|DIR", options: []) { context in
            let target = try context.arguments.positionals("FILE|DIR")[0]
            let path = isDirectory(target) ? datedPath(in: target, prefix: "contacts") : target
            let store = try context.openStore()
            // SQLite copies pages; another engine's store is copied row by row.
            let unit = if case .directory = context.location { context.catalogue.pagesUnit } else { context.catalogue.rowsUnit }
            let summary = try ProgressBar.showing(unit, context) { try store.backUp(to: path, progress: $0) }
            context.console.print(context.catalogue.backedUp(describe(summary, context), to: path, size: megabytes(summary.bytes)))
        },
        Command(words: ["backup", "restore"],
                summary: "Replace all the data with a backup (the server must be stopped); the data it replaces is kept.",
                usage: "backup restore FILE", options: []) { context in
            let path = try context.arguments.positionals("FILE")[0]
            guard case .directory(let directory) = context.location else {
                throw CommandFailure { $0.message(for: StoreError.needsSQLite) + "\n" + $0.restoreThenMigrate }
            }
            let lock = try DataDirectoryLock.take(context.location, exclusive: true)
            try withExtendedLifetime(lock) {
                let kept = datedPath(in: directory, prefix: "before-restore")
                let (summary, keptReplacedData) = try ProgressBar.showing(context.catalogue.pagesUnit, context) {
                    try ContactStore.restore(directory: directory, from: path, keepingReplacedDataAt: kept, progress: $0)
                }
                if keptReplacedData { context.console.print(context.catalogue.keptReplacedData(kept)) }
                context.console.print(context.catalogue.restored(describe(summary, context), from: path))
            }
        },
    ]

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A new file name in `directory` with the local time, sortable and safe in a file name:
    /// PREFIX-2026-12-02-223422.sqlite3 (then …-2.sqlite3 when taken in the same second).
    private static func datedPath(in directory: String, prefix: String) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd-HHmmss"
        let stem = (directory as NSString).appendingPathComponent(prefix + "-" + format.string(from: Date()))
        var path = stem + ".sqlite3"
        var number = 1
        while FileManager.default.fileExists(atPath: path) {
            number += 1
            path = stem + "-\(number).sqlite3"
        }
        return path
    }

    private static func describe(_ summary: BackupSummary, _ context: CommandContext) -> String {
        context.catalogue.backupContents(users: summary.users, contacts: summary.contacts)
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
