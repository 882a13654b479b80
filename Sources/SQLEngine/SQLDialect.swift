/// The constructs the engines spell differently, for the statements the store shares.
public enum SQLDialect: Sendable {
    case sqlite
    case postgresql

    /// A table source named `alias` of the strings in the JSON array bound to its `?`, with
    /// columns `value` (the string) and `key` (its position).
    public func jsonStrings(as alias: String) -> String {
        switch self {
        case .sqlite: "json_each(?) AS \(alias)"
        case .postgresql: "json_array_elements_text(CAST(? AS json)) WITH ORDINALITY AS \(alias)(value, key)"
        }
    }

    /// A statement that makes the rest of the transaction look rows up by their indexes rather
    /// than scan or hash whole tables (PostgreSQL's planner settings, local to the transaction),
    /// for statements driven by a few rows whose estimates the planner cannot know; nil where
    /// the engine only ever looks up (SQLite's nested loops).
    public var indexLookupsForTheRestOfTheTransaction: String? {
        switch self {
        case .sqlite: nil
        case .postgresql:
            "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true), "
                + "set_config('enable_mergejoin', 'off', true)"
        }
    }

    /// After a table's name in FROM: read it through the index `name` (SQLite's INDEXED BY, for
    /// a covering index its planner, without statistics, would pass over for a unique one that
    /// leads to the table's rows); nothing on PostgreSQL, which plans with statistics.
    public func reading(through index: String) -> String {
        switch self {
        case .sqlite: "INDEXED BY \(index)"
        case .postgresql: ""
        }
    }

    /// The join that keeps its left side (a list above) as the outer loop, in the list's order:
    /// SQLite's CROSS JOIN does; PostgreSQL plans a plain one so.
    public var listJoin: String {
        switch self {
        case .sqlite: "CROSS JOIN"
        case .postgresql: "JOIN"
        }
    }

    /// The same JSON array read as 64-bit integers.
    public func jsonIntegers(as alias: String) -> String {
        switch self {
        case .sqlite: "json_each(?) AS \(alias)"
        case .postgresql: "(SELECT CAST(e AS bigint) AS value, k AS key FROM json_array_elements_text(CAST(? AS json)) WITH ORDINALITY AS j(e, k)) AS \(alias)"
        }
    }
}
