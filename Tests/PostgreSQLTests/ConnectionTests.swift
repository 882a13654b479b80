import Testing
import SQLEngine
@testable import PostgreSQL

@Suite(.enabled(if: TestServer.isConfigured)) struct ConnectionTests {
    /// Runs `body` with a connection to a scratch database holding an empty table `v`.
    private func withTable(_ body: (Connection) throws -> Void) throws {
        try TestServer.withTable("id serial PRIMARY KEY, i bigint, r double precision, t text, b bytea", body)
    }

    @Test func parametersAreNumberedAroundLiteralsIdentifiersAndComments() throws {
        try withTable { db in
            let row = try db.statement(#"SELECT ? AS "what?", '?' -- ?"# + "\n" + #", CAST(? AS bigint) + 1 /* ? */"#)
                .firstRow(["a?", 41]) { ($0.text(0), $0.text(1), $0.int(2)) }
            #expect(row?.0 == "a?")
            #expect(row?.1 == "?")
            #expect(row?.2 == 42)
        }
    }

    @Test func integersKeepTheirWholeRange() throws {
        try withTable { db in
            for value in [Int64.min, -1, 0, 1, Int64.max] {
                try db.run("INSERT INTO v (i) VALUES (?)", value)
                #expect(try db.statement("SELECT i FROM v WHERE i = ?").firstRow([value]) { $0.int64(0) } == value)
            }
        }
    }

    @Test func realsRoundTrip() throws {
        try withTable { db in
            for value in [0.1, -1.5e300, .leastNonzeroMagnitude, .infinity, -.infinity] {
                try db.run("INSERT INTO v (r) VALUES (?)", value)
                #expect(try db.statement("SELECT count(*) FROM v WHERE r = ?").firstRow([value]) { $0.int(0) } == 1)
            }
        }
    }

    @Test func textKeepsEveryCharacter() throws {
        try withTable { db in
            let text = "Zoë 😀👩‍👩‍👧 汉字かな 한국어 ∑"
            try db.run("INSERT INTO v (t) VALUES (?)", text)
            let stored = try #require(try db.statement("SELECT t, length(t), octet_length(t) FROM v").firstRow { ($0.text(0), $0.int(1), $0.int(2)) })
            #expect(stored == (text, text.unicodeScalars.count, text.utf8.count))
            #expect(try db.statement("SELECT count(*) FROM v WHERE t = ?").firstRow([text]) { $0.int(0) } == 1)
        }
    }

    @Test func emptyTextIsNotNull() throws {
        try withTable { db in
            try db.run("INSERT INTO v (id, t) VALUES (1, ?), (2, ?)", "", String?.none)
            let rows = try db.statement("SELECT t FROM v ORDER BY id").rows { ($0.isNull(0), $0.text(0), $0.optionalText(0)) }
            #expect(rows.map(\.0) == [false, true])
            #expect(rows.map(\.1) == ["", ""])
            #expect(rows.map(\.2) == ["", nil])
            #expect(try db.statement("SELECT count(*) FROM v WHERE t = ?").firstRow([""]) { $0.int(0) } == 1)
        }
    }

    @Test func blobsKeepEveryByte() throws {
        try withTable { db in
            let every = (0...255).map(UInt8.init)
            try db.run("INSERT INTO v (id, b) VALUES (1, ?), (2, ?), (3, ?)", every, [UInt8](), [UInt8]?.none)
            let rows = try db.statement("SELECT b, octet_length(b) FROM v ORDER BY id").rows { ($0.blob(0), $0.optionalInt(1), $0.isNull(0)) }
            #expect(rows.map(\.0) == [every, [], []])
            #expect(rows.map(\.1) == [256, 0, nil])
            #expect(rows.map(\.2) == [false, false, true])
            #expect(try db.statement("SELECT id FROM v WHERE b = ?").firstRow([every]) { $0.int(0) } == 1)
        }
    }

    /// Prepared statements keep one generic plan rather than being planned again at each execution.
    @Test func preparedStatementsKeepOneGenericPlan() throws {
        try withTable { db in
            let mode = try db.statement("SELECT current_setting('plan_cache_mode')").firstRow { $0.text(0) }
            #expect(mode == "force_generic_plan")
        }
    }

    @Test func booleansReadAsOneAndZero() throws {
        try withTable { db in
            let values = try db.statement("SELECT 1 = 1, 1 = 2, ? = 'x'").firstRow(["x"]) { [$0.int(0), $0.int(1), $0.int(2)] }
            #expect(values == [1, 0, 1])
        }
    }

    @Test func textWithANulIsRefusedBeforeItIsSent() throws {
        try withTable { db in
            try db.transaction("BEGIN") {
                let error = try #require(throws: PostgreSQLError.self) { try db.run("INSERT INTO v (t) VALUES (?)", "dave\u{0}x") }
                #expect(error.sqlState == "22021")
                #expect(!error.isTemporary)
                #expect(error.description.contains("NUL"))
                #expect(!error.description.contains("dave"))
                // Nothing reached the server: the transaction goes on.
                try db.run("INSERT INTO v (t) VALUES (?)", "dave")
            }
            #expect(try db.statement("SELECT t FROM v").rows { $0.text(0) } == ["dave"])
        }
    }

    @Test func changesCountsTheRowsOfTheLastWrite() throws {
        try withTable { db in
            try db.run("INSERT INTO v (i) VALUES (1), (2), (3)")
            #expect(db.changes == 3)
            try db.run("UPDATE v SET t = 'x' WHERE i >= ?", 2)
            #expect(db.changes == 2)
            _ = try db.statement("SELECT * FROM v").rows { $0.int(0) }
            #expect(db.changes == 2)
            try db.run("DELETE FROM v WHERE i > ?", 10)
            #expect(db.changes == 0)
            try db.execute("DELETE FROM v")
            #expect(db.changes == 3)
        }
    }

    @Test func errorsCarryTheSQLButNotTheValues() throws {
        try withTable { db in
            try db.execute("CREATE TABLE s (secret text UNIQUE)")
            try db.run("INSERT INTO s VALUES (?)", "hunter2")
            let duplicate = try #require(throws: PostgreSQLError.self) { try db.run("INSERT INTO s VALUES (?)", "hunter2") }
            #expect(duplicate.isConstraintViolation)
            #expect(!duplicate.isTemporary)
            #expect(duplicate.sqlState == "23505")
            #expect(duplicate.sql == "INSERT INTO s VALUES (?)")
            #expect(!duplicate.description.contains("hunter2"))

            let malformed = try #require(throws: PostgreSQLError.self) { try db.run("INSERT INTO v (i) VALUES (?)", "hunter2") }
            #expect(malformed.sqlState == "22P02")
            #expect(!malformed.isConstraintViolation)
            #expect(!malformed.description.contains("hunter2"))
        }
    }

    @Test func aWrongParameterCountIsRefused() throws {
        try withTable { db in
            let error = try #require(throws: PostgreSQLError.self) { try db.run("SELECT ?, ?", 1) }
            #expect(!error.isTemporary)
            #expect(error.sql == "SELECT ?, ?")
        }
    }

    @Test func schemaVersionStartsAtZeroAndIsRecorded() throws {
        try withTable { db in
            #expect(try db.schemaVersion() == 0)
            try db.setSchemaVersion(3)
            #expect(try db.schemaVersion() == 3)
            try db.setSchemaVersion(4)
            #expect(try db.schemaVersion() == 4)
            #expect(try db.statement("SELECT count(*) FROM schema_version").firstRow { $0.int(0) } == 1)
        }
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        try withTable { db in
            struct Stop: Error {}
            #expect(throws: Stop.self) {
                try db.transaction("BEGIN") {
                    try db.run("INSERT INTO v (i) VALUES (1)")
                    throw Stop()
                }
            }
            let count = try db.statement("SELECT count(*) FROM v").firstRow { $0.int(0) }
            #expect(count == 0)
            #expect(db.isUsable)
        }
    }

    @Test func refusesADatabaseThatIsNotUTF8() throws {
        try TestServer.withScratchDatabase(options: "ENCODING 'LATIN1' TEMPLATE template0") { url, _ in
            let error = try #require(throws: PostgreSQLError.self) { try Connection(url: url) }
            #expect(!error.isTemporary)
            #expect(error.message.contains("LATIN1"))
        }
    }

    @Test func theDialectIsPostgreSQLs() throws {
        try withTable { db in #expect(db.dialect == .postgresql) }
    }
}
