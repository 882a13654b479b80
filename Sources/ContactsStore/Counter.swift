import SQLEngine

/// The numbers the store hands out from the counters table: each value once, never again, even
/// after what it named is deleted.
enum Counter: String {
    case contactID = "contact_id"
    case userID = "user_id"
    case addressBookID = "address_book_id"
    case credentialsGeneration = "credentials_generation"

    /// Reserves the next `count` values; returns the last of them.
    func advance(by count: Int = 1, db: any SQLConnection) throws -> Int64 {
        guard let value = try db.statement("UPDATE counters SET value = value + ? WHERE name = ? RETURNING value")
            .firstRow([count, rawValue], { $0.int64(0) }) else { preconditionFailure("no counter \(rawValue)") }
        return value
    }

    /// Reserves the next `count` numbers and returns their ids (`OpaqueIDs`), in order.
    func reserveIDs(_ count: Int, db: any SQLConnection) throws -> [Int64] {
        let last = try advance(by: count, db: db)
        let ids = try OpaqueIDs(db: db)
        return try (last - Int64(count) + 1...last).map(ids.id(for:))
    }
}
