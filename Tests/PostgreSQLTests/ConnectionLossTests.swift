import Testing
import SQLEngine
@testable import PostgreSQL

@Suite(.enabled(if: TestServer.isConfigured)) struct ConnectionLossTests {
    private let backendID = "SELECT pg_backend_pid()"

    @Test func aTerminatedIdleConnectionIsReplaced() throws {
        try TestServer.withScratchDatabase { url, admin in
            let pool = try ConnectionPool(url: url, migrator: Migrator([]), connections: 1)
            let first = try #require(try pool.read { try $0.statement(backendID).firstRow { $0.int(0) } })
            try admin.run("SELECT pg_terminate_backend(?, 5000)", first)
            // Lost while idle: nothing had begun, so the pool begins again on a new connection.
            let second = try #require(try pool.read { try $0.statement(backendID).firstRow { $0.int(0) } })
            #expect(second != first)
            try admin.run("SELECT pg_terminate_backend(?, 5000)", second)
            let third = try pool.write { try $0.statement(backendID).firstRow { $0.int(0) } }
            #expect(third != second)
        }
    }

    @Test func aSingleStatementReadMeetingALostConnectionRunsAgainOnANewOne() throws {
        try TestServer.withScratchDatabase { url, admin in
            let pool = try ConnectionPool(url: url, migrator: Migrator([]), connections: 1)
            let first = try #require(try pool.readSingle { try $0.statement(backendID).firstRow { $0.int(0) } })
            try admin.run("SELECT pg_terminate_backend(?, 5000)", first)
            let second = try #require(try pool.readSingle { try $0.statement(backendID).firstRow { $0.int(0) } })
            #expect(second != first)
        }
    }

    @Test func aConnectionTerminatedInATransactionFailsItTemporarily() throws {
        try TestServer.withScratchDatabase { url, admin in
            let pool = try ConnectionPool(url: url, migrator: Migrator([]), connections: 1)
            let error = try #require(throws: PostgreSQLError.self) {
                try pool.write { db in
                    let id = try db.statement(backendID).firstRow { $0.int(0) }
                    try admin.run("SELECT pg_terminate_backend(?, 5000)", try #require(id))
                    try db.execute("SELECT 1")
                }
            }
            #expect(error.isTemporary)
            #expect(try pool.write { try $0.statement("SELECT 1").firstRow { $0.int(0) } } == 1)
        }
    }

    @Test func aDatabaseGoneMeansTemporaryErrors() throws {
        try TestServer.withScratchDatabase { url, admin in
            let pool = try ConnectionPool(url: url, migrator: Migrator([]))
            let name = try #require(try pool.read { try $0.statement("SELECT current_database()").firstRow { $0.text(0) } })
            try admin.execute("DROP DATABASE \(name) WITH (FORCE)")
            for _ in 0..<2 {
                let error = try #require(throws: PostgreSQLError.self) { try pool.write { _ in } }
                #expect(error.isTemporary)
            }
        }
    }
}

/// A server out of reach, which needs no test server.
@Suite struct UnreachableServerTests {
    @Test func nothingListeningIsATemporaryErrorAtOnce() throws {
        let port = try LocalPort(listening: false)
        let url = "postgresql://contacts@127.0.0.1:\(port.number)/contacts"
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: PostgreSQLError.self) { try ConnectionPool(url: url, migrator: Migrator([])) }
        #expect(error.isTemporary)
        #expect(clock.now - start < .seconds(3))
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let port = try LocalPort(listening: true)
        let clock = ContinuousClock()
        // The URI's own connect_timeout, then the default of 5 seconds.
        let cases: [(query: String, within: ClosedRange<Duration>)] = [
            ("?connect_timeout=2", .seconds(2) ... .milliseconds(4500)),
            ("", .seconds(4) ... .seconds(8)),
        ]
        for (query, within) in cases {
            let start = clock.now
            let error = try #require(throws: PostgreSQLError.self) {
                try Connection(url: "postgresql://contacts@127.0.0.1:\(port.number)/contacts\(query)")
            }
            #expect(error.isTemporary)
            #expect(within.contains(clock.now - start))
        }
    }
}
