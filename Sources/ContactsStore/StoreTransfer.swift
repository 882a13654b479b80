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
    /// Copies everything in this store — users with their password hashes, sessions, address
    /// books with their salts and change logs, contacts, photos, the cards as clients sent them,
    /// app passwords, dead properties, secrets and counters — into `target`, which may be on
    /// another engine. This store is read in one snapshot; the target is written in one
    /// transaction, all or nothing, and each table's rows are counted there before it commits.
    /// Revisions, salts and change numbers come along unchanged, so clients' sync tokens and
    /// ETags stay valid, and logins, sessions and app passwords go on working.
    ///
    /// - Parameter progress: called with the rows copied so far and the total.
    /// - Throws: `StoreError.targetNotEmpty` when the target has any user or contact (it is then
    ///   left as it was); `StoreError.storageFailed` when a table's count differs after the copy.
    public func copyEverything(to target: ContactStore,
                               progress: (_ copiedRows: Int, _ totalRows: Int) -> Void = { _, _ in }) throws -> TransferSummary {
        defer { try? target.queue.refreshStatistics() }
        return try target.queue.write { destination in
            guard try destination.statement("SELECT 1 FROM users UNION ALL SELECT 1 FROM contacts LIMIT 1")
                .firstRow({ _ in true }) == nil else { throw StoreError.targetNotEmpty }
            return try queue.read { source in
                let tables = TransferTable.all
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
                    if let identity = table.identity, let sql = destination.dialect.identityCatchUp(table: table.name, column: identity) {
                        try destination.statement(sql).execute()
                    }
                }
                return TransferSummary(rows: Dictionary(uniqueKeysWithValues: zip(tables.map(\.name), counts)))
            }
        }
    }
}

/// One table as a copy between stores sees it: the columns both engines' schemas give it.
struct TransferTable {
    /// How a column's values are read and bound.
    enum Kind {
        case integer, text, blob
    }

    struct Column {
        let name: String
        let kind: Kind
        var nullable = false
    }

    let name: String
    let columns: [Column]
    /// The primary key: rows are copied in its order.
    let key: String
    /// The column PostgreSQL numbers itself (an identity), copied like any other.
    var identity: String?

    /// Rows per INSERT: few enough that the widest table stays well under every engine's
    /// parameter limit (SQLite's 32,766).
    static let rowsPerInsert = 500

    /// Every table, parents before children; SQLite's `changes.seq` (its rowid, numbered anew
    /// by the target) is left out, as PostgreSQL has no such column.
    static let all: [TransferTable] = {
        func integer(_ name: String, nullable: Bool = false) -> Column { Column(name: name, kind: .integer, nullable: nullable) }
        func text(_ name: String, nullable: Bool = false) -> Column { Column(name: name, kind: .text, nullable: nullable) }
        func blob(_ name: String, nullable: Bool = false) -> Column { Column(name: name, kind: .blob, nullable: nullable) }
        return [
            TransferTable(name: "users", columns: [
                integer("id"), text("username"), text("username_key"), text("password_hash"), integer("created_at"),
                integer("phonetic_names"), integer("credentials_generation"),
            ], key: "id"),
            TransferTable(name: "sessions", columns: [
                integer("id"), integer("user_id"), text("kind"), blob("token_hash"), text("family"), integer("created_at"),
                integer("expires_at"), integer("revoked_at", nullable: true),
            ], key: "id", identity: "id"),
            TransferTable(name: "address_books", columns: [
                integer("id"), integer("user_id"), text("name"), text("display_name"), integer("created_at"),
                integer("last_change"), text("sync_salt"), integer("live_contacts"), integer("deleted_at", nullable: true),
            ], key: "id"),
            TransferTable(name: "contacts", columns: [
                integer("book_id"), text("sort_key"), text("name"), text("uid"), integer("id"), text("phones"), text("emails"),
                text("sex"), integer("age", nullable: true), text("birthday", nullable: true), text("address"), text("note"),
                text("extra_properties"), integer("has_photo"), text("section"), text("search_text"), integer("created_at"),
                integer("updated_at"), integer("deleted_at", nullable: true), text("href"), integer("revision"),
                integer("birthday_key", nullable: true), integer("lunar_birthday_key", nullable: true),
                integer("changed_by", nullable: true), integer("changed_at", nullable: true),
            ], key: "book_id, sort_key, name, uid"),
            TransferTable(name: "photos", columns: [integer("book_id"), integer("contact_id"), blob("data")], key: "book_id, contact_id"),
            TransferTable(name: "sent_cards", columns: [integer("book_id"), integer("contact_id"), integer("revision"), text("version"),
                                                        text("text")], key: "book_id, contact_id"),
            TransferTable(name: "changes", columns: [
                integer("book_id"), integer("number"), integer("contact_id"), text("uid"), text("kind"), integer("changed_at"),
                text("href"),
            ], key: "book_id, number"),
            TransferTable(name: "app_passwords", columns: [
                integer("id"), integer("user_id"), text("device"), text("password_hash"), integer("created_at"),
                integer("last_used_at", nullable: true), blob("lookup", nullable: true),
            ], key: "id", identity: "id"),
            TransferTable(name: "dav_properties", columns: [
                integer("book_id"), text("namespace"), text("name"), text("value"), text("attributes"),
                text("content_xml", nullable: true),
            ], key: "book_id, namespace, name"),
            TransferTable(name: "duplicate_dismissals", columns: [integer("book_id"), integer("first_id"), integer("second_id")],
                          key: "book_id, first_id, second_id"),
            TransferTable(name: "merges", columns: [
                integer("book_id"), integer("contact_id"), integer("revision"), text("earlier_card"), text("trashed"), integer("merged_at"),
            ], key: "book_id, contact_id"),
            TransferTable(name: "book_shares", columns: [integer("book_id"), integer("user_id"), text("access"), integer("shared_at")],
                          key: "book_id, user_id"),
            TransferTable(name: "birthday_feeds", columns: [integer("user_id"), blob("token"), integer("created_at")], key: "user_id"),
            TransferTable(name: "secrets", columns: [text("name"), blob("value")], key: "name"),
            TransferTable(name: "counters", columns: [text("name"), integer("value")], key: "name"),
        ]
    }()

    func count(in db: any SQLConnection) throws -> Int {
        try db.statement("SELECT count(*) FROM \(name)").firstRow { $0.int(0) } ?? 0
    }

    /// Copies every row from `source` to `destination`, `rowsPerInsert` rows to a statement,
    /// calling `copied` with the rows of each statement written.
    func copy(from source: any SQLConnection, to destination: any SQLConnection, copied: (Int) throws -> Void) throws {
        let names = columns.map(\.name).joined(separator: ", ")
        var batch: [SQLValue] = []
        batch.reserveCapacity(Self.rowsPerInsert * columns.count)
        func flush() throws {
            guard !batch.isEmpty else { return }
            let rows = batch.count / columns.count
            let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
            let values = Array(repeating: row, count: rows).joined(separator: ", ")
            try destination.statement("INSERT INTO \(name) (\(names)) VALUES \(values)").send(batch)
            batch.removeAll(keepingCapacity: true)
            try copied(rows)
        }
        try source.statement("SELECT \(names) FROM \(name) ORDER BY \(key)").forEachRow { row in
            for (index, column) in columns.enumerated() { batch.append(column.value(in: row, at: Int32(index))) }
            if batch.count == Self.rowsPerInsert * columns.count { try flush() }
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

extension SQLDialect {
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
