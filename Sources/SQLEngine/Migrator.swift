/// Applies a named, ordered list of migrations; the schema version counts those applied, in one
/// numbering every engine shares.
public struct Migrator: Sendable {
    public let migrations: [Migration]
    /// Makes the latest schema in an empty database at once, as the migrations would leave it;
    /// nil to go through them.
    public let freshInstall: (@Sendable (any SQLConnection) throws -> Void)?
    /// Earlier numberings of engines' versions, read as the shared one.
    public let renumberings: [Renumbering]

    public init(_ migrations: [Migration], freshInstall: (@Sendable (any SQLConnection) throws -> Void)? = nil,
                renumberings: [Renumbering] = []) {
        self.migrations = migrations
        self.freshInstall = freshInstall
        self.renumberings = renumberings
    }

    /// Makes an empty database's schema, or applies every migration of the connection's engine
    /// not yet applied, each in its own transaction begun by `transaction` (which also keeps
    /// other processes out: they wait, then find the version current).
    ///
    /// A version of an earlier numbering is recorded in the shared one only with the next step
    /// applied (or alone when none is left), never by itself: a shared number it translates to
    /// may also be one of the earlier numbering, and is then read as that again.
    /// - Throws: `MigrationError.newerSchema` when the database was written by a newer release.
    public func migrate(_ connection: any SQLConnection,
                        inTransaction transaction: (() throws -> Void) throws -> Void) throws {
        let dialect = connection.dialect
        if try connection.schemaVersion() == 0, let freshInstall {
            try transaction {
                guard try connection.schemaVersion() == 0 else { return }
                try freshInstall(connection)
                try connection.setSchemaVersion(migrations.count)
            }
        }
        let applied = try sharedVersion(connection)
        // The version a database of this engine is at before each of its steps.
        var previous = 0
        for (index, migration) in migrations.enumerated() where migration.dialects.contains(dialect) {
            defer { previous = index + 1 }
            guard index >= applied else { continue }
            let before = previous
            try transaction {
                guard try sharedVersion(connection) == before else { return }
                try migration.apply(connection)
                try connection.setSchemaVersion(index + 1)
            }
        }
        if try connection.schemaVersion() != sharedVersion(connection) {
            try transaction { try connection.setSchemaVersion(try sharedVersion(connection)) }
        }
    }

    /// The database's version in the shared numbering, which must be one these migrations know.
    private func sharedVersion(_ connection: any SQLConnection) throws -> Int {
        let recorded = try connection.schemaVersion()
        let version = renumberings.lazy.compactMap { $0.sharedVersion(of: recorded, on: connection.dialect) }.first ?? recorded
        guard version <= migrations.count else { throw MigrationError.newerSchema(version: version, known: migrations.count) }
        return version
    }
}
