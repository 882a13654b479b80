/// A UNIQUE constraint of a table: no two rows have the same values in its columns.
public struct UniqueSchema: Sendable, Equatable {
    public let columns: [String]
    /// The engines whose table declares it: both, unless another engine keeps the rule with an
    /// index or a key of its own.
    public let dialects: Set<SQLDialect>

    public init(_ columns: [String], on dialects: Set<SQLDialect> = SQLDialect.all) {
        self.columns = columns
        self.dialects = dialects
    }
}
