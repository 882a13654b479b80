import Testing
import SQLEngine
@testable import PostgreSQL

/// Statements sent without waiting (`SQLStatement.send`): read with the next statement that
/// waits, in order, their errors thrown there, the transaction all or nothing as ever.
@Suite(.enabled(if: TestServer.isConfigured)) struct PipelineTests {
    /// Runs `body` with a connection to a scratch database holding an empty table `v` whose `t` is unique.
    private func withTable(_ body: (Connection) throws -> Void) throws {
        try TestServer.withTable("id bigint PRIMARY KEY, t text UNIQUE, b bytea", body)
    }

    private func count(_ db: Connection) throws -> Int? {
        try db.statement("SELECT count(*) FROM v").firstRow { $0.int(0) }
    }

    @Test func sentStatementsRunInOrderBeforeTheNextOneThatWaits() throws {
        try withTable { db in
            try db.transaction("BEGIN") {
                try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 1, "one")
                try db.send("UPDATE v SET t = ? WHERE id = ?", "uno", 1)
                try db.send("INSERT INTO v (id, t, b) VALUES (?, ?, ?)", 2, "two", [0, 255] as [UInt8])
                #expect(try db.statement("SELECT t FROM v ORDER BY id").rows { $0.text(0) } == ["uno", "two"])
                try db.send("DELETE FROM v WHERE id = ?", 2)
            }
            #expect(try count(db) == 1, "the COMMIT read the last one's result with its own")
            #expect(db.isUsable)
        }
    }

    @Test func theErrorOfASentStatementIsThrownAtTheNextThatWaitsAndNothingIsWritten() throws {
        try withTable { db in
            try db.run("INSERT INTO v (id, t) VALUES (1, 'taken')")
            #expect {
                try db.transaction("BEGIN") {
                    try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 2, "fine")
                    try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 3, "taken")
                    try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 4, "skipped")
                    _ = try db.statement("SELECT count(*) FROM v").firstRow { $0.int(0) }
                    Issue.record("the SELECT answered after a failed statement")
                }
            } throws: { error in
                let error = error as? PostgreSQLError
                return error?.isConstraintViolation == true && error?.sql?.contains("INSERT") == true
            }
            #expect(db.isUsable, "rolled back, out of pipeline mode")
            #expect(try count(db) == 1)
        }
    }

    @Test func anErrorFoundOnlyByTheCommitRollsTheTransactionBack() throws {
        try withTable { db in
            var caught: PostgreSQLError?
            do {
                try db.transaction("BEGIN") {
                    try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 1, "a")
                    try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 1, "b")
                }
            } catch {
                caught = error as? PostgreSQLError
            }
            #expect(caught?.isConstraintViolation == true)
            #expect(db.isUsable)
            #expect(try count(db) == 0)
            try db.transaction("BEGIN") { try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 1, "a") }
            #expect(try count(db) == 1, "the connection goes on working")
        }
    }

    @Test func manyMoreStatementsThanThePipelineHoldsAreAllRun() throws {
        try withTable { db in
            try db.transaction("BEGIN") {
                for id in 1...1_000 { try db.send("INSERT INTO v (id, t, b) VALUES (?, ?, ?)", id, "row \(id)", [UInt8](repeating: 7, count: 2_000)) }
            }
            #expect(try db.statement("SELECT count(*), sum(length(b)) FROM v").firstRow { [$0.int(0), $0.int(1)] } == [1_000, 2_000_000])
        }
    }

    /// The statement that waits fills the pipeline to its limit, or goes one past it.
    @Test(arguments: [Connection.unreadLimit - 2, Connection.unreadLimit - 1, Connection.unreadLimit])
    func theStatementThatFillsThePipelineGetsItsOwnAnswer(sent: Int) throws {
        try withTable { db in
            try db.transaction("BEGIN") {
                for id in 1...sent { try db.send("INSERT INTO v (id) VALUES (?)", id) }
                #expect(try count(db) == sent)
                for id in 1...sent { try db.send("UPDATE v SET t = ? WHERE id = ?", "row \(id)", id) }
            }
            #expect(try db.statement("SELECT count(t) FROM v").firstRow { $0.int(0) } == sent)
            #expect(db.isUsable)
        }
    }

    @Test func severalStatementsInOneStringRunAfterThoseSentBefore() throws {
        try withTable { db in
            try db.transaction("BEGIN") {
                try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 1, "one")
                try db.execute("UPDATE v SET t = t || '+'; INSERT INTO v (id, t) VALUES (2, 'two')")
            }
            #expect(try db.statement("SELECT t FROM v ORDER BY id").rows { $0.text(0) } == ["one+", "two"])
        }
    }

    @Test func aStatementPreparedFirstWhileOthersWaitSeesThem() throws {
        try withTable { db in
            try db.transaction("BEGIN") {
                try db.send("INSERT INTO v (id, t) VALUES (?, ?)", 1, "one")
                // A statement this connection never ran: preparing it reads the pipeline first.
                try db.send("INSERT INTO v (id, t) SELECT id + 1, t || '+' FROM v WHERE id = ?", 1)
            }
            #expect(try db.statement("SELECT t FROM v ORDER BY id").rows { $0.text(0) } == ["one", "one+"])
        }
    }
}
