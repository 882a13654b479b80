import ContactsStore
import Foundation
import PostgreSQL
import SQLEngine
import SQLite
import StoreOpening
import Testing
import TestSupport

/// The engine the store's tests run on: SQLite, or PostgreSQL when `CONTACTS_TEST_ENGINE` is
/// `postgresql` (with `CONTACTS_TEST_POSTGRES` naming a server, as scripts/with-postgres.sh sets
/// it). One suite, run once per engine.
enum TestEngine {
    /// The PostgreSQL server's URL, or nil when the tests run on SQLite.
    static let postgresServer: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["CONTACTS_TEST_ENGINE"] == "postgresql" else { return nil }
        guard let server = environment["CONTACTS_TEST_POSTGRES"], !server.isEmpty else {
            preconditionFailure("CONTACTS_TEST_ENGINE=postgresql needs CONTACTS_TEST_POSTGRES (see scripts/with-postgres.sh)")
        }
        return server
    }()

    /// Whether the tests run on SQLite; tests of what only SQLite has (its file, its migrations,
    /// backups) run only then.
    static var isSQLite: Bool { postgresServer == nil }

    /// The PostgreSQL server scripts/with-postgres.sh gives, whichever engine the tests run on:
    /// for tests that move a store from one engine to the other; nil without one.
    static let anyPostgresServer: String? = ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

    /// `server` with its database replaced by `database`.
    static func url(_ server: String, database: String) -> String {
        guard var components = URLComponents(string: server) else { preconditionFailure("not a URL: \(server)") }
        components.path = "/" + database
        return components.string!
    }
}

/// A test's own database: a fresh directory under /tmp, or a fresh PostgreSQL database when the
/// tests run there (or when given a server); removed when the value goes away.
final class TemporaryDirectory: @unchecked Sendable {
    let path: String
    private let postgresDatabase: String
    /// The PostgreSQL server the database is made on; nil for a directory.
    private let postgresServer: String?
    private let lock = NSLock()
    private var created = false

    init(postgresServer: String? = TestEngine.postgresServer) {
        self.postgresServer = postgresServer
        let id = UUID().uuidString
        path = NSTemporaryDirectory() + "contacts-test-" + id
        postgresDatabase = "contacts_test_" + id.lowercased().replacingOccurrences(of: "-", with: "")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
        if created, let server = postgresServer {
            try? PostgreSQL.Connection(url: server).execute("DROP DATABASE IF EXISTS \(postgresDatabase) WITH (FORCE)")
        }
    }

    /// Where the stores of this test live.
    var location: StoreLocation {
        get throws {
            guard let server = postgresServer else { return .directory(path) }
            try lock.withLock {
                if !created {
                    try PostgreSQL.Connection(url: server).execute("CREATE DATABASE \(postgresDatabase)")
                    created = true
                }
            }
            return .postgresql(url: TestEngine.url(server, database: postgresDatabase))
        }
    }

    /// A store on this database; a second call opens the same one again.
    func store(clock: @escaping @Sendable () -> Date = Date.init) throws -> ContactStore {
        try ContactStore(at: try location, clock: clock)
    }

    /// A store on this database whose every transaction `log` records.
    func store(clock: @escaping @Sendable () -> Date = Date.init, log: StatementLog) throws -> ContactStore {
        let location = try location
        return try ContactStore(clock: clock) {
            switch location {
            case .directory(let path):
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                return LoggedDatabase(try DatabaseQueue(path: databasePath, migrator: ContactStore.migrator), log: log)
            case .postgresql(let url):
                return LoggedDatabase(try ConnectionPool(url: url, migrator: ContactStore.migrator), log: log)
            }
        }
    }

    /// A connection of its own to the store's database, for looking at rows as stored.
    func connection() throws -> any SQLConnection {
        switch try location {
        case .directory: try SQLite.Database(path: databasePath)
        case .postgresql(let url): try PostgreSQL.Connection(url: url)
        }
    }

    var databasePath: String { path + "/" + ContactStore.fileName }
}

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    var now: Date { lock.withLock { current } }

    func advance(days: Double) { advance(seconds: days * 86_400) }

    func advance(seconds: Double) { lock.withLock { current += seconds } }

    var function: @Sendable () -> Date { { self.now } }
}
