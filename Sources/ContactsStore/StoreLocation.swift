import Foundation
import PostgreSQL

/// Where a store's data lives: a SQLite data directory (the default), or a PostgreSQL database
/// that any number of servers share.
public enum StoreLocation: Sendable, Equatable {
    /// The directory holding `contacts.sqlite3`, made (mode 0700) on first use.
    case directory(String)
    /// A libpq connection URI: `postgresql://user:password@host:port/database`, or
    /// `postgresql:///database?host=/run/postgresql`.
    case postgresql(url: String)

    /// The location named by `text`: a `postgresql://` or `postgres://` URI, else a directory.
    public init(_ text: String) {
        let lowered = text.lowercased()
        self = lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") ? .postgresql(url: text) : .directory(text)
    }
}

extension ContactStore {
    /// Opens the store at `location`, bringing its schema up to date.
    /// - Parameter busyTimeoutMilliseconds: how long an operation waits for another writer.
    ///   On PostgreSQL it bounds the wait for the database-wide write lock.
    public convenience init(at location: StoreLocation, busyTimeoutMilliseconds: Int32 = 10_000,
                            clock: @escaping @Sendable () -> Date = Date.init) throws {
        switch location {
        case .directory(let path):
            try self.init(directory: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, clock: clock)
        case .postgresql(let url):
            try self.init(clock: clock) {
                try ConnectionPool(url: url, migrator: Schema.postgresql, lockTimeoutMilliseconds: Int(busyTimeoutMilliseconds))
            }
        }
    }
}
