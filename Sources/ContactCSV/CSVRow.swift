import Foundation

/// A header row's column names, looked up without regard to case or surrounding spaces.
struct CSVHeader {
    let count: Int
    private let positions: [String: Int]

    init(_ names: [String]) {
        count = names.count
        positions = Dictionary(names.enumerated().map { (Self.key($1), $0) }, uniquingKeysWith: { first, _ in first })
    }

    func contains(_ name: String) -> Bool { positions[Self.key(name)] != nil }

    func position(of name: String) -> Int? { positions[Self.key(name)] }

    private static func key(_ name: String) -> String { name.trimmed.lowercased() }
}

/// One row's fields, by column name.
struct CSVRow {
    let header: CSVHeader
    let fields: [String]

    /// The field of that column without the quote that kept a spreadsheet from running it
    /// (`FormulaGuard`), trimmed, with CRLF line breaks (Outlook's) as LF; empty when the header
    /// has no such column.
    subscript(_ column: String) -> String {
        header.position(of: column).map { FormulaGuard.unguarded(fields[$0]).trimmed.replacingOccurrences(of: "\r\n", with: "\n") } ?? ""
    }

    /// The first of these columns' fields that is not empty: one field under the names that
    /// several versions of a program gave it.
    func first(_ columns: String...) -> String {
        columns.lazy.map { self[$0] }.first { !$0.isEmpty } ?? ""
    }
}

/// How one format's columns map to `ContactFields`, both ways.
protocol CSVLayout: Sendable {
    /// The fields a row gives.
    func fields(from row: CSVRow) -> ContactFields
    /// The header, then one row per contact.
    func table(for contacts: [ContactFields]) -> [[String]]
}
