/// One table as the schema describes it: what each engine makes of it is rendered from here
/// (`TableSchema+DDL.swift`), and its catalogue is checked against it.
public struct TableSchema: Sendable, Equatable {
    /// How SQLite spells the column types it declares. Its affinities are the same either way;
    /// the spelling is what its catalogue shows.
    public enum SQLiteTypeNames: Sendable, Equatable {
        /// INTEGER, TEXT and BLOB.
        case sqlite
        /// PostgreSQL's BIGINT, TEXT and BYTEA, for tables once made by SQL both engines ran.
        case postgresql
    }

    public let name: String
    /// In order: the order each engine's table has them in (less the other engine's own).
    public let columns: [ColumnSchema]
    public let primaryKey: PerDialect<[String]>
    public let uniques: [UniqueSchema]
    public let foreignKeys: [ForeignKeySchema]
    public let indexes: [IndexSchema]
    /// Whether SQLite keeps the rows in the order of the primary key (`WITHOUT ROWID`).
    public let withoutRowID: Bool
    public let sqliteTypeNames: SQLiteTypeNames

    public init(_ name: String, columns: [ColumnSchema], primaryKey: PerDialect<[String]>, uniques: [UniqueSchema] = [],
                foreignKeys: [ForeignKeySchema] = [], indexes: [IndexSchema] = [], withoutRowID: Bool = false,
                sqliteTypeNames: SQLiteTypeNames = .sqlite) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.uniques = uniques
        self.foreignKeys = foreignKeys
        self.indexes = indexes
        self.withoutRowID = withoutRowID
        self.sqliteTypeNames = sqliteTypeNames
    }

    /// The columns the table has on `dialect`, in order.
    public func columns(on dialect: SQLDialect) -> [ColumnSchema] {
        columns.filter { $0.dialects.contains(dialect) }
    }

    /// The unique constraints the table declares on `dialect`.
    public func uniques(on dialect: SQLDialect) -> [UniqueSchema] {
        uniques.filter { $0.dialects.contains(dialect) }
    }

    /// The indexes the table has on `dialect`.
    public func indexes(on dialect: SQLDialect) -> [IndexSchema] {
        indexes.filter { $0.dialects.contains(dialect) }
    }

    /// The column named `name`, which the description must have.
    public func column(_ name: String, on dialect: SQLDialect) -> ColumnSchema {
        guard let column = columns(on: dialect).first(where: { $0.name == name }) else {
            preconditionFailure("\(self.name) has no column \(name) on \(dialect)")
        }
        return column
    }

    /// The index named `name`, which the description must have.
    public func index(_ name: String) -> IndexSchema {
        guard let index = indexes.first(where: { $0.name == name }) else { preconditionFailure("\(self.name) has no index \(name)") }
        return index
    }
}
