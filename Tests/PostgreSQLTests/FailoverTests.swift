import Testing
import SQLEngine
@testable import PostgreSQL

/// A server that stops taking writes (a standby, a demoted primary, `default_transaction_read_only`):
/// a temporary error, and the connection that met it replaced by one to a server taking writes.
@Suite(.enabled(if: TestServer.isConfigured)) struct FailoverTests {
    private let backendID = "SELECT pg_backend_pid()"

    @Test func theStatesOfAServerGoingAwayOrNotTakingWritesAreTemporary() {
        for state in ["25006", "57P01", "57P02", "57P03", "08006", "08001", "40001", "40P01"] {
            #expect(PostgreSQLError(sqlState: state, message: "").isTemporary, "\(state)")
        }
        #expect(PostgreSQLError(sqlState: "25006", message: "").isServerReadOnly)
        #expect(!PostgreSQLError(sqlState: "25P02", message: "").isTemporary)
    }

    @Test func onlyAServerTakingWritesIsConnectedToUnlessTheURLSaysOtherwise() throws {
        try TestServer.withScratchDatabase { url, admin in
            try admin.execute("ALTER DATABASE \(try databaseName(url)) SET default_transaction_read_only = on")
            let error = try #require(throws: PostgreSQLError.self) { try Connection(url: url) }
            #expect(error.isTemporary)
            #expect(error.message.contains("read-only"), "\(error)")
            let anyServer = try Connection(url: url + "&target_session_attrs=any")
            #expect(try anyServer.statement("SHOW transaction_read_only").firstRow { $0.text(0) } == "on")
        }
    }

    @Test func aWriteMeetingAReadOnlyServerFailsTemporarilyAndTheNextOneConnectsAgain() throws {
        try TestServer.withScratchDatabase { url, admin in
            try Connection(url: url).execute("CREATE TABLE v (id bigint PRIMARY KEY)")
            let name = try databaseName(url)
            try admin.execute("ALTER DATABASE \(name) SET default_transaction_read_only = on")
            // A connection made while the server took writes, or by a URL that accepts any server:
            // the server now refuses writes on it, as a demoted primary would.
            let pool = try ConnectionPool(url: url + "&target_session_attrs=any", migrator: Migrator([]), connections: 1)
            let readOnly = try pool.read { try $0.statement(backendID).firstRow { $0.int(0) } }
            let error = try #require(throws: PostgreSQLError.self) {
                try pool.write { try $0.run("INSERT INTO v VALUES (?)", 1) }
            }
            #expect(error.isTemporary && error.isServerReadOnly, "\(error)")

            try admin.execute("ALTER DATABASE \(name) RESET default_transaction_read_only")
            let writer = try pool.write { db in
                try db.run("INSERT INTO v VALUES (?)", 1)
                return try db.statement(backendID).firstRow { $0.int(0) }
            }
            #expect(writer != readOnly, "the read-only session was kept")
            #expect(try pool.read { try $0.statement("SELECT count(*) FROM v").firstRow { $0.int(0) } } == 1)
        }
    }

    private func databaseName(_ url: String) throws -> String {
        let connection = try Connection(url: url + "&target_session_attrs=any")
        return try #require(try connection.statement("SELECT current_database()").firstRow { $0.text(0) })
    }
}
