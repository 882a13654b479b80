import SQLEngine

/// A number handed out from the counters table: each value once, never again, even after what
/// it named is deleted.
///
/// On SQLite the table's row is the counter. On PostgreSQL each counter hands its values out from
/// a sequence of its own (`counter_` and its name), which no transaction waits for: a row
/// updated by one transaction would make every other transaction that counts wait until that one
/// commits. There the row is where the sequence began, and `rowsAsTheyStand` reads both.
public struct Counter: Sendable {
    /// Its row in the counters table.
    let name: String

    public init(_ name: String) {
        self.name = name
    }

    static let userID = Counter("user_id")
    static let credentialsGeneration = Counter("credentials_generation")

    /// Reserves the next `count` values; returns them in ascending order (on PostgreSQL, values
    /// taken by other transactions meanwhile may lie between them).
    public func reserve(_ count: Int, db: any SQLConnection) throws -> [Int64] {
        switch db.dialect {
        case .sqlite:
            guard let last = try db.statement("UPDATE counters SET value = value + ? WHERE name = ? RETURNING value")
                .firstRow([count, name], { $0.int64(0) }) else { preconditionFailure("no counter \(name)") }
            return Array(last - Int64(count) + 1...last)
        case .postgresql:
            return try db.statement("SELECT nextval(CAST(? AS regclass)) FROM generate_series(1, ?)")
                .rows([Self.sequence(of: name), count]) { $0.int64(0) }.sorted()
        }
    }

    /// Reserves the next value.
    public func next(db: any SQLConnection) throws -> Int64 {
        try reserve(1, db: db)[0]
    }

    /// The sequence of the counter called `name` on PostgreSQL.
    private static func sequence(of name: String) -> String { "counter_" + name }

    /// Makes, on PostgreSQL, the sequence of each counter in the table, going on from its row;
    /// nothing on SQLite.
    public static func makeSequences(db: any SQLConnection) throws {
        guard db.dialect == .postgresql else { return }
        let counters = try db.statement("SELECT name, value FROM counters ORDER BY name").rows { ($0.text(0), $0.int64(1)) }
        for (name, value) in counters {
            guard name.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) }) else { preconditionFailure("counter \(name)") }
            try db.execute("DROP SEQUENCE IF EXISTS \(sequence(of: name)); CREATE SEQUENCE \(sequence(of: name)) AS bigint MINVALUE 1")
            if value > 0 { try db.run("SELECT setval(CAST(? AS regclass), ?)", sequence(of: name), value) }
        }
    }

    /// A table source with the counters table's columns and the values the counters stand at
    /// (on PostgreSQL, the row or the sequence, whichever is further), for a copy of the table.
    public static func rowsAsTheyStand(on dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: "counters"
        case .postgresql:
            """
            (SELECT name, GREATEST(value, pg_sequence_last_value(CAST('\(sequence(of: ""))' || name AS regclass))) AS value
             FROM counters) AS counters
            """
        }
    }

    /// Moves each counter's sequence on PostgreSQL on to the value in its row, after rows were
    /// copied into the table; it never moves back. Nothing on SQLite.
    public static func catchUpSequences(db: any SQLConnection) throws {
        guard db.dialect == .postgresql else { return }
        try db.statement("""
            SELECT setval(s.sequence, GREATEST(s.value, COALESCE(pg_sequence_last_value(s.sequence), 0)))
            FROM (SELECT CAST('\(sequence(of: ""))' || name AS regclass) AS sequence, value FROM counters) AS s
            WHERE GREATEST(s.value, COALESCE(pg_sequence_last_value(s.sequence), 0)) > 0
            """).execute()
    }
}
