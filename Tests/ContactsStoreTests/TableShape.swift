import Foundation
import SQLEngine
@testable import ContactsStore

/// A table as a database's own catalogue shows it, or as the schema's description says it must,
/// in lines that compare one with the other: its columns in order (declared type, NULL or not,
/// default, PostgreSQL's identity and collation), its primary key, unique constraints, foreign
/// keys, named indexes (partial ones with their condition), checks and SQLite's rowid choice.
struct TableShape: Equatable, CustomStringConvertible {
    var columns: [String] = []
    var primaryKey: [String] = []
    var uniques: Set<[String]> = []
    var foreignKeys: Set<String> = []
    var indexes: Set<String> = []
    /// Each CHECK that limits a column to a list of values; PostgreSQL's catalogue only.
    var checks: Set<String> = []
    var withoutRowID = false

    var description: String {
        (columns + ["primary key (\(primaryKey.joined(separator: ", ")))"]
            + uniques.map { "unique (\($0.joined(separator: ", ")))" }.sorted()
            + foreignKeys.sorted() + indexes.sorted() + checks.sorted() + (withoutRowID ? ["without rowid"] : []))
            .joined(separator: "\n")
    }

    static func foreignKey(_ columns: [String], _ table: String, _ referenced: [String], onDelete: String) -> String {
        "foreign key (\(columns.joined(separator: ", "))) references \(table)(\(referenced.joined(separator: ", "))) on delete \(onDelete)"
    }

    static func index(_ name: String, unique: Bool, _ columns: [String], where condition: String?) -> String {
        "index \(name)\(unique ? " unique" : "") (\(columns.joined(separator: ", ")))"
            + (condition.map { " where " + $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? "")
    }

    static func check(_ column: String, _ values: [String]) -> String {
        "check \(column) in (\(values.joined(separator: ", ")))"
    }
}

extension TableShape {
    /// What `dialect`'s catalogue must show of the described `table`.
    init(described table: TableSchema, on dialect: SQLDialect) {
        let key = table.primaryKey[dialect]
        columns = table.columns(on: dialect).map { column in
            var line = [column.name, Self.typeName(column.kind, of: table, on: dialect)]
            // SQLite's catalogue marks a key's columns NOT NULL only where declared so; every
            // key column is, on every engine.
            line.append(column.nullable && !key.contains(column.name) ? "NULL" : "NOT NULL")
            switch column.defaultValue {
            case .integer(let value): line.append("DEFAULT \(value)")
            case .text(let value): line.append("DEFAULT '\(value)'")
            case nil: break
            }
            if dialect == .postgresql && column.numbering == .identity { line.append("IDENTITY") }
            if dialect == .sqlite && column.numbering == .autoincrement { line.append("AUTOINCREMENT") }
            if dialect == .postgresql && column.kind == .text { line.append("COLLATE C") }
            return line.joined(separator: " ")
        }
        primaryKey = key
        uniques = Set(table.uniques(on: dialect).map(\.columns))
        foreignKeys = Set(table.foreignKeys.map {
            Self.foreignKey($0.columns, $0.table, $0.referencedColumns, onDelete: $0.onDelete.rawValue)
        })
        indexes = Set(table.indexes(on: dialect).map { Self.index($0.name, unique: $0.unique, $0.columns, where: $0.condition) })
        if dialect == .postgresql {
            checks = Set(table.columns(on: dialect).filter { !$0.allowedValues.isEmpty }.map { Self.check($0.name, $0.allowedValues) })
        }
        withoutRowID = dialect == .sqlite && table.withoutRowID
    }

    /// The type a catalogue names for a column of `kind`: what SQLite's table declares, or
    /// PostgreSQL's `information_schema` data type.
    private static func typeName(_ kind: ColumnSchema.Kind, of table: TableSchema, on dialect: SQLDialect) -> String {
        switch (dialect, kind, table.sqliteTypeNames) {
        case (.sqlite, .integer, .sqlite): "INTEGER"
        case (.sqlite, .bytes, .sqlite): "BLOB"
        case (.sqlite, .integer, .postgresql): "BIGINT"
        case (.sqlite, .bytes, .postgresql): "BYTEA"
        case (.sqlite, .text, _): "TEXT"
        case (.postgresql, .integer, _): "bigint"
        case (.postgresql, .bytes, _): "bytea"
        case (.postgresql, .text, _): "text"
        }
    }
}
