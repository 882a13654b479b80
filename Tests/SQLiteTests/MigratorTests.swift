import Foundation
import Testing
import SQLEngine
@testable import SQLite

@Suite struct MigratorTests {
    let path = NSTemporaryDirectory() + "migrator-\(UUID().uuidString).sqlite3"

    let migrator = Migrator([
        Migration("create t") { try $0.execute("CREATE TABLE t (x INTEGER)") },
        Migration("add y") { try $0.execute("ALTER TABLE t ADD COLUMN y TEXT") },
    ])

    @Test func appliesAllMigrationsToAnEmptyFile() throws {
        let database = try Database(path: path)
        try migrator.migrate(database)
        #expect(try database.schemaVersion() == 2)
        try database.run("INSERT INTO t (x, y) VALUES (?, ?)", 1, "one")
        #expect(try database.statement("SELECT y FROM t").firstRow { $0.text(0) } == "one")
    }

    @Test func migratingTwiceChangesNothing() throws {
        let database = try Database(path: path)
        try migrator.migrate(database)
        try database.run("INSERT INTO t (x) VALUES (1)")
        try migrator.migrate(database)
        try migrator.migrate(try Database(path: path))
        #expect(try database.schemaVersion() == 2)
        #expect(try database.statement("SELECT count(*) FROM t").firstRow { $0.int(0) } == 1)
    }

    @Test func appliesOnlyTheMissingOnes() throws {
        let database = try Database(path: path)
        try Migrator(Array(migrator.migrations.prefix(1))).migrate(database)
        #expect(try database.schemaVersion() == 1)
        try migrator.migrate(database)
        #expect(try database.schemaVersion() == 2)
    }

    @Test func aFailingMigrationLeavesNoTrace() throws {
        let database = try Database(path: path)
        let broken = Migrator(migrator.migrations + [Migration("broken") { db in
            try db.execute("CREATE TABLE u (x INTEGER)")
            try db.execute("THIS IS NOT SQL")
        }])
        #expect(throws: DatabaseError.self) { try broken.migrate(database) }
        #expect(try database.schemaVersion() == 2)
        #expect(try database.statement("SELECT count(*) FROM sqlite_master WHERE name = 'u'").firstRow { $0.int(0) } == 0)
    }

    @Test func refusesAFileFromANewerVersion() throws {
        let database = try Database(path: path)
        try database.execute("PRAGMA user_version = 7")
        #expect(throws: MigrationError.newerSchema(version: 7, known: 2)) { try migrator.migrate(database) }
    }

    @Test func anEmptyFileIsMadeFreshAtTheLatestVersionAndAnotherIsMigrated() throws {
        let fresh = Migrator(migrator.migrations, freshInstall: { try $0.execute("CREATE TABLE t (x INTEGER, y TEXT, fresh INTEGER)") })
        let database = try Database(path: path)
        try fresh.migrate(database)
        #expect(try database.schemaVersion() == 2)
        #expect(try database.statement("SELECT count(*) FROM pragma_table_info('t') WHERE name = 'fresh'").firstRow { $0.int(0) } == 1)
        let older = try Database(path: path + "-older")
        defer { try? FileManager.default.removeItem(atPath: path + "-older") }
        try Migrator(Array(migrator.migrations.prefix(1))).migrate(older)
        try fresh.migrate(older)
        #expect(try older.statement("SELECT group_concat(name) FROM pragma_table_info('t')").firstRow { $0.text(0) } == "x,y")
    }

    @Test func stepsOfAnotherEngineArePassedByAndNeverRecorded() throws {
        let later = Migrator([
            Migration("only elsewhere", on: [.postgresql]) { _ in Issue.record("applied on SQLite") },
            Migration("create t") { try $0.execute("CREATE TABLE t (x INTEGER)") },
        ])
        let database = try Database(path: path)
        try later.migrate(database)
        #expect(try database.schemaVersion() == 2)
        try later.migrate(database)
        #expect(try database.schemaVersion() == 2)
    }

    @Test func aVersionOfAnEarlierNumberingIsTranslatedThenMigrated() throws {
        let database = try Database(path: path)
        try Migrator(Array(migrator.migrations.prefix(1))).migrate(database)
        // Recorded as 7 under a numbering 6 ahead of the shared one.
        try database.execute("PRAGMA user_version = 7")
        let renumbered = Migrator(migrator.migrations, renumberings: [Renumbering(.sqlite, versions: 7...7, offset: -6)])
        try renumbered.migrate(database)
        #expect(try database.schemaVersion() == 2)
        #expect(try database.statement("SELECT group_concat(name) FROM pragma_table_info('t')").firstRow { $0.text(0) } == "x,y")
        try renumbered.migrate(database)
        #expect(try database.schemaVersion() == 2)
    }

    @Test func aVersionOfAnEarlierNumberingIsRecordedAnewOnlyWithTheNextStep() throws {
        // Versions 1 and 2 of an earlier numbering are 2 and 3 of the shared one, so a shared 2
        // recorded alone would be read as the earlier 2 (the shared 3) again, and step 3 skipped.
        let renumbering = [Renumbering(.sqlite, versions: 1...2, offset: 1)]
        let steps = migrator.migrations + [Migration("add z") { try $0.execute("ALTER TABLE t ADD COLUMN z TEXT") }]
        let database = try Database(path: path)
        try Migrator(Array(steps.prefix(2))).migrate(database)
        try database.execute("PRAGMA user_version = 1")
        let failing = Migrator(Array(steps.prefix(2)) + [Migration("fails") { _ in throw DatabaseError(code: 1, message: "stop", sql: "") }],
                               renumberings: renumbering)
        #expect(throws: DatabaseError.self) { try failing.migrate(database) }
        #expect(try database.schemaVersion() == 1, "still in the earlier numbering")
        try Migrator(steps, renumberings: renumbering).migrate(database)
        #expect(try database.schemaVersion() == 3)
        #expect(try database.statement("SELECT group_concat(name) FROM pragma_table_info('t')").firstRow { $0.text(0) } == "x,y,z")
    }

    @Test func opensInWALModeWithForeignKeys() throws {
        let database = try Database(path: path)
        #expect(try database.statement("PRAGMA journal_mode").firstRow { $0.text(0) } == "wal")
        #expect(try database.statement("PRAGMA foreign_keys").firstRow { $0.int(0) } == 1)
    }

    @Test func errorsCarryTheSQLButNotTheValues() throws {
        let database = try Database(path: path)
        try database.execute("CREATE TABLE s (secret TEXT UNIQUE)")
        try database.run("INSERT INTO s VALUES (?)", "hunter2")
        let error = try #require(throws: DatabaseError.self) { try database.run("INSERT INTO s VALUES (?)", "hunter2") }
        #expect(error.isConstraintViolation)
        #expect(error.sql == "INSERT INTO s VALUES (?)")
        #expect(!error.description.contains("hunter2"))
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (x INTEGER)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.transaction("BEGIN IMMEDIATE") {
                try database.run("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try database.statement("SELECT count(*) FROM t").firstRow { $0.int(0) } == 0)
    }
}
