import Foundation
import Testing
import SQLEngine
@testable import SQLite

@Suite struct BindingTests {
    let database: Database

    init() throws {
        database = try Database(path: NSTemporaryDirectory() + "binding-\(UUID().uuidString).sqlite3")
        try database.execute("CREATE TABLE names (name TEXT NOT NULL)")
        try database.run("INSERT INTO names (name) VALUES (?)", "dave")
    }

    @Test func textWithANulIsTheWholeTextNotItsPrefix() throws {
        let matches = try database.statement("SELECT count(*) FROM names WHERE name = ?").firstRow(["dave\u{0}x"]) { $0.int(0) }
        #expect(matches == 0)
        try database.run("INSERT INTO names (name) VALUES (?)", "dave\u{0}x")
        let stored = try database.statement("SELECT name, length(CAST(name AS BLOB)) FROM names WHERE name <> 'dave'")
            .firstRow { ($0.text(0), $0.int(1)) }
        #expect(stored?.0 == "dave\u{0}x")
        #expect(stored?.1 == 6)
    }

    @Test func emptyTextBindsAsTextNotNull() throws {
        try database.run("INSERT INTO names (name) VALUES (?)", "")
        #expect(try database.statement("SELECT count(*) FROM names WHERE name = ?").firstRow([""]) { $0.int(0) } == 1)
    }

    @Test func textKeepsEveryByteOfMultiByteCharacters() throws {
        let name = "张伟 josé 😀"
        try database.run("INSERT INTO names (name) VALUES (?)", name)
        #expect(try database.statement("SELECT name FROM names WHERE name = ?").firstRow([name]) { $0.text(0) } == name)
    }
}
