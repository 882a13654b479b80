import Foundation
import Synchronization
import Testing
import SQLEngine
@testable import PostgreSQL

@Suite(.enabled(if: TestServer.isConfigured)) struct ConnectionPoolTests {
    private let counterTable = Migrator([
        Migration("counter") { db in
            try db.execute("CREATE TABLE counter (value bigint NOT NULL); INSERT INTO counter VALUES (0)")
        },
    ])

    @Test func aReadSeesOneSnapshot() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            let seen = try pool.read { db in
                let before = try db.statement("SELECT value FROM counter").firstRow { $0.int(0) }
                // Another connection of the pool writes and commits meanwhile.
                try pool.write { try $0.run("UPDATE counter SET value = ?", 7) }
                let after = try db.statement("SELECT value FROM counter").firstRow { $0.int(0) }
                return [before, after]
            }
            #expect(seen == [0, 0])
            #expect(try pool.read { try $0.statement("SELECT value FROM counter").firstRow { $0.int(0) } } == 7)
        }
    }

    @Test func aReadCannotWrite() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            let error = try #require(throws: PostgreSQLError.self) {
                try pool.read { try $0.run("UPDATE counter SET value = 1") }
            }
            #expect(error.sqlState == "25006")
        }
    }

    @Test func aSingleStatementReadRunsOneStatementOutsideATransaction() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable, connections: 1)
            // No transaction block around it (a read's connection is inside one): the statement is
            // its own snapshot.
            #expect(try pool.readSingle { ($0 as? Connection)?.isUsable } == true)
            #expect(try pool.read { ($0 as? Connection)?.isUsable } == false)
            let error = try #require(throws: PostgreSQLError.self) {
                try pool.readSingle { db in
                    _ = try db.statement("SELECT value FROM counter").firstRow { $0.int(0) }
                    return try db.statement("SELECT value + 1 FROM counter").firstRow { $0.int(0) }
                }
            }
            #expect(!error.isTemporary && error.message.contains("second statement"))
            // The limit ends with the read: the connection serves transactions as before.
            #expect(try pool.read { db in
                try [db.statement("SELECT value FROM counter").firstRow { $0.int(0) }, db.statement("SELECT 1").firstRow { $0.int(0) }]
            } == [0, 1])
        }
    }

    @Test func refreshingStatisticsAnalyzesTheTables() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            let analyzed = "SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'counter' AND last_analyze IS NOT NULL"
            #expect(try pool.read { try $0.statement(analyzed).firstRow { $0.int(0) } } == 0)
            try pool.refreshStatistics()
            // The statistics collector reports a moment later.
            var seen = 0
            for _ in 0..<100 where seen == 0 {
                seen = try pool.readSingle { try $0.statement(analyzed).firstRow { $0.int(0) } } ?? 0
                if seen == 0 { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(seen == 1)
        }
    }

    @Test func readsAnswerWhileEveryWriteWaitsForAnotherProcesssWriteLock() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable, connections: 2, lockTimeoutMilliseconds: 60_000)
            // Another process's write, holding the lock until this test lets it go.
            let other = try Connection(url: url)
            try other.execute("BEGIN; \(AdvisoryLock.take(AdvisoryLock.requests(for: .database)))")
            let writes = DispatchGroup()
            let failures = Mutex(0)
            // Threads of their own: blocked writers must not hold the threads a dispatch queue
            // would run the read on.
            for _ in 0..<3 {
                writes.enter()
                Thread.detachNewThread {
                    defer { writes.leave() }
                    do { try pool.write { try $0.run("UPDATE counter SET value = value + 1") } } catch { failures.withLock { $0 += 1 } }
                }
            }
            Thread.sleep(forTimeInterval: 0.3)  // the writes are waiting by now
            let read = DispatchGroup()
            let value = Mutex<Int?>(nil)
            read.enter()
            Thread.detachNewThread {
                defer { read.leave() }
                value.withLock { $0 = try? pool.readSingle { try $0.statement("SELECT value FROM counter").firstRow { $0.int(0) } } }
            }
            #expect(read.wait(timeout: .now() + 20) == .success, "a read waited for the write lock")
            #expect(value.withLock { $0 } == 0)
            try other.execute("COMMIT")
            #expect(writes.wait(timeout: .now() + 20) == .success)
            #expect(failures.withLock { $0 } == 0)
            #expect(try pool.readSingle { try $0.statement("SELECT value FROM counter").firstRow { $0.int(0) } } == 3)
        }
    }

    @Test func statisticsAreRefreshedAfterTheFirstFiveHundredWrites() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            let analyzed = "SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'counter' AND last_analyze IS NOT NULL"
            for _ in 1..<ConnectionPool.firstRefreshAfter { try pool.write { try $0.run("UPDATE counter SET value = value + 1") } }
            Thread.sleep(forTimeInterval: 0.5)
            #expect(try pool.readSingle { try $0.statement(analyzed).firstRow { $0.int(0) } } == 0)
            try pool.write { try $0.run("UPDATE counter SET value = value + 1") }
            var seen = 0
            for _ in 0..<200 where seen == 0 {
                seen = try pool.readSingle { try $0.statement(analyzed).firstRow { $0.int(0) } } ?? 0
                if seen == 0 { Thread.sleep(forTimeInterval: 0.05) }
            }
            #expect(seen == 1, "refreshed in the background after the 500th write")
        }
    }

    @Test func aWriteThatThrowsLeavesNoTrace() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            struct Stop: Error {}
            #expect(throws: Stop.self) {
                try pool.write { db in
                    try db.run("UPDATE counter SET value = 5")
                    throw Stop()
                }
            }
            #expect(try pool.read { try $0.statement("SELECT value FROM counter").firstRow { $0.int(0) } } == 0)
        }
    }

    @Test func writesOfTwoPoolsTakeTurns() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pools = [try ConnectionPool(url: url, migrator: counterTable), try ConnectionPool(url: url, migrator: counterTable)]
            let failures = Mutex<[String]>([])
            let threadsPerPool = 4, incrementsPerThread = 50
            let group = DispatchGroup()
            for pool in pools {
                for _ in 0..<threadsPerPool {
                    group.enter()
                    Thread.detachNewThread {
                        defer { group.leave() }
                        do {
                            for _ in 0..<incrementsPerThread {
                                try pool.write { db in
                                    // Read, then write what was read plus one: only right when no
                                    // other writer comes in between.
                                    let value = try db.statement("SELECT value FROM counter").firstRow { $0.int64(0) } ?? -1
                                    try db.run("UPDATE counter SET value = ?", value + 1)
                                }
                            }
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
            group.wait()
            #expect(failures.withLock { $0 } == [])
            let total = pools.count * threadsPerPool * incrementsPerThread
            #expect(try pools[1].read { try $0.statement("SELECT value FROM counter").firstRow { $0.int(0) } } == total)
        }
    }

    @Test func aWriterWaitingTooLongFailsTemporarily() throws {
        try TestServer.withScratchDatabase { url, _ in
            let holder = try ConnectionPool(url: url, migrator: counterTable)
            let waiter = try ConnectionPool(url: url, migrator: counterTable, lockTimeoutMilliseconds: 200)
            try holder.write { db in
                // The lock goes to the server with the first statement.
                try db.run("UPDATE counter SET value = 2")
                let error = try #require(throws: PostgreSQLError.self) { try waiter.write { try $0.run("UPDATE counter SET value = 3") } }
                #expect(error.sqlState == "55P03")
                #expect(error.isTemporary)
            }
            try waiter.write { try $0.run("UPDATE counter SET value = 1") }
        }
    }

    /// While one process's write holds `held`, which writes of another process get through at
    /// once and which wait (here, until their short lock timeout).
    @Test(arguments: [
        (WriteLocks.books([1], of: 1), [(WriteLocks.books([2], of: 1), true), (.books([3, 1], of: 1), false),
                                        (.books([4], of: 2), true), (.account(2), true), (.rows, true),
                                        (.account(1), false), (.database, false)]),
        (WriteLocks.account(1), [(WriteLocks.books([2], of: 1), false), (.books([5], of: 2), true), (.account(2), true),
                                 (.rows, true), (.account(1), false), (.database, false)]),
        (WriteLocks.rows, [(WriteLocks.books([2], of: 1), true), (.account(1), true), (.rows, true), (.database, false)]),
        (WriteLocks.database, [(WriteLocks.books([2], of: 1), false), (.account(1), false), (.rows, false)]),
    ])
    func writesWaitOnlyForTheLocksTheyShare(held: WriteLocks, others: [(locks: WriteLocks, getsThrough: Bool)]) throws {
        try TestServer.withScratchDatabase { url, _ in
            let holder = try ConnectionPool(url: url, migrator: counterTable)
            let other = try ConnectionPool(url: url, migrator: counterTable, lockTimeoutMilliseconds: 300)
            try holder.write(held) { db in
                try db.run("UPDATE counter SET value = value + 1")  // the locks go with the first statement
                for (locks, getsThrough) in others {
                    let outcome = Result { try other.write(locks) { _ = try $0.statement("SELECT 1").firstRow { $0.int(0) } } }
                    switch outcome {
                    case .success: #expect(getsThrough, "\(locks) got through beside \(held)")
                    case .failure(let error as PostgreSQLError):
                        #expect(!getsThrough && error.sqlState == "55P03", "\(locks) beside \(held): \(error)")
                    case .failure(let error): Issue.record(error)
                    }
                }
            }
        }
    }

    @Test func writesToDifferentBooksOfOneProcessRunSideBySide() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable, connections: 3, lockTimeoutMilliseconds: 2_000)
            // The second write begins and commits while the first is open.
            try pool.write(.books([1], of: 1)) { db in
                try db.run("UPDATE counter SET value = value + 1")
                try pool.write(.books([2], of: 1)) { try $0.run("INSERT INTO counter (value) SELECT 10 WHERE false") }
            }
            #expect(try pool.readSingle { try $0.statement("SELECT value FROM counter").firstRow { $0.int(0) } } == 1)
        }
    }

    @Test func twoPoolsOpeningTogetherMigrateOnce() throws {
        try TestServer.withScratchDatabase { url, _ in
            let migrator = Migrator([
                Migration("log") { db in
                    try db.execute("CREATE TABLE log (step integer NOT NULL)")
                    try db.execute("SELECT pg_sleep(0.3)")  // gives the other pool time to race
                    try db.run("INSERT INTO log VALUES (?)", 1)
                },
                Migration("second step") { db in try db.run("INSERT INTO log VALUES (?)", 2) },
            ])
            let failures = Mutex<[String]>([])
            let group = DispatchGroup()
            for _ in 0..<2 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    do { _ = try ConnectionPool(url: url, migrator: migrator) } catch { failures.withLock { $0.append("\(error)") } }
                }
            }
            group.wait()
            #expect(failures.withLock { $0 } == [])
            let pool = try ConnectionPool(url: url, migrator: migrator)
            #expect(try pool.read { try $0.statement("SELECT step FROM log ORDER BY step").rows { $0.int(0) } } == [1, 2])
            #expect(try pool.read { try $0.schemaVersion() } == 2)
        }
    }

    @Test func aFailingMigrationLeavesNoTrace() throws {
        try TestServer.withScratchDatabase { url, _ in
            let broken = Migrator(counterTable.migrations + [Migration("broken") { db in
                try db.execute("CREATE TABLE u (x integer)")
                try db.execute("THIS IS NOT SQL")
            }])
            #expect(throws: PostgreSQLError.self) { try ConnectionPool(url: url, migrator: broken) }
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            #expect(try pool.read { try $0.schemaVersion() } == 1)
            #expect(try pool.read { try $0.statement("SELECT to_regclass('u') IS NULL").firstRow { $0.int(0) } } == 1)
        }
    }

    @Test func refusesANewerSchema() throws {
        try TestServer.withScratchDatabase { url, _ in
            try Connection(url: url).setSchemaVersion(7)
            let migrator = Migrator(counterTable.migrations + [Migration("more") { _ in }])
            #expect(throws: MigrationError.newerSchema(version: 7, known: 2)) {
                try ConnectionPool(url: url, migrator: migrator)
            }
        }
    }

    @Test func theDialectIsPostgreSQLs() throws {
        try TestServer.withScratchDatabase { url, _ in
            let pool = try ConnectionPool(url: url, migrator: counterTable)
            #expect(pool.dialect == .postgresql)
        }
    }
}
