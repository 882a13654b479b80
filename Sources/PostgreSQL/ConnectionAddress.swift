/// A connection URI as the program is given it: libpq's URI, plus one query parameter of the
/// program's own, `pool_mode`, which says what sits between the program and PostgreSQL:
///
/// - `pool_mode=session` (the default): each connection is one server session for its whole life
///   (PostgreSQL itself, or a pooler in session mode), so statements are prepared once per
///   connection under names and the connection's settings are made once.
/// - `pool_mode=transaction`: a pooler in transaction mode (PgBouncer's `pool_mode = transaction`)
///   may hand each transaction to another server session, so nothing is left in the session
///   between transactions: statements are sent unnamed (parsed, bound and run in one round trip
///   each time) and the connection makes no settings of its own.
///
/// libpq refuses query parameters it does not know, so `pool_mode` is taken out of the URI
/// before libpq sees it.
struct ConnectionAddress: Equatable {
    enum PoolMode: String, CaseIterable {
        case session, transaction
    }

    static let poolModeParameter = "pool_mode"

    /// The URI for libpq: the one given, without `pool_mode`.
    let libpqURL: String
    let poolMode: PoolMode

    /// - Throws: a permanent `PostgreSQLError` (22023) when `pool_mode` is given a value other
    ///   than `session` or `transaction`, or is given twice.
    init(_ url: String) throws(PostgreSQLError) {
        guard let queryStart = url.firstIndex(of: "?") else {
            (libpqURL, poolMode) = (url, .session)
            return
        }
        var kept: [Substring] = []
        var modes: [Substring] = []
        for parameter in url[url.index(after: queryStart)...].split(separator: "&") {
            let (key, value) = parameter.firstIndex(of: "=").map { (parameter[..<$0], parameter[parameter.index(after: $0)...]) }
                ?? (parameter, "")
            if key == Self.poolModeParameter { modes.append(value) } else { kept.append(parameter) }
        }
        let choices = PoolMode.allCases.map(\.rawValue).joined(separator: " or ")
        guard modes.count <= 1, let mode = modes.first.map({ PoolMode(rawValue: String($0)) }) ?? .session else {
            throw PostgreSQLError(sqlState: "22023", message: "the URL's \(Self.poolModeParameter) must be given once, as \(choices)")
        }
        poolMode = mode
        libpqURL = String(url[..<queryStart]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
}
