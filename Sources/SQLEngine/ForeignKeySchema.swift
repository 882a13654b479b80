/// A foreign key of a table: its columns name a row of `table` by `referencedColumns`.
public struct ForeignKeySchema: Sendable, Equatable {
    /// What happens to the referencing rows when the row they name is deleted.
    public enum DeleteAction: String, Sendable, Equatable {
        case cascade = "CASCADE"
    }

    public let columns: [String]
    public let table: String
    public let referencedColumns: [String]
    public let onDelete: DeleteAction

    public init(_ columns: [String], references table: String, _ referencedColumns: [String],
                onDelete: DeleteAction = .cascade) {
        self.columns = columns
        self.table = table
        self.referencedColumns = referencedColumns
        self.onDelete = onDelete
    }
}
