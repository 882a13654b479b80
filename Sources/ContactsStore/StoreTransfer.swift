import Accounts
import SQLEngine

/// What `ContactStore.copyEverything(to:progress:)` copied: the rows of each table.
public struct TransferSummary: Sendable, Equatable {
    /// Rows copied, by table name.
    public let rows: [String: Int]

    public var users: Int { rows["users", default: 0] }
    /// Contacts, those in the trash included.
    public var contacts: Int { rows["contacts", default: 0] }
    /// Cards kept as their clients sent them.
    public var sentCards: Int { rows["sent_cards", default: 0] }
    /// Entries of the address books' change logs.
    public var changes: Int { rows["changes", default: 0] }
    /// Every row of every table.
    public var total: Int { rows.values.reduce(0, +) }
}

extension ContactStore {
    /// Copies everything in this store — every table its engine's catalogue lists, every column
    /// of each — into `target`, which may be on another engine: users with their password hashes,
    /// sessions, address books with their salts and change logs, contacts and groups with their
    /// members, photos, the cards as clients sent them, app passwords, shares, trash, duplicates
    /// and merges, birthday feeds, dead properties, secrets, counters, and the throttle's and
    /// imports' shared state. This store is read in one snapshot; the target is written in one
    /// transaction, all or nothing, and each table's rows are counted there before it commits.
    /// Revisions, salts and change numbers come along unchanged, so clients' sync tokens and
    /// ETags stay valid, and logins, sessions and app passwords go on working.
    ///
    /// - Parameter progress: called with the rows copied so far and the total.
    /// - Throws: `StoreError.targetNotEmpty` when the target has any user or contact, and
    ///   `StoreError.schemasDiffer` when its tables or columns are not this store's (it is then
    ///   left as it was); `StoreError.storageFailed` when a table's count differs after the copy.
    public func copyEverything(to target: ContactStore,
                               progress: (_ copiedRows: Int, _ totalRows: Int) -> Void = { _, _ in }) throws -> TransferSummary {
        defer { try? target.queue.refreshStatistics() }
        return try target.queue.write(.database) { destination in
            guard try destination.statement("SELECT 1 FROM users UNION ALL SELECT 1 FROM contacts LIMIT 1")
                .firstRow({ _ in true }) == nil else { throw StoreError.targetNotEmpty }
            return try queue.read { source in
                let targetSchema = try StoredSchema(reading: destination)
                let sourceSchema = try StoredSchema(reading: source)
                let differences = sourceSchema.differences(from: targetSchema)
                guard differences.isEmpty else { throw StoreError.schemasDiffer(differences) }
                // In the target's order, which its foreign keys ask for; read as the source describes them.
                let tables = try targetSchema.tables.map { try sourceSchema.table(named: $0.name) }
                let counts = try tables.map { try $0.count(in: source) }
                let total = counts.reduce(0, +)
                var copied = 0
                progress(copied, total)
                // What an empty store holds (its fresh counters, perhaps a secret) gives way to the source's.
                for table in tables.reversed() { try destination.execute("DELETE FROM \(table.name)") }
                for (table, count) in zip(tables, counts) {
                    try table.copy(from: source, to: destination) { rows in
                        copied += rows
                        progress(copied, total)
                    }
                    let written = try table.count(in: destination)
                    guard written == count else {
                        throw StoreError.storageFailed("the copy of \(table.name) has \(written) rows, the source \(count)")
                    }
                    for identity in try targetSchema.table(named: table.name).identities {
                        if let sql = destination.dialect.identityCatchUp(table: table.name, column: identity) {
                            try destination.statement(sql).execute()
                        }
                    }
                }
                // Last, once every count is checked: a sequence moved on stays so after a rollback.
                try Counter.catchUpSequences(db: destination)
                return TransferSummary(rows: Dictionary(uniqueKeysWithValues: zip(tables.map(\.name), counts)))
            }
        }
    }
}

/// The store's tables as a database's own catalogue lists them at run time, with their columns,
/// keys and foreign keys, parents before children: what a copy between stores carries, so a
/// table or column a migration adds is copied without anything else to change.
struct StoredSchema {
    /// Parents before children (each after the tables its foreign keys name), else by name.
    let tables: [TransferTable]

