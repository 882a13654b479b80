import Foundation
import PostgreSQL
import SQLEngine
import SQLite
import Testing
@testable import ContactsStore

/// Each engine's own catalogue of a store — made fresh, or migrated forward from any earlier
/// version — shows every table, column, key and index the schema's description has, and no other.
@Suite struct SchemaCatalogueTests {
    /// SQLite, and PostgreSQL when scripts/with-postgres.sh gives a server.
    static let servers: [String?] = [nil] + (TestEngine.anyPostgresServer.map { [$0] } ?? [])

    private static func expectDescribed(_ db: any SQLConnection, _ comment: String) throws {
        let catalogue = try TableShape.catalogue(of: db)
        #expect(catalogue.keys.sorted() == Schema.tables.map(\.name).sorted(), "\(comment): the tables")
        for table in Schema.tables {
            #expect(catalogue[table.name] == TableShape(described: table, on: db.dialect), "\(comment): \(table.name)")
        }
        #expect(try db.schemaVersion() == Schema.migrations.count, "\(comment): the version")
    }

    private static func counters(_ db: any SQLConnection) throws -> [String] {
        try db.statement("SELECT name, value FROM counters ORDER BY name").rows { "\($0.text(0))=\($0.int(1))" }
    }

    @Test(arguments: servers) func aFreshInstallIsTheDescription(server: String?) throws {
        let directory = TemporaryDirectory(postgresServer: server)
        _ = try directory.store()
        let db = try directory.connection()
        try Self.expectDescribed(db, "fresh")
        #expect(try Self.counters(db) == ["address_book_id=0", "contact_id=0", "credentials_generation=0", "user_id=0"])
    }

    /// From the first step's schema, the oldest there is, and from each later one.
    @Test(arguments: 1..<Schema.migrations.count) func aSQLiteFileOfAnyEarlierVersionMigratesToTheDescription(version: Int) throws {
        let directory = TemporaryDirectory(postgresServer: nil)
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        try Migrator(Array(Schema.migrations.prefix(version))).migrate(db)
        #expect(try db.schemaVersion() == version)
        _ = try directory.store()
        try Self.expectDescribed(db, "SQLite from version \(version)")
        #expect(try Self.counters(db) == ["address_book_id=0", "contact_id=0", "credentials_generation=0", "user_id=0"])
    }

    /// From each version of PostgreSQL's own earlier numbering, the first (the oldest) included.
    @Test(.enabled(if: TestEngine.anyPostgresServer != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"),
          arguments: PostgreSQLHistory.ownVersions)
    func aPostgreSQLDatabaseOfAnyEarlierVersionMigratesToTheDescription(version: Int) throws {
        let directory = TemporaryDirectory(postgresServer: TestEngine.anyPostgresServer)
        let db = try PostgreSQLHistory.connection(to: directory)
        try PostgreSQLHistory.make(db, atOwnVersion: version)
        _ = try directory.store()
        try Self.expectDescribed(db, "PostgreSQL from its own version \(version)")
    }

    /// Two servers starting at once on a database of PostgreSQL's own numbering: one
    /// translates it and migrates, the other waits and finds it current.
    @Test(.enabled(if: TestEngine.anyPostgresServer != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"))
    func twoServersStartingAtOnceRenumberOnce() async throws {
        let directory = TemporaryDirectory(postgresServer: TestEngine.anyPostgresServer)
        let db = try PostgreSQLHistory.connection(to: directory)
        try PostgreSQLHistory.make(db, atOwnVersion: 1)
        try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (1, 'alice', 'alice', 'x', 0)")
        let location = try directory.location
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 { group.addTask { _ = try ContactStore(at: location) } }
            try await group.waitForAll()
        }
        try Self.expectDescribed(db, "PostgreSQL opened twice at once")
        #expect(try db.statement("SELECT username FROM users").rows { $0.text(0) } == ["alice"])
    }
}
