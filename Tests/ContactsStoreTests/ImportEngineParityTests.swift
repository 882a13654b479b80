import Foundation
import SQLEngine
import TestSupport
import Testing
import VCard
@testable import ContactsStore

/// The same imports store the same rows on PostgreSQL as on SQLite: every column of every table,
/// for the interop corpus and for generated cards that take each path of an import (groups,
/// photos, UIDs repeated in a batch and across batches, cards without a UID or whose name cannot
/// be a resource name, contacts in the trash giving way, each conflict policy).
@Suite(.enabled(if: TestEngine.anyPostgresServer != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"))
struct ImportEngineParityTests {
    let onSQLite = TemporaryDirectory(postgresServer: nil)
    let onPostgreSQL = TemporaryDirectory(postgresServer: TestEngine.anyPostgresServer)

    @Test func importsStoreTheSameRowsOnBothEngines() throws {
        let stores = try [onSQLite, onPostgreSQL].map { try $0.store(clock: TestClock().function) }
        let summaries = try stores.map(Self.importEverything)
        #expect(summaries[0] == summaries[1], "the same summaries")
        #expect(summaries[0].contains { $0.updated > 0 } && summaries[0].contains { $0.skipped > 0 }
                && summaries[0].contains { !$0.failures.isEmpty }, "updates, skips and failures were all tried")
        let rows = try stores.map { try Self.comparable(StoredRows(of: $0)) }
        #expect(rows[0].columns == rows[1].columns, "the same tables and columns")
        for table in rows[0].columns.keys.sorted() {
            #expect(!(rows[0].rows[table] ?? []).isEmpty || !Self.writtenTables.contains(table), "the imports wrote \(table)")
            let (sqlite, postgresql) = (rows[0].rows[table] ?? [], rows[1].rows[table] ?? [])
            #expect(sqlite == postgresql, "every row of \(table), every column: \(Self.difference(sqlite, postgresql))")
        }
    }

    /// A few of the rows only one side has, shortened: enough to see what differs.
    private static func difference(_ sqlite: [[SQLValue]], _ postgresql: [[SQLValue]]) -> String {
        let (left, right) = (sqlite.map { "\($0)" }, postgresql.map { "\($0)" })
        let (onlyLeft, onlyRight) = (Set(left).subtracting(right), Set(right).subtracting(left))
        func some(_ rows: Set<String>) -> String { rows.sorted().prefix(3).map { String($0.prefix(400)) }.joined(separator: "\n") }
        return "\(sqlite.count) and \(postgresql.count) rows; only on SQLite:\n\(some(onlyLeft))\nonly on PostgreSQL:\n\(some(onlyRight))"
    }

    /// The tables the imports must have written for the comparison to mean anything.
    private static let writtenTables: Set<String> = ["contacts", "changes", "photos", "group_members", "address_books"]

    /// Every corpus file, then the generated cards four times: as they are, after some of their
    /// contacts went to the trash, and again under each other policy.
    private static func importEverything(into store: ContactStore) throws -> [ImportSummary] {
        // Ids are a permutation keyed by the installation's secret: the same secret, the same ids.
        try store.queue.write(.database) { db in
            try db.run("INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                       OpaqueIDs.secretName, Array("one key for both engines".utf8))
        }
        let user = try store.createUser(username: "alice", password: "correct horse battery staple")
        let scope = try store.defaultAddressBook(for: user)
        func run(_ bytes: [UInt8], _ policy: ImportConflictPolicy) throws -> ImportSummary {
            var reader = VCardReader(bytes: bytes)
            return try store.importVCards(from: &reader, into: scope, onConflict: policy)
        }
        var summaries = try Corpus.files.map { try run(Array($0.bytes), .update) }
        let generated = generatedCards()
        summaries.append(try run(generated, .update))
        for contact in try store.contacts(in: scope) where contact.uid.hasPrefix("gen-") && contact.uid.hasSuffix("3") {
            try store.deleteContact(id: contact.id, in: scope)
        }
        for policy in [ImportConflictPolicy.skip, .copy, .update] { summaries.append(try run(generated, policy)) }
        return summaries
    }

    /// 1,200 cards, more than a batch: one in seven in one of five groups, one in ten with a
    /// photo, a group card naming members by UID, each 50th card repeating the UID before it
    /// and those past 1,100 repeating one of the first batch, some without a UID, some whose
    /// UID makes no resource name, and one that cannot be stored.
    private static func generatedCards() -> [UInt8] {
        let photo = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) }).base64EncodedString()
        var text = ""
        for index in 0..<1_200 {
            var lines = ["FN:Person \(index)", "N:\(index);Person;;;", "TEL;TYPE=CELL:+86 138 \(1000 + index)"]
            switch index {
            case _ where index % 100 == 99: break
            case _ where index % 50 == 0 && index > 0: lines.append("UID:gen-\(index - 1)")
            case _ where index > 1_100: lines.append("UID:gen-\(index - 1_100)")
            case _ where index % 97 == 5: lines.append("UID:gen/\(index)")
            default: lines.append("UID:gen-\(index)")
            }
            if index % 7 == 0 { lines.append("CATEGORIES:Team \(index % 5)") }
            if index % 10 == 0 { lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + photo) }
            if index % 300 == 1 {
                lines = ["FN:Group \(index)", "N:Group \(index);;;;", "X-ADDRESSBOOKSERVER-KIND:group", "UID:group-\(index)"]
                    + (0..<5).map { "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:gen-\(index + 10 * $0 + 2)" }
            }
            if index == 777 { lines = ["FN:", "BDAY:not a date at all"] }
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
        }
        return Array(text.utf8)
    }

    /// The rows with what is random on every store left out: the password hashes, the books'
    /// salts, and the UIDs the store made (each written as the id of its contact, and group
    /// cards' member lines sorted, as those UIDs sorted them).
    private static func comparable(_ stored: StoredRows) throws -> StoredRows {
        var idsOfMadeUIDs: [String: Int64] = [:]
        for contact in stored.records(of: "contacts") {
            if case .text(let uid) = contact["uid"], uid.wholeMatch(of: madeUID) != nil, case .integer(let id) = contact["id"] {
                idsOfMadeUIDs[uid] = id
            }
        }
        let random = Set(stored.columns["users", default: []].filter { $0 != "id" && $0 != "username" }.map { "users." + $0 })
        return stored.without(columns: random.union(["address_books.sync_salt"]), rowsOf: ["counters"]).mappingTexts { text in
            let named = text.replacing(madeUID) { match in "made-uid-of-\(idsOfMadeUIDs[String(match.output)].map(String.init) ?? "?")" }
            // A group card lists its members in the order of their UIDs, which were random.
            guard named.contains("X-ADDRESSBOOKSERVER-MEMBER:") else { return named }
            return named.split(separator: "\n", omittingEmptySubsequences: false).sorted().joined(separator: "\n")
        }
    }

    /// A UID as `ContactUID.make` writes one (a version 7 UUID).
    nonisolated(unsafe) private static let madeUID = /[0-9A-F]{8}-[0-9A-F]{4}-7[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}/
}
