extension SQLDialect {
    /// Every engine.
    public static let all: Set<SQLDialect> = [.sqlite, .postgresql]

    /// The type this engine declares for a column of `kind`, in a table that spells `names`.
    func typeName(_ kind: ColumnSchema.Kind, spelling names: TableSchema.SQLiteTypeNames) -> String {
        switch (self, kind, names) {
        case (.sqlite, .integer, .sqlite): "INTEGER"
        case (.sqlite, .bytes, .sqlite): "BLOB"
        case (_, .integer, _): "BIGINT"
        case (_, .bytes, _): "BYTEA"
        case (.sqlite, .text, _): "TEXT"
        // Compared byte by byte, as SQLite compares text, whatever the database's locale.
        case (.postgresql, .text, _): "TEXT COLLATE \"C\""
        }
    }
}
