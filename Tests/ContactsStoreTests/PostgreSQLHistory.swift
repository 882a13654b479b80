import PostgreSQL
import SQLEngine
@testable import ContactsStore

/// PostgreSQL databases as releases before the engines shared one numbering left them: each
/// recorded its version in PostgreSQL's own history, whose first step is step 9 of the shared one.
enum PostgreSQLHistory {
    static var renumbering: Renumbering { Schema.migrator.renumberings[0] }

    /// Every version PostgreSQL's own history had.
    static var ownVersions: ClosedRange<Int> { renumbering.versions }

    static func connection(to directory: TemporaryDirectory) throws -> PostgreSQL.Connection {
        guard case .postgresql(let url) = try directory.location else { preconditionFailure("not a PostgreSQL database") }
        return try PostgreSQL.Connection(url: url)
    }

    /// Brings the empty database `db` to `version` of PostgreSQL's own history, as recorded
    /// then, and with the text columns those releases made in the database's collation.
    static func make(_ db: PostgreSQL.Connection, atOwnVersion version: Int) throws {
        try Migrator(Array(Schema.migrations.prefix(version + renumbering.offset))).migrate(db) { body in
            try db.transaction("BEGIN") { try body() }
        }
        try db.transaction("BEGIN") {
            for (table, column) in Schema.textColumnsMadeWithoutCollation
            where try db.statement("SELECT to_regclass(?) IS NOT NULL").firstRow([table], { $0.int(0) }) == 1 {
                try db.execute("ALTER TABLE \(table) ALTER COLUMN \(column) TYPE TEXT COLLATE \"default\"")
            }
            try db.setSchemaVersion(version)
        }
    }
}
