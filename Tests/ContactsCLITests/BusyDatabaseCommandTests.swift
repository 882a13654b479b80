import ContactsStore
import Foundation
import SQLite
import StoreOpening
import Testing

/// A command meeting a database another process has locked, as a running server's write would.
@Suite struct BusyDatabaseCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
    }

    @Test func aBusyDatabaseIsOneClearLineAndExitStatus75() throws {
        defer { cli.removeData() }
        let other = try Database(path: cli.dataDirectory + "/" + ContactStore.fileName)
        try other.execute("BEGIN EXCLUSIVE")
        let busy = try cli.run(["add", "--user", "alice", "--name", "Ann", "--phone", "123"],
                               environment: ["CONTACTS_BUSY_TIMEOUT_MS": "50"])
        #expect(busy.status == 75)
        #expect(busy.error == "contacts: the database is busy (another program is writing to it) or out of reach; try again in a moment\n")
        #expect(busy.output.isEmpty)
        try other.execute("COMMIT")
        let added = try cli.run(["add", "--user", "alice", "--name", "Ann", "--phone", "123"],
                                environment: ["CONTACTS_BUSY_TIMEOUT_MS": "50"])
        #expect(added.status == 0, "\(added.error)")
    }
}
