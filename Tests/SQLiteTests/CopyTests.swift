import Foundation
import Testing
import SQLEngine
@testable import SQLite

/// `Database.copy(over:)`: SQLite's online backup, one snapshot, the destination replaced whole.
@Suite struct CopyTests {
    let directory = NSTemporaryDirectory() + "copy-\(UUID().uuidString)/"

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private func count(_ database: Database, _ table: String = "t") throws -> Int {
        try database.statement("SELECT count(*) FROM \(table)").firstRow { $0.int(0) } ?? -1
    }

    /// A database of a few hundred pages.
    private func filledSource() throws -> Database {
        let source = try Database(path: directory + "source.sqlite3")
        try source.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB)")
        try source.transaction("BEGIN IMMEDIATE") {
            for id in 1...2_000 { try source.run("INSERT INTO t (id, payload) VALUES (?, randomblob(500))", id) }
        }
        return source
    }

    @Test func theCopyIsTheSnapshotItStartedFromWhileAnotherConnectionWrites() throws {
        let source = try filledSource()
        let writer = try Database(path: directory + "source.sqlite3")
        let destination = try Database(path: directory + "copy.sqlite3")
        var steps: [(copied: Int, total: Int)] = []
        try source.copy(over: destination, pagesPerStep: 16) { copied, total in
            if steps.isEmpty { try? writer.run("INSERT INTO t (id, payload) VALUES (?, zeroblob(10))", 9_999) }
            steps.append((copied, total))
        }
        #expect(steps.count > 10, "the copy went in steps")
        #expect(steps.last.map { $0.copied == $0.total } == true)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.copied < $1.copied })
        #expect(try count(destination) == 2_000)
        #expect(try count(source) == 2_001, "the write made during the copy is in the source")
        #expect(try destination.statement("SELECT sum(length(payload)) FROM t").firstRow { $0.int(0) } == 2_000 * 500)
        #expect(try destination.integrityProblems().isEmpty)
    }

    @Test func theDestinationIsReplacedWhole() throws {
        let source = try filledSource()
        let destination = try Database(path: directory + "copy.sqlite3")
        try destination.execute("CREATE TABLE other (x); INSERT INTO other VALUES (1)")
        try source.copy(over: destination)
        let tables = try destination.statement("SELECT name FROM sqlite_schema WHERE type = 'table'").rows { $0.text(0) }
        #expect(tables == ["t"])
        #expect(try count(destination) == 2_000)
    }

    @Test func aReadOnlyConnectionReadsButNeverWrites() throws {
        _ = try filledSource()
        let reader = try Database(readingOnly: directory + "source.sqlite3")
        #expect(try count(reader) == 2_000)
        #expect(throws: DatabaseError.self) { try reader.execute("DELETE FROM t") }
        #expect(try count(reader) == 2_000)
    }

    @Test func aFileThatIsNotADatabaseFailsOnFirstRead() throws {
        let path = directory + "notes.txt"
        try Data("just some notes, long enough to fill a header of a hundred bytes or so, and then some more text".utf8)
            .write(to: URL(fileURLWithPath: path))
        let reader = try Database(readingOnly: path)
        #expect(throws: DatabaseError.self) { _ = try reader.schemaVersion() }
    }
}
