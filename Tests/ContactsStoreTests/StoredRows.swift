import SQLEngine
import Accounts
@testable import ContactsStore

/// Every row of every table a database's catalogue lists, read with this file's own catalogue
/// queries (not the copy's), each value by its column's declared type: what a copy between
/// stores must carry, to compare one store with another.
struct StoredRows: Equatable, CustomStringConvertible {
    /// Per table, its columns by name.
    let columns: [String: [String]]
    /// Per table, its rows (values in `columns` order), sorted: the engines' orders differ.
    let rows: [String: [[SQLValue]]]

    /// What a copy leaves to each engine: the schema version (a table on PostgreSQL), SQLite's
    /// own tables, and the rowid SQLite numbers its change log by (anew in the target).
    static func isLeftToTheEngine(table: String, column: String) -> Bool {
        table == "schema_version" || table.hasPrefix("sqlite_") || (table == "changes" && column == "seq")
    }

    init(of store: ContactStore) throws {
        (columns, rows) = try store.queue.read { db in
            let listed = try Self.catalogue(db)
            let rows = try listed.mapValues { columns in
                // The counters as they stand: on PostgreSQL their sequences hand the values out.
                let table = columns[0].table == "counters" ? Counter.rowsAsTheyStand(on: db.dialect) : columns[0].table
                return try db.statement("SELECT \(columns.map(\.name).joined(separator: ", ")) FROM \(table)").rows { row in
                    columns.enumerated().map { index, column in column.value(in: row, at: Int32(index)) }
                }.sorted { "\($0)" < "\($1)" }
            }
            return (listed.mapValues { $0.map(\.name) }, rows)
        }
    }

    /// The table's rows, each as its values by column name.
    func records(of table: String) -> [[String: SQLValue]] {
        (rows[table] ?? []).map { Dictionary(uniqueKeysWithValues: zip(columns[table] ?? [], $0)) }
    }

    /// This store's rows with `columns` (as `table.column`) left out, and `tables` emptied.
    func without(columns left: Set<String>, rowsOf tables: Set<String> = []) -> StoredRows {
        var keptColumns = columns, keptRows = rows
        for (table, names) in columns {
            let kept = names.indices.filter { !left.contains(table + "." + names[$0]) }
            keptColumns[table] = kept.map { names[$0] }
            keptRows[table] = tables.contains(table) ? [] : (rows[table] ?? []).map { row in kept.map { row[$0] } }.sorted { "\($0)" < "\($1)" }
        }
        return StoredRows(columns: keptColumns, rows: keptRows)
    }

    /// This store's rows with every text value passed through `transform`.
    func mappingTexts(_ transform: (String) -> String) -> StoredRows {
        StoredRows(columns: columns, rows: rows.mapValues { rows in
            rows.map { row in row.map { value in if case .text(let text) = value { .text(transform(text)) } else { value } } }
                .sorted { "\($0)" < "\($1)" }
        })
    }

    private init(columns: [String: [String]], rows: [String: [[SQLValue]]]) {
        (self.columns, self.rows) = (columns, rows)
    }

    var description: String { rows.keys.sorted().map { "\($0): \(rows[$0]!.count) rows" }.joined(separator: ", ") }

    private struct ListedColumn {
        let table: String
        let name: String
        let type: String

        func value(in row: any SQLRow, at index: Int32) -> SQLValue {
            if row.isNull(index) { return .null }
            switch type.lowercased() {
            case "integer", "bigint": return .integer(row.int64(index))
            case "blob", "bytea": return .blob(row.blob(index))
            default: return .text(row.text(index))
            }
        }
    }

    /// Each table's columns, sorted by name (their positions differ between engines), as the
    /// engine's catalogue lists them, less what is left to the engine.
    private static func catalogue(_ db: any SQLConnection) throws -> [String: [ListedColumn]] {
        let sql = switch db.dialect {
        case .sqlite: "SELECT m.name, p.name, p.type FROM sqlite_schema m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'"
        case .postgresql: """
            SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relnamespace = CAST(current_schema() AS regnamespace) AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            """
        }
        let columns = try db.statement(sql).rows { ListedColumn(table: $0.text(0), name: $0.text(1), type: $0.text(2)) }
            .filter { !isLeftToTheEngine(table: $0.table, column: $0.name) }
        return Dictionary(grouping: columns, by: \.table).mapValues { $0.sorted { $0.name < $1.name } }
    }
}
