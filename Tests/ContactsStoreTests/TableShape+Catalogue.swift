import SQLEngine

extension TableShape {
    /// Every table `db`'s own catalogue lists (less what the engine keeps for itself: SQLite's
    /// tables, PostgreSQL's schema version), by name.
    static func catalogue(of db: any SQLConnection) throws -> [String: TableShape] {
        let names = try db.statement(db.dialect == .sqlite
            ? "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            : "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
            .rows { $0.text(0) }.filter { $0 != "schema_version" }
        return Dictionary(uniqueKeysWithValues: try names.map { name in
            (name, db.dialect == .sqlite ? try sqliteCatalogue(of: name, in: db) : try postgresqlCatalogue(of: name, in: db))
        })
    }

    /// `table` as `sqlite_schema` and the table pragmas show it.
    private static func sqliteCatalogue(of table: String, in db: any SQLConnection) throws -> TableShape {
        var shape = TableShape()
        let sql = try db.statement("SELECT sql FROM sqlite_schema WHERE name = ?").firstRow([table]) { $0.text(0) } ?? ""
        let columns = try db.statement("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid")
            .rows([table]) { (name: $0.text(0), type: $0.text(1), notNull: $0.int(2) != 0, defaultValue: $0.optionalText(3), key: $0.int(4)) }
        shape.columns = columns.map { column in
            var line = [column.name, column.type, column.notNull || column.key > 0 ? "NOT NULL" : "NULL"]
            if let value = column.defaultValue { line.append("DEFAULT \(value)") }
            if column.key > 0 && sql.uppercased().contains("AUTOINCREMENT") { line.append("AUTOINCREMENT") }
            return line.joined(separator: " ")
        }
        shape.primaryKey = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
        func indexColumns(_ index: String) throws -> [String] {
            try db.statement("SELECT name FROM pragma_index_info(?) ORDER BY seqno").rows([index]) { $0.text(0) }
        }
        let indexes = try db.statement("SELECT name, \"unique\", origin FROM pragma_index_list(?)")
            .rows([table]) { (name: $0.text(0), unique: $0.int(1) != 0, origin: $0.text(2)) }
        for index in indexes where index.origin == "u" { shape.uniques.insert(try indexColumns(index.name)) }
        for index in indexes where index.origin == "c" {
            let definition = try db.statement("SELECT sql FROM sqlite_schema WHERE name = ?").firstRow([index.name]) { $0.text(0) } ?? ""
            let condition = definition.range(of: " WHERE ", options: [.caseInsensitive, .backwards]).map { String(definition[$0.upperBound...]) }
            shape.indexes.insert(Self.index(index.name, unique: index.unique, try indexColumns(index.name), where: condition))
        }
        let references = try db.statement("SELECT id, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq")
            .rows([table]) { (id: $0.int(0), table: $0.text(1), from: $0.text(2), to: $0.text(3), onDelete: $0.text(4)) }
        for (_, parts) in Dictionary(grouping: references, by: \.id) {
            shape.foreignKeys.insert(foreignKey(parts.map(\.from), parts[0].table, parts.map(\.to), onDelete: parts[0].onDelete))
        }
        shape.withoutRowID = try db.statement("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ?").firstRow([table]) { $0.int(0) } == 1
        return shape
    }

    /// `table` as PostgreSQL's `information_schema.columns`, `pg_constraint` and `pg_index` show it.
    private static func postgresqlCatalogue(of table: String, in db: any SQLConnection) throws -> TableShape {
        var shape = TableShape()
        shape.columns = try db.statement("""
            SELECT column_name, data_type, is_nullable, column_default, is_identity, coalesce(collation_name, '')
            FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
            """).rows([table]) { row in
            var line = [row.text(0), row.text(1), row.text(2) == "YES" ? "NULL" : "NOT NULL"]
            if let value = row.optionalText(3) {
                line.append("DEFAULT " + value.replacingOccurrences(of: "::text", with: "").replacingOccurrences(of: "::bigint", with: ""))
            }
            if row.text(4) == "YES" { line.append("IDENTITY") }
            if !row.text(5).isEmpty { line.append("COLLATE \(row.text(5))") }
            return line.joined(separator: " ")
        }
        let constraints = try db.statement("""
            SELECT contype, \(attributeNames("conkey", of: "conrelid")), coalesce(CAST(CAST(nullif(confrelid, 0) AS regclass) AS text), ''),
                   \(attributeNames("confkey", of: "confrelid")), confdeltype, pg_get_constraintdef(oid)
            FROM pg_constraint WHERE conrelid = CAST(CAST(? AS text) AS regclass)
            """).rows([table]) { row in
            (kind: row.text(0), columns: row.text(1).split(separator: ",").map(String.init), table: row.text(2),
             referenced: row.text(3).split(separator: ",").map(String.init), onDelete: row.text(4), definition: row.text(5))
        }
        for constraint in constraints {
            switch constraint.kind {
            case "p": shape.primaryKey = constraint.columns
            case "u": shape.uniques.insert(constraint.columns)
            case "f":
                shape.foreignKeys.insert(foreignKey(constraint.columns, constraint.table, constraint.referenced,
                                                    onDelete: constraint.onDelete == "c" ? "CASCADE" : "NO ACTION"))
            case "c":
                let values = constraint.definition.matches(of: /'([^']*)'/).map { String($0.output.1) }
                shape.checks.insert(check(constraint.columns.joined(separator: ","), values))
            default: break
            }
        }
        let indexes = try db.statement("""
            SELECT c.relname, CAST(i.indisunique AS integer), \(attributeNames("CAST(i.indkey AS int2[])", of: "i.indrelid")),
                   coalesce(pg_get_expr(i.indpred, i.indrelid), '')
            FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = CAST(CAST(? AS text) AS regclass) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
            """).rows([table]) { row in
            let condition = row.text(3)
            return Self.index(row.text(0), unique: row.int(1) != 0, row.text(2).split(separator: ",").map(String.init),
                         where: condition.isEmpty ? nil : String(condition.dropFirst().dropLast()))
        }
        shape.indexes = Set(indexes)
        return shape
    }

    /// The names of the attributes of the relation `relation` numbered in the array `numbers`,
    /// in order, joined by commas.
    private static func attributeNames(_ numbers: String, of relation: String) -> String {
        """
        array_to_string(ARRAY(SELECT a.attname FROM unnest(\(numbers)) WITH ORDINALITY AS k(n, o)
                              JOIN pg_attribute a ON a.attrelid = \(relation) AND a.attnum = k.n ORDER BY k.o), ',')
        """
    }
}
