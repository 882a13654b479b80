import Foundation
import SQLite
import TestSupport
@testable import ContactsStore

/// A store on a new SQLite file whose every transaction `log` records, and the directory it is in.
struct LoggedStore {
    let directory = TemporaryDirectory(postgresServer: nil)
    let store: ContactStore

    init(log: StatementLog) throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let path = directory.databasePath
        store = try ContactStore(clock: Date.init) { LoggedDatabase(try DatabaseQueue(path: path, migrator: ContactStore.migrator), log: log) }
    }
}
