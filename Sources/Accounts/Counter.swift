import SQLEngine

/// A number handed out from the counters table: each value once, never again, even after what
/// it named is deleted.
public struct Counter: Sendable {
    /// Its row in the counters table.
    let name: String

    public init(_ name: String) {
        self.name = name
    }

    static let userID = Counter("user_id")
    static let credentialsGeneration = Counter("credentials_generation")

    /// Reserves the next `count` values; returns the last of them.
    public func advance(by count: Int = 1, db: any SQLConnection) throws -> Int64 {
        guard let value = try db.statement("UPDATE counters SET value = value + ? WHERE name = ? RETURNING value")
            .firstRow([count, name], { $0.int64(0) }) else { preconditionFailure("no counter \(name)") }
        return value
    }
}