    /// Columns one engine has and the other does not, as the schema describes them, which a copy
    /// leaves to the target: SQLite's `changes.seq`, the rowid it numbers the change log by
    /// (anew in the target).
    static let engineOwnColumns: Set<String> = Set(Schema.tables.flatMap { table in
        let sqlite = Set(table.columns(on: .sqlite).map(\.name)), postgresql = Set(table.columns(on: .postgresql).map(\.name))
        return sqlite.symmetricDifference(postgresql).map { table.name + "." + $0 }
    })
    /// Tables each database keeps for itself: the schema version (PostgreSQL's table; SQLite
    /// keeps it in the file header) and SQLite's own (`sqlite_sequence`, `sqlite_stat1`).
    static func isEngineOwnTable(_ name: String) -> Bool { name == "schema_version" || name.hasPrefix("sqlite_") }

    init(reading db: any SQLConnection) throws {
        let catalogue = db.dialect.catalogue
        let names = try db.statement(catalogue.tables).rows { $0.text(0) }.filter { !Self.isEngineOwnTable($0) }
        let found = try names.map { name in
            let columns = try db.statement(catalogue.columns).rows([name]) { row in
                (name: row.text(0), type: row.text(1), nullable: row.int(2) != 0, identity: row.int(3) != 0)
            }
            let key = try db.statement(catalogue.primaryKey).rows([name]) { $0.text(0) }
            return TransferTable(
                name: name,
                columns: try columns.filter { !Self.engineOwnColumns.contains(name + "." + $0.name) }.map { column in
                    guard let kind = TransferTable.Kind(declaredType: column.type) else {
                        throw StoreError.storageFailed("\(name).\(column.name) is of type \(column.type), which a copy cannot carry")
                    }
                    return TransferTable.Column(name: column.name, kind: kind, nullable: column.nullable)
                },
                key: key.isEmpty ? columns.map(\.name) : key,
                identities: columns.filter(\.identity).map(\.name),
                parents: Set(try db.statement(catalogue.referencedTables).rows([name]) { $0.text(0) }).subtracting([name]))
        }
        tables = try Self.parentsFirst(found)
    }

    /// `tables` ordered so that each comes after every table it references.
    private static func parentsFirst(_ tables: [TransferTable]) throws -> [TransferTable] {
        var pending = tables.sorted { $0.name < $1.name }
        var placed: [TransferTable] = []
        while !pending.isEmpty {
            let names = Set(placed.map(\.name))
            guard let next = pending.firstIndex(where: { $0.parents.isSubset(of: names) }) else {
                throw StoreError.storageFailed("the foreign keys of \(pending.map(\.name).joined(separator: ", ")) form a cycle")
            }
            placed.append(pending.remove(at: next))
        }
        return placed
    }

    func table(named name: String) throws -> TransferTable {
        guard let table = tables.first(where: { $0.name == name }) else { throw StoreError.schemasDiffer(["no table \(name)"]) }
        return table
    }

    /// What tells this schema from `target`'s, one line each: tables or columns only one of them
    /// has, and columns whose values are of another kind. Empty when a copy would carry everything.
    func differences(from target: StoredSchema) -> [String] {
        let ours = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })
        let theirs = Dictionary(uniqueKeysWithValues: target.tables.map { ($0.name, $0) })
        return Set(ours.keys).union(theirs.keys).sorted().flatMap { name -> [String] in
            guard let mine = ours[name] else { return ["table \(name) only in the target"] }
            guard let other = theirs[name] else { return ["table \(name) missing from the target"] }
            let kinds = Dictionary(uniqueKeysWithValues: other.columns.map { ($0.name, $0.kind) })
            let missing = mine.columns.compactMap { column -> String? in
                guard let kind = kinds[column.name] else { return "column \(name).\(column.name) missing from the target" }
                return kind == column.kind ? nil : "column \(name).\(column.name) is \(column.kind) here, \(kind) in the target"
            }
            let extra = Set(kinds.keys).subtracting(mine.columns.map(\.name)).sorted().map { "column \(name).\($0) only in the target" }
            return missing + extra
        }
    }
}

/// One table as a copy between stores sees it, from its engine's catalogue.
struct TransferTable {
    /// How a column's values are read and bound.
    enum Kind: CustomStringConvertible {
        case integer, text, blob

        /// The kind of a column declared `type`: SQLite's declared types, PostgreSQL's
        /// `information_schema` data types; nil for any other.
        init?(declaredType type: String) {
            switch type.lowercased() {
            case "integer", "bigint", "smallint": self = .integer
            case "text": self = .text
            case "blob", "bytea": self = .blob
            default: return nil
            }
        }

        var description: String {
            switch self {
            case .integer: "integer"
            case .text: "text"
            case .blob: "bytes"
            }
        }
    }

    struct Column {
        let name: String
        let kind: Kind
        let nullable: Bool
    }

