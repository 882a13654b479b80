import Foundation
import SQLEngine

/// An account: it logs in and owns address books.
public struct User: Sendable, Equatable {
    public let id: Int64
    public let username: String
    public let createdAt: Date

    /// The user in a row that begins with `id, username, created_at` of the users table.
    public init(row: any SQLRow) {
        self.init(id: row.int64(0), username: row.text(1), createdAt: StoredTime.date(row.int64(2)))
    }

    init(id: Int64, username: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.createdAt = createdAt
    }
}
