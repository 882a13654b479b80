import Foundation
import Synchronization
import Testing
import SQLEngine
@testable import SQLite

/// `DatabaseQueue`: reads are snapshots on their own connections, beside the one writer.
@Suite struct DatabaseQueueTests {
    let path = NSTemporaryDirectory() + "queue-\(UUID().uuidString).sqlite3"
    let queue: DatabaseQueue

    init() throws {
        queue = try DatabaseQueue(path: path, migrator: Migrator([Migration("counter") { db in
            try db.execute("CREATE TABLE counter (value INTEGER NOT NULL); INSERT INTO counter VALUES (1)")
        }]))
    }

    private static func value(_ db: any SQLConnection) throws -> Int {
        try db.statement("SELECT value FROM counter").firstRow { $0.int(0) } ?? -1
    }

    @Test func aReadDoesNotWaitForAWriteInProgressAndSeesWhatWasCommitted() throws {
        let writing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let writer = Thread { [queue] in
            try? queue.write { db in
                try db.run("UPDATE counter SET value = 2")
                writing.signal()
                release.wait()
            }
        }
        writer.start()
        writing.wait()
        // The write holds its transaction open: a read still answers, with the committed value.
        #expect(try queue.read(Self.value) == 1)
        release.signal()
        while try queue.read(Self.value) != 2 { Thread.sleep(forTimeInterval: 0.01) }
    }

    @Test func everyStatementOfAReadSeesOneSnapshot() throws {
        let seen = try queue.read { db -> (Int, Int) in
            let before = try Self.value(db)
            // Committed by the writer while this read is open.
            let done = DispatchSemaphore(value: 0)
            Thread { [queue] in
                try? queue.write { try $0.run("UPDATE counter SET value = value + 1") }
                done.signal()
            }.start()
            done.wait()
            return (before, try Self.value(db))
        }
        #expect(seen == (1, 1))
        #expect(try queue.read(Self.value) == 2)
    }

    @Test func manyReadersAtOnceAllAnswer() throws {
        let answered = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            if (try? queue.read(Self.value)) == 1 { answered.add(1, ordering: .relaxed) }
        }
        #expect(answered.load(ordering: .relaxed) == 64)
    }
}
