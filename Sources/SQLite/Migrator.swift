/// One step of the schema's history.
public struct Migration: Sendable {
    public let name: String
    public let apply: @Sendable (Database) throws -> Void

    public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.name = name
        self.apply = apply
    }
}

/// Applies a named, ordered list of migrations; `PRAGMA user_version` counts those applied.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Applies every migration not yet applied, each in its own transaction; a no-op when current.
    /// - Throws: `MigrationError.newerSchema` when the file was written by a newer version.
    public func migrate(_ database: Database) throws {
        let applied = try database.userVersion
        guard applied <= migrations.count else {
            throw MigrationError.newerSchema(version: applied, known: migrations.count)
        }
        for (index, migration) in migrations.enumerated().dropFirst(applied) {
            try database.transaction {
                guard try database.userVersion == index else { return }
                try migration.apply(database)
                try database.setUserVersion(index + 1)
            }
        }
    }
}

/// Why a database could not be brought to the current schema.
public enum MigrationError: Error, Sendable, Equatable {
    /// The file's schema `version` is newer than the `known` migrations.
    case newerSchema(version: Int, known: Int)
}
