import ContactsStore
import Foundation

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
            let summary = try withPageProgress(context) { try store.backUp(to: path, progress: $0) }
            context.console.print(context.catalogue.backedUp(describe(summary, context), to: path, size: megabytes(summary.bytes)))
        },
        Command(words: ["backup", "restore"],
                summary: "Replace all the data with a backup (the server must be stopped); the data it replaces is kept.",
                usage: "backup restore FILE", options: []) { context in
            let path = try context.arguments.positionals("FILE")[0]
            let lock = try DataDirectoryLock.take(context.dataDirectory, exclusive: true)
            try withExtendedLifetime(lock) {
                let kept = datedPath(in: context.dataDirectory, prefix: "before-restore")
                let (summary, keptReplacedData) = try withPageProgress(context) {
                    try ContactStore.restore(directory: context.dataDirectory, from: path, keepingReplacedDataAt: kept, progress: $0)
                }
                if keptReplacedData { context.console.print(context.catalogue.keptReplacedData(kept)) }
                context.console.print(context.catalogue.restored(describe(summary, context), from: path))
            }
        },
    ]

    /// Runs `body` with a progress callback that draws the database pages copied on a terminal.
    private static func withPageProgress<T>(_ context: CommandContext, _ body: (_ progress: (Int, Int) -> Void) throws -> T) rethrows -> T {
        var bar = ProgressBar(total: nil, unit: context.catalogue.pagesUnit, catalogue: context.catalogue,
                              output: context.console.standardError)
        defer { bar.finish() }
        return try body { copied, total in
            bar.total = total
            bar.update(done: copied)
        }
    }

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