    let name: String
    let columns: [Column]
    /// The primary key (every column when there is none): rows are read in its order.
    let key: [String]
    /// The columns PostgreSQL numbers itself (identities), copied like any other.
    let identities: [String]
    /// The tables its foreign keys reference.
    let parents: Set<String>

    /// Rows per INSERT: few enough that the widest table stays well under every engine's
    /// parameter limit (SQLite's 32,766).
    static let rowsPerInsert = 500

    /// Where the table's rows are read from: the table, or for the counters the values they
    /// stand at (`Counter.rowsAsTheyStand`).
    func source(on dialect: SQLDialect) -> String {
        name == "counters" ? Counter.rowsAsTheyStand(on: dialect) : name
    }

    func count(in db: any SQLConnection) throws -> Int {
        try db.statement("SELECT count(*) FROM \(name)").firstRow { $0.int(0) } ?? 0
    }

    /// Copies every row from `source` to `destination`, `rowsPerInsert` rows to a statement,
    /// calling `copied` with the rows of each statement written.
    func copy(from source: any SQLConnection, to destination: any SQLConnection, copied: (Int) throws -> Void) throws {
        let names = columns.map(\.name)
        var rows = PendingRows(table: name, columns: names, on: destination.dialect, maximumRows: Self.rowsPerInsert)
        func flush() throws {
            let count = rows.count
            guard count > 0 else { return }
            try rows.send(db: destination)
            try copied(count)
        }
        try source.statement("""
            SELECT \(names.joined(separator: ", ")) FROM \(self.source(on: source.dialect)) ORDER BY \(key.joined(separator: ", "))
            """).forEachRow { row in
            rows.append(columns.enumerated().map { index, column in column.value(in: row, at: Int32(index)) })
            if rows.isFull { try flush() }
        }
        try flush()
    }
}

extension TransferTable.Column {
    /// The column's value in `row`, read by its kind.
    func value(in row: any SQLRow, at index: Int32) -> SQLValue {
        if nullable && row.isNull(index) { return .null }
        return switch kind {
        case .integer: .integer(row.int64(index))
        case .text: .text(row.text(index))
        case .blob: .blob(row.blob(index))
        }
    }
}

/// The queries that read an engine's catalogue, each taking a table's name where it has a `?`.
struct CatalogueQueries {
    /// Every table's name.
    let tables: String
    /// A table's columns in order: name, declared type, 1 when it may be NULL, 1 when the
    /// engine numbers it itself.
    let columns: String
    /// The columns of a table's primary key, in order.
    let primaryKey: String
    /// The tables a table's foreign keys reference.
    let referencedTables: String
}

extension SQLDialect {
    /// How this engine's catalogue is read: SQLite's `sqlite_schema` and table pragmas,
    /// PostgreSQL's `information_schema` and `pg_constraint` for the current schema.
    var catalogue: CatalogueQueries {
        switch self {
        case .sqlite:
            CatalogueQueries(
                tables: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name",
                // A primary key's column is never NULL in the store's tables (rowids and WITHOUT ROWID keys).
                columns: "SELECT name, type, \"notnull\" = 0 AND pk = 0, 0 FROM pragma_table_info(?) ORDER BY cid",
                primaryKey: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
                referencedTables: "SELECT DISTINCT \"table\" FROM pragma_foreign_key_list(?)")
        case .postgresql:
            CatalogueQueries(
                tables: """
                    SELECT table_name FROM information_schema.tables
                    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name
                    """,
                columns: """
                    SELECT column_name, data_type, CAST(is_nullable = 'YES' AS integer), CAST(is_identity = 'YES' AS integer)
                    FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
                    """,
                primaryKey: """
                    SELECT k.column_name FROM information_schema.table_constraints c
                    JOIN information_schema.key_column_usage k
                        ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
                    WHERE c.table_schema = current_schema() AND c.table_name = ? AND c.constraint_type = 'PRIMARY KEY'
                    ORDER BY k.ordinal_position
                    """,
                referencedTables: """
                    SELECT DISTINCT r.relname FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
                    WHERE f.contype = 'f' AND f.conrelid = CAST(CAST(? AS text) AS regclass)
                    """)
        }
    }

    /// The statement that moves the numbering of `table`'s identity `column` past the largest
    /// value written into it explicitly; nil where the engine does so itself (SQLite's rowids).
    func identityCatchUp(table: String, column: String) -> String? {
        switch self {
        case .sqlite: nil
        case .postgresql:
            "SELECT setval(pg_get_serial_sequence('\(table)', '\(column)'), coalesce(max(\(column)), 0) + 1, false) FROM \(table)"
        }
    }
}
