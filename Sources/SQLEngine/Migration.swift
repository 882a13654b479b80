/// One step of a schema's history.
public struct Migration: Sendable {
    public let name: String
    /// The engines whose history has the step. An engine whose history begins later passes by
    /// the steps before its first, which makes on it what they made.
    public let dialects: Set<SQLDialect>
    public let apply: @Sendable (any SQLConnection) throws -> Void

    public init(_ name: String, on dialects: Set<SQLDialect> = SQLDialect.all,
                apply: @escaping @Sendable (any SQLConnection) throws -> Void) {
        self.name = name
        self.dialects = dialects
        self.apply = apply
    }
}

/// Why a database could not be brought to the current schema.
public enum MigrationError: Error, Sendable, Equatable {
    /// The database's schema `version` is newer than the `known` migrations.
    case newerSchema(version: Int, known: Int)
}
