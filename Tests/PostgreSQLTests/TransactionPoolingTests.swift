import Testing
import SQLEngine
@testable import PostgreSQL

/// `pool_mode=transaction` in the URL: nothing left in the server session between transactions.
@Suite struct ConnectionAddressTests {
    @Test func poolModeIsTakenOutOfTheURLForLibpq() throws {
        let cases: [(String, String, ConnectionAddress.PoolMode)] = [
            ("postgresql://u@h/db", "postgresql://u@h/db", .session),
            ("postgresql://u@h/db?pool_mode=transaction", "postgresql://u@h/db", .transaction),
            ("postgresql://u@h1:5432,h2:5433/db?sslmode=disable&pool_mode=session&connect_timeout=3",
             "postgresql://u@h1:5432,h2:5433/db?sslmode=disable&connect_timeout=3", .session),
            ("postgresql:///db?host=/run/postgresql&pool_mode=transaction", "postgresql:///db?host=/run/postgresql", .transaction),
        ]
        for (given, libpq, mode) in cases {
            let address = try ConnectionAddress(given)
            #expect(address.libpqURL == libpq && address.poolMode == mode, "\(given)")
        }
    }

    @Test func anUnknownOrRepeatedPoolModeIsRefused() {
        for given in ["postgresql://u@h/db?pool_mode=statement", "postgresql://u@h/db?pool_mode",
                      "postgresql://u@h/db?pool_mode=transaction&pool_mode=session"] {
            let error = #expect(throws: PostgreSQLError.self) { try ConnectionAddress(given) }
            #expect(error?.isTemporary == false)
            #expect(error?.message.contains("pool_mode") == true)
        }
    }
}

@Suite(.enabled(if: TestServer.isConfigured)) struct TransactionPoolingTests {
    private let preparedCount = "SELECT count(*) FROM pg_prepared_statements"

    private func withTable(poolMode: String, _ body: (Connection) throws -> Void) throws {
        try TestServer.withScratchDatabase { url, _ in
            let db = try Connection(url: url + "&pool_mode=\(poolMode)")
            try db.execute("CREATE TABLE v (id bigint PRIMARY KEY, t text, b bytea)")
            try body(db)
        }
    }

    @Test func statementsAreSentUnnamedAndLeaveNothingInTheSession() throws {
        try withTable(poolMode: "transaction") { db in
            try db.transaction("BEGIN") {
                try db.send("INSERT INTO v (id, t, b) VALUES (?, ?, ?)", 1, "one", [0, 255] as [UInt8])
                try db.send("INSERT INTO v (id, t, b) VALUES (?, ?, ?)", 2, "two", [UInt8]?.none)
                #expect(try db.statement("SELECT t FROM v WHERE id > ? ORDER BY id").rows([0]) { $0.text(0) } == ["one", "two"])
            }
            #expect(try db.statement("SELECT b FROM v WHERE id = ?").firstRow([1]) { $0.blob(0) } == [0, 255])
            #expect(try db.statement(preparedCount).firstRow { $0.int(0) } == 0)
            #expect(try db.statement("SELECT current_setting('plan_cache_mode')").firstRow { $0.text(0) } == "auto",
                    "a session setting made at connect")
        }
    }

    @Test func sessionModePreparesEachStatementOnce() throws {
        try withTable(poolMode: "session") { db in
            for id in 1...3 { try db.run("INSERT INTO v (id) VALUES (?)", id) }
            #expect(try db.statement(preparedCount).firstRow { $0.int(0) } == 2)
        }
    }

    @Test(arguments: ["hex", "escape"]) func blobsReadTheSameInEitherOutputFormat(format: String) throws {
        try withTable(poolMode: "transaction") { db in
            let every = (0...255).map(UInt8.init)
            try db.run("INSERT INTO v (id, b) VALUES (1, ?), (2, ?)", every, [UInt8]())
            try db.execute("SET bytea_output = \(format)")
            #expect(try db.statement("SELECT b FROM v ORDER BY id").rows { $0.blob(0) } == [every, []])
        }
    }
}
