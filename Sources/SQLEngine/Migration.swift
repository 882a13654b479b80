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

/// Versions one engine's databases recorded under a numbering of their own, before the engines
/// shared one: `versions` there are each `offset` less than the same schema's shared number.
public struct Renumbering: Sendable {
    public let dialect: SQLDialect
    public let versions: ClosedRange<Int>
    public let offset: Int

    public init(_ dialect: SQLDialect, versions: ClosedRange<Int>, offset: Int) {
        self.dialect = dialect
        self.versions = versions
        self.offset = offset
    }

    /// The shared number of `version` recorded on `dialect`; nil when it is one already.
    func sharedVersion(of version: Int, on dialect: SQLDialect) -> Int? {
        dialect == self.dialect && versions.contains(version) ? version + offset : nil
    }
}

/// Why a database could not be brought to the current schema.
public enum MigrationError: Error, Sendable, Equatable {
    /// The database's schema `version` is newer than the `known` migrations.
    case newerSchema(version: Int, known: Int)
}
