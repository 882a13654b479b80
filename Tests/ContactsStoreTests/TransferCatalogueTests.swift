import Foundation
import SQLEngine
import StoreOpening
import Testing
@testable import ContactsStore

/// A copy between stores carries every table and column the engine's catalogue lists, whatever
/// feature added it, and refuses a target whose tables differ before writing anything.
@Suite struct TransferCatalogueTests {
    let source = TemporaryDirectory()
    let target = TemporaryDirectory()

    @Test func everyTableAndColumnTheCatalogueListsIsCopied() throws {
        let store = try source.store()
        _ = try RichStore(in: store)
        let before = try StoredRows(of: store)
        for (table, columns) in before.columns {
            let records = before.records(of: table)
            #expect(!records.isEmpty, "the fixture leaves \(table) empty: the copy of its rows goes untested")
            for column in columns {
                #expect(records.contains { $0[column] != .null }, "the fixture leaves \(table).\(column) NULL in every row")
            }
        }
        let copy = try target.store()
        let summary = try store.copyEverything(to: copy)
        let after = try StoredRows(of: copy)
        #expect(after.columns == before.columns, "the same tables and columns")
        for table in before.columns.keys.sorted() {
            #expect(after.rows[table] == before.rows[table], "every row of \(table), every column")
        }
        #expect(summary.rows == before.rows.mapValues(\.count), "the summary counts every table")
    }

    @Test(arguments: [("ALTER TABLE contacts ADD COLUMN mood TEXT", "column contacts.mood only in the target"),
                      ("DROP TABLE group_members", "table group_members missing from the target")])
    func aTargetWhoseTablesDifferIsRefusedAndLeftAsItWas(change: String, difference: String) throws {
        let store = try source.store()
        _ = try RichStore(in: store)
        let copy = try target.store()
        try copy.queue.write(.database) { try $0.execute(change) }
        let before = try StoredRows(of: copy)
        #expect(throws: StoreError.schemasDiffer([difference])) { try store.copyEverything(to: copy) }
        #expect(try StoredRows(of: copy) == before)
    }
}

/// A whole installation moved SQLite → PostgreSQL, backed up from PostgreSQL and restored, and
/// moved back to a SQLite data directory: at each step every row of every table the catalogue
/// lists, and what each account sees, are as they were, and a merge can still be undone.
@Suite(.enabled(if: TestEngine.anyPostgresServer != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"))
struct EngineRoundTripTests {
    let onSQLite = TemporaryDirectory(postgresServer: nil)
    let onPostgreSQL = TemporaryDirectory(postgresServer: TestEngine.anyPostgresServer)
    let backToSQLite = TemporaryDirectory(postgresServer: nil)
    let restored = TemporaryDirectory(postgresServer: nil)

    private func views(_ store: ContactStore) throws -> [AccountView] {
        try ["alice", "bob"].map { try AccountView(of: $0, in: store) }
    }

    private func expectSame(_ store: ContactStore, as rows: StoredRows, _ views: [AccountView], _ step: Comment) throws {
        let copied = try StoredRows(of: store)
        for table in rows.columns.keys.sorted() {
            #expect(copied.columns[table] == rows.columns[table], "\(step): the columns of \(table)")
            #expect(copied.rows[table] == rows.rows[table], "\(step): every row of \(table)")
        }
        #expect(copied.columns.keys.sorted() == rows.columns.keys.sorted(), step)
        #expect(try self.views(store) == views, step)
    }

    @Test func everythingSurvivesTheTripAndBack() throws {
        let original = try onSQLite.store()
        let facts = try RichStore(in: original)
        let rows = try StoredRows(of: original)
        let views = try views(original)

        let postgres = try onPostgreSQL.store()
        _ = try original.copyEverything(to: postgres)
        try expectSame(postgres, as: rows, views, "SQLite to PostgreSQL")

        try FileManager.default.createDirectory(atPath: backToSQLite.path, withIntermediateDirectories: true)
        let backup = backToSQLite.path + "/backup.sqlite3"
        _ = try postgres.backUp(to: backup)
        try expectSame(try ContactStore(path: backup), as: rows, views, "PostgreSQL's backup")

        // A restore signs everyone out and gives each book a new salt (clients sync afresh): the rest is as it was.
        _ = try ContactStore.restore(directory: restored.path, from: backup, keepingReplacedDataAt: restored.path + "/kept.sqlite3")
        let fromBackup = try restored.store()
        let restoredRows = try StoredRows(of: fromBackup)
        #expect(restoredRows.rows["sessions"] == [])
        let salts = rows.records(of: "address_books").compactMap { $0["sync_salt"] }
        #expect(!restoredRows.records(of: "address_books").contains { salts.contains($0["sync_salt"] ?? .null) }, "new salts")
        let unchanged: Set<String> = ["address_books.sync_salt"]
        #expect(restoredRows.without(columns: unchanged) == rows.without(columns: unchanged, rowsOf: ["sessions"]))
        #expect(try self.views(fromBackup).map(\.books) == views.map(\.books), "what each account sees, after a restore")

        let back = try backToSQLite.store()
        _ = try postgres.copyEverything(to: back)
        try expectSame(back, as: rows, views, "PostgreSQL back to SQLite")
        for store in [back, fromBackup, postgres] {
            let home = try store.defaultAddressBook(for: facts.alice)
            #expect(try store.trash(in: home).contains { $0.contact.id == facts.mergedAway })
            _ = try store.undoMerge(into: facts.merged, in: home)
            #expect(try store.contact(id: facts.mergedAway, in: home).details.name == "Ann Lee", "the merge is undone")
        }
    }
}
