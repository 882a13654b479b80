/// One step of a schema's history.
public struct Migration: Sendable {
    public let name: String
    public let apply: @Sendable (any SQLConnection) throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (any SQLConnection) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}

/// Applies a named, ordered list of migrations; the schema version counts those applied.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Applies every migration not yet applied, each in its own transaction begun by `transaction`
    /// (which also keeps other processes out: they wait, then find the version current).
    /// - Throws: `MigrationError.newerSchema` when the database was written by a newer release.
    public func migrate(_ connection: any SQLConnection,
                        inTransaction transaction: (() throws -> Void) throws -> Void) throws {
        let applied = try connection.schemaVersion()
        guard applied <= migrations.count else {
            throw MigrationError.newerSchema(version: applied, known: migrations.count)
        }
        for (index, migration) in migrations.enumerated().dropFirst(applied) {
            try transaction {
                let current = try connection.schemaVersion()
                guard current <= migrations.count else {
                    throw MigrationError.newerSchema(version: current, known: migrations.count)
                }
                guard current == index else { return }
                try migration.apply(connection)
                try connection.setSchemaVersion(index + 1)
            }
        }
    }
}

/// Why a database could not be brought to the current schema.
public enum MigrationError: Error, Sendable, Equatable {
    /// The database's schema `version` is newer than the `known` migrations.
    case newerSchema(version: Int, known: Int)
}
