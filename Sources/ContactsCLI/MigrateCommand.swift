import ContactsStore
import StoreOpening
import Wording

/// `contacts migrate`: the whole store copied into a new, empty one, on PostgreSQL or SQLite.
enum MigrateCommand {
    static let command = Command(
        words: ["migrate"], summary: "Copy all the data (every user) into a new, empty PostgreSQL database or data directory.",
        usage: "migrate --to URL|DIR", options: [.value("--to")],
        notes: """
            URL is postgresql://USER:PASSWORD@HOST:PORT/DATABASE (or postgres://…); anything else is
            a data directory. The copy is read from one snapshot of the current store (--data or
            --database), which it leaves as it is, and written in one transaction: all of it or
            nothing. Stop the server first, so that nothing written meanwhile is left behind (on a data
            directory a running server is detected and the migration refused); then run it on the
            new store. Sync clients carry on where they left off, and passwords, app
            passwords and sessions keep working.
            """
    ) { context in
        _ = try context.arguments.positionals()
        let target = StoreLocation(try context.arguments.required("--to"))
        // A server still running on a source directory could acknowledge a write after the
        // snapshot, which the new store would not have: refused, as a restore is.
        let sourceLock = try DataDirectoryLock.take(context.location, exclusive: true)
        let source = try context.openStore()
        let destination = try context.openStore(at: target)
        let lock = try DataDirectoryLock.take(target, exclusive: true)
        let summary = try withExtendedLifetime((sourceLock, lock)) {
            try ProgressBar.showing(context.catalogue.rowsUnit, context) { try source.copyEverything(to: destination, progress: $0) }
        }
        context.console.print(context.catalogue.migrated(users: summary.users, contacts: summary.contacts,
                                                         sentCards: summary.sentCards, changes: summary.changes, to: "\(target)"))
        context.console.print(context.catalogue.clientsKeepSyncing)
    }
}
