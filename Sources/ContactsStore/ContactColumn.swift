import SQLEngine

/// The columns of the contacts table every contact query selects, in this order: a column's
/// position in the select list is its raw value, so reading a row by column name costs what
/// reading it by position does, and the list and the reading cannot drift apart.
enum ContactColumn: Int32, CaseIterable {
    case id, uid, name, phones, emails, sex, age, birthday, fields, note, extraProperties, hasPhoto, section,
         createdAt, updatedAt, revision

    /// The select list, each column of the table aliased `c`: `c.id, c.uid, …, c.extra_properties, …`.
    static let selectList = allCases.map { "c." + $0.tableName }.joined(separator: ", ")
    /// The position of the first column a query selects after `selectList`.
    static let following = Int32(allCases.count)

    /// The column's name in the table: the case's name in snake case.
    var tableName: String {
        String(describing: self).reduce(into: "") { name, character in
            name += character.isUppercase ? "_" + character.lowercased() : String(character)
        }
    }
}

extension SQLRow {
    func isNull(_ column: ContactColumn) -> Bool { isNull(column.rawValue) }
    func int64(_ column: ContactColumn) -> Int64 { int64(column.rawValue) }
    func int(_ column: ContactColumn) -> Int { int(column.rawValue) }
    func text(_ column: ContactColumn) -> String { text(column.rawValue) }
    func optionalInt(_ column: ContactColumn) -> Int? { optionalInt(column.rawValue) }
    func optionalText(_ column: ContactColumn) -> String? { optionalText(column.rawValue) }
}
