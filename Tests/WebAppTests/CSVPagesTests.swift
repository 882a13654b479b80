import ContactsStore
import Foundation
import Testing
import VCard

/// Google's and Outlook's CSV files through the web import, and the book exported as CSV.
@Suite struct CSVPagesTests {
    let app: RunningApp
    let alice: WebSession
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ContactCSVTests/Fixtures")

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts/import")
    }

    private func contacts(of user: String) throws -> [(name: String, emails: [String])] {
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: user))
        return try app.store.contacts(in: scope).map { ($0.details.name, $0.details.emails.map(\.address)) }
    }

    /// A copy of a fixture under another name, so that only its content can tell what it is.
    private func fixture(_ name: String, as fileName: String) throws -> String {
        let path = app.directory + "/" + fileName
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path, toPath: path)
        return path
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = app.directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["google-contacts-bom.csv", "google-legacy-gb18030.csv", "outlook-utf16le.csv"])
    func uploadedCSVBecomesContacts(fixture name: String) throws {
        let summary = try alice.importFile(try fixture(name, as: "upload.dat"))
        #expect(summary.status == 200)
        #expect(summary.importCounts == [2, 0, 0, 0])
        let contacts = try contacts(of: "alice")
        #expect(contacts.map(\.name).contains("张伟"))
        #expect(contacts.first { $0.name == "张伟" }?.emails.prefix(2) == ["zhangwei@example.com", "wei.zhang@example.cn"])
        let list = try alice.get("/contacts").body
        #expect(list.contains("张伟") && list.contains("Smith"))
    }

    @Test func rowErrorsAreListedOnTheSummaryInEitherLanguage() throws {
        let path = try write("mixed.csv", "First Name,E-mail Address\nAnn,ann@example.com\nBad\n")
        let summary = try alice.importFile(path)
        #expect(summary.importCounts == [1, 0, 0, 1])
        #expect(summary.body.contains("<li>row 3: 1 field where the header has 2</li>"))
        try alice.get("/contacts?lang=zh-Hans")
        let chinese = try alice.importFile(path, onConflict: "skip")
        #expect(chinese.body.contains("<li>第 3 行：有 1 个字段，表头有 2 个</li>"))
    }

    @Test func aCSVOfAnotherProgramIsOneFailureAndNothingImported() throws {
        let summary = try alice.importFile(try write("other.csv", "Nom,Courriel\nAnn,ann@example.com\n"))
        #expect(summary.importCounts == [0, 0, 0, 1])
        #expect(summary.body.contains("row 1: the first row is not the header of a Google Contacts or Outlook CSV export"))
        #expect(try contacts(of: "alice").isEmpty)
    }

    @Test(arguments: [("google-csv", "google-contacts.csv", "First Name,Middle Name,Last Name,Phonetic First Name,"),
                      ("outlook-csv", "outlook-contacts.csv", "First Name,Middle Name,Last Name,Title,")])
    func exportGivesTheBookAsCSV(format: String, fileName: String, header: String) throws {
        _ = try alice.importFile(try fixture("google-contacts.csv", as: "book.csv"))
        let export = try alice.get("/contacts/export.csv?format=\(format)")
        #expect(export.status == 200)
        #expect(export.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(export.header("Content-Disposition") == #"attachment; filename="\#(fileName)""#)
        #expect(export.header("Cache-Control") == "private, no-store")
        #expect(export.body.hasPrefix("\u{FEFF}" + header))
        #expect(export.body.contains("\r\nJohn,Q,Smith,") && export.body.contains("张"))
    }

    @Test func anUnknownExportFormatIsRefused() throws {
        #expect(try alice.get("/contacts/export.csv?format=vcard").status == 400)
        #expect(try alice.get("/contacts/export.csv?format=xlsx").status == 400)
        #expect(try alice.get("/contacts/export.csv").status == 400)
    }

    @Test func anotherUsersBookIsNotExported() throws {
        _ = try alice.importFile(try fixture("outlook.csv", as: "book.csv"))
        let bob = app.session()
        try bob.logIn("bob", "password1")
        let export = try bob.get("/contacts/export.csv?format=google-csv")
        #expect(export.status == 200)
        #expect(!export.body.contains("张"))
    }
}
