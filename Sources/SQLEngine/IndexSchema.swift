/// A named index of a table: its columns in order, perhaps unique, perhaps only of the rows a
/// `WHERE` condition holds for.
public struct IndexSchema: Sendable, Equatable {
    public let name: String
    public let columns: [String]
    public let unique: Bool
    /// The condition of a partial index, in SQL both engines read alike; nil for every row.
    public let condition: String?
    /// The engines that keep the index: both, unless one keeps the same rule another way.
    public let dialects: Set<SQLDialect>

    public init(_ name: String, on columns: [String], unique: Bool = false, where condition: String? = nil,
                on dialects: Set<SQLDialect> = SQLDialect.all) {
        self.name = name
        self.columns = columns
        self.unique = unique
        self.condition = condition
        self.dialects = dialects
    }
}
