extension SQLConnection {
    /// Makes each of `tables` with its indexes, as described, where missing.
    public func create(_ tables: [TableSchema]) throws {
        for table in tables { try execute(table.createStatements(for: dialect, ifNotExists: true)) }
    }

    /// Makes each index of `table` named in `names`, as described, where missing.
    public func createIndexes(_ names: [String], of table: TableSchema) throws {
        for name in names { try execute(table.createIndex(name, for: dialect, ifNotExists: true)) }
    }

    /// Adds each column of `table` named in `names` that the database's table lacks, as described.
    public func addMissingColumns(_ names: [String], to table: TableSchema) throws {
        let present = try columnNames(of: table.name)
        for name in names where !present.contains(name) { try execute(table.addColumn(name, for: dialect)) }
    }

    /// The names of the columns the database's table of this name has.
    public func columnNames(of table: String) throws -> Set<String> {
        Set(try statement(dialect.columnNames).rows([table]) { $0.text(0) })
    }
}

extension SQLDialect {
    /// The names of the columns of the table named by the `?`.
    var columnNames: String {
        switch self {
        case .sqlite: "SELECT name FROM pragma_table_info(?)"
        case .postgresql: "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?"
        }
    }
}
