import Foundation
import StoreOpening
import Testing
import VCard

/// `contacts import` of Google's and Outlook's CSV files, told by content, and `contacts export
/// --format google-csv|outlook-csv`: the built binary on the ContactCSV fixtures and on files the tests write.
@Suite final class CSVCommandTests {
    let cli = CLIRunner()
    let files = NSTemporaryDirectory() + "contacts-csv-" + UUID().uuidString
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ContactCSVTests/Fixtures")

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
    }

    deinit {
        cli.removeData()
        try? FileManager.default.removeItem(atPath: files)
    }

    @Test(arguments: ["google-contacts-gb18030", "google-legacy-utf16le", "outlook-bom"])
    func importsByContentWhateverTheFileIsCalled(fixture: String) throws {
        let path = files + "/contacts.txt"
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(fixture + ".csv").path, toPath: path)
        let result = try cli.run(["import", "--user", "alice", path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Imported 2, updated 0, already there 0, skipped 0, failed 0.\n")
        let list = try cli.list("alice")
        let zhang = try #require(list.first { $0["name"] as? String == "张伟" })
        #expect(zhang["phones"] as? [String] == ["+86 138 0013 8000", "+86 10 8888 8888"])
        #expect((zhang["emails"] as? [String])?.prefix(2) == ["zhangwei@example.com", "wei.zhang@example.cn"])
        #expect(zhang["birthday"] as? String == "1990-05-17")
        #expect(zhang["note"] as? String == "第一行\n第二行, 有逗号")
        #expect(zhang["address"] as? String == "朝阳区建国路 88 号, 北京, 北京市, 100022, 中国")
        let smith = try #require(list.first { ($0["name"] as? String)?.contains("Smith") == true })
        #expect(smith["emails"] as? [String] == ["john@example.com"])
        #expect(Set(smith["phones"] as? [String] ?? []) == ["555-0100", "555-0101", "555-0102"])
    }

    @Test func rowErrorsAreReportedByRowAndTheOtherRowsImported() throws {
        let path = try write("mixed.csv", "First Name,Last Name,Birthday\r\nAnn,Lee,1990-01-02\r\n\"Bad\r\nRow\",Two\r\n,,1990-01-03\r\nCat,Wu,\r\n")
        let result = try cli.run(["import", "--user", "alice", path])
        #expect(result.status == 1)
        #expect(result.output == "Imported 2, updated 0, already there 0, skipped 0, failed 2.\n")
        #expect(result.error == """
            contacts: 2 cards not imported:
              \(path): row 3: 2 fields where the header has 3
              \(path): row 4: The card has no name (FN, N or ORG)

            """)
        #expect(try cli.list("alice").compactMap { $0["name"] as? String } == ["Ann Lee", "Cat Wu"])
    }

    @Test func aCSVOfAnotherProgramIsRefusedWholeAndWritesNothing() throws {
        let path = try write("other.csv", "Nom,Téléphone\nAnn,1\n")
        let result = try cli.run(["import", "--user", "alice", path])
        #expect(result.status == 1)
        #expect(result.output == "Imported 0, updated 0, already there 0, skipped 0, failed 1.\n")
        #expect(result.error.contains("\(path): row 1: the first row is not the header of a Google Contacts or Outlook CSV export"))
        #expect(try cli.list("alice").isEmpty)
    }

    @Test func aCSVOverTheSizeLimitIsRefusedWithoutReadingItAll() throws {
        let path = files + "/huge.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("First Name,Notes\nAnn,\"".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<65 { try handle.write(contentsOf: chunk) }
        try handle.close()
        let result = try cli.run(["import", "--user", "alice", path])
        #expect(result.status == 1)
        #expect(result.output == "Imported 0, updated 0, already there 0, skipped 0, failed 1.\n")
        #expect(result.error.contains("\(path): row 1: a CSV file can be at most 64 MiB"))
        #expect(try cli.list("alice").isEmpty)
    }

    @Test func csvFromStandardInput() throws {
        let result = try cli.run(["import", "--user", "alice", "-"], input: "E-mail Address,First Name\nann@example.com,Ann\n")
        #expect(result.status == 0, "\(result.error)")
        #expect(try cli.list("alice").compactMap { $0["emails"] as? [String] } == [["ann@example.com"]])
    }

    @Test(arguments: [("google-csv", "First Name,Middle Name,Last Name,Phonetic First Name,"), ("outlook-csv", "First Name,Middle Name,Last Name,Title,")])
    func exportsCSVThatImportsBack(format: String, header: String) throws {
        #expect(try cli.run(["import", "--user", "alice", Self.fixtures.appendingPathComponent("google-contacts.csv").path]).status == 0)
        let path = files + "/export.csv"
        let result = try cli.run(["export", "--user", "alice", "--format", format, "--output", path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Exported 2 contacts to \(path).\n")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF] + Array(header.utf8)))
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(text.hasSuffix("\r\n") && text.contains("\r\nJohn,Q,Smith,"))
        #expect(text.contains("\"第一行\n第二行, 有逗号\""))

        let imported = try cli.run(["import", "--user", "bob", path])
        #expect(imported.output == "Imported 2, updated 0, already there 0, skipped 0, failed 0.\n", "\(imported.error)")
        /// What both formats keep; Outlook's dates cannot leave out the year, so it has no birthday without one.
        func essentials(_ user: String) throws -> [[String]] {
            try cli.list(user).map { contact in
                let birthday = contact["birthday"] as? String ?? ""
                return [contact["name"] as? String ?? "", format == "outlook-csv" && birthday.hasPrefix("--") ? "" : birthday,
                        contact["note"] as? String ?? ""]
                    + (contact["phones"] as? [String] ?? []) + (contact["emails"] as? [String] ?? [])
            }
        }
        #expect(try essentials("bob") == essentials("alice"))
    }

    @Test func exportsOneContactAsCSVToStandardOutput() throws {
        #expect(try cli.run(["import", "--user", "alice", Self.fixtures.appendingPathComponent("outlook.csv").path]).status == 0)
        let id = try #require(try cli.list("alice").first { $0["name"] as? String == "张伟" }?["id"] as? Int)
        let result = try cli.run(["export", "--user", "alice", "--format", "outlook-csv", String(id)])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.components(separatedBy: "\r\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("\u{FEFF}First Name,") && lines[1].hasPrefix("伟,,张,"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try cli.run(["export", "--user", "alice", "--format", "xlsx"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("contacts: --format must be vcard, google-csv or outlook-csv, not \"xlsx\"\n"))
    }

    @Test func vCardStaysTheDefault() throws {
        #expect(try cli.run(["import", "--user", "alice", Self.fixtures.appendingPathComponent("outlook.csv").path]).status == 0)
        let plain = try cli.run(["export", "--user", "alice"])
        let named = try cli.run(["export", "--user", "alice", "--format", "vcard"])
        #expect(plain.output.hasPrefix("BEGIN:VCARD\r\n") && plain.output == named.output)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = files + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
