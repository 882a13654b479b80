import ContactsCore
import ContactsStore
import Foundation
import Testing
import VCard

/// Import, export and share: the pages and downloads.
@Suite struct VCardPagesTests {
    let app: RunningApp
    let alice: WebSession

    /// Four cards: a Chinese name, an ASCII one, a malformed one (a property name with markup),
    /// and a name with markup; every one with a UID, so that importing again meets them.
    static let cards = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:card-1\r
        FN:张三\r
        N:张;三;;;\r
        TEL;TYPE=CELL:138 0013 8000\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:card-2\r
        FN:Anna Schmidt\r
        TEL:+49 30 1234567\r
        EMAIL:anna@example.com\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:3.0\r
        UID:card-3\r
        FN:Broken\r
        <b>:1\r
        END:VCARD\r
        BEGIN:VCARD\r
        VERSION:4.0\r
        UID:card-4\r
        FN:<i>Bold</i> & Co\r
        END:VCARD\r

        """

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts/import")
    }

    /// Writes `text` to a file in the app's temporary directory (removed with it); returns its path.
    private func file(_ name: String, _ text: String) throws -> String {
        let path = app.directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Posts the import form and follows its redirect to the summary page (only that one).
    private func importFile(_ path: String, onConflict policy: String = "update",
                            session: WebSession? = nil) throws -> WebSession.Reply {
        try (session ?? alice).importFile(path, onConflict: policy)
    }

    private func counts(_ page: WebSession.Reply) -> [Int?] { page.importCounts }

    private func names(of user: String) throws -> [String] {
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: user))
        return try app.store.contacts(in: scope).map(\.details.name)
    }

    @Test func theListMenuLeadsToImportAndExport() throws {
        let list = try alice.get("/contacts").body
        #expect(list.contains(#"popovertarget="list-menu" aria-label="Menu""#))
        #expect(list.contains(#"<a href="/contacts/import" id="import-link">Import</a>"#))
        #expect(list.contains(#"<a href="/contacts/export.vcf" id="export-link">Export vCard</a>"#))
        #expect(list.contains(#"<a href="/contacts/export.csv?format=google-csv" id="export-google-link">Export Google CSV</a>"#))
        #expect(list.contains(#"<a href="/contacts/export.csv?format=outlook-csv" id="export-outlook-link">Export Outlook CSV</a>"#))
        try alice.get("/contacts?lang=zh-Hans")
        let chinese = try alice.get("/contacts").body
        #expect(chinese.contains(">导入</a>") && chinese.contains(">导出 vCard</a>") && chinese.contains(">导出 Google CSV</a>") && chinese.contains(#"aria-label="菜单""#))
    }

    @Test func theImportFormOffersAFileAndTheThreeChoices() throws {
        let form = try alice.get("/contacts/import")
        #expect(form.status == 200)
        #expect(form.header("Content-Security-Policy") != nil)
        #expect(form.body.contains(#"enctype="multipart/form-data""#))
        #expect(form.body.contains(#"name="csrf""#))
        #expect(form.body.contains(#"type="file" accept=".vcf,text/vcard,text/x-vcard,.csv,text/csv""#))
        #expect(form.body.contains(#"value="update" checked><span>Update existing"#))
        #expect(form.body.contains(#"value="skip"><span>Skip duplicates"#))
        #expect(form.body.contains(#"value="copy"><span>Keep both as copies"#))
        #expect(form.body.contains(#"<label class="file-button" for="file" aria-hidden="true">Choose File</label>"#))
        #expect(form.body.contains(#"<span class="file-name" id="file-name" aria-live="polite">No file chosen</span>"#))
        #expect(form.body.contains("Files up to 10 MB. The server&#39;s operator can raise the limit with --max-upload-mb (or $CONTACTS_MAX_UPLOAD_MB)."))
        #expect(!form.body.contains("contacts import"), "no advice to run a command on the server")
    }

    @Test func importShowsTheSummaryAndTheContactsAppearInTheList() throws {
        let summary = try importFile(try file("cards.vcf", Self.cards))
        #expect(summary.status == 200)
        #expect(summary.header("Content-Security-Policy") != nil)
        #expect(counts(summary) == [3, 0, 0, 1])
        #expect(summary.body.contains(#"<li>vCard 3, line 19: invalid name &quot;&lt;b&gt;&quot;</li>"#))
        #expect(!summary.body.contains("<b>"))
        #expect(summary.body.contains(#"href="/contacts" id="done-button""#))
        #expect(!summary.body.contains("No cards found in the file"))
        let list = try alice.get("/contacts").body
        #expect(list.contains("张三") && list.contains("Anna Schmidt"))
        #expect(list.contains("&lt;i&gt;Bold&lt;/i&gt; &amp; Co") && !list.contains("<i>Bold"))
        #expect(list.contains("3 contacts"))
        #expect(try names(of: "bob").isEmpty)
    }

    @Test func theSummaryIsAPageOfItsOwnThatAReloadShowsWithoutImportingAgain() throws {
        let path = try file("cards.vcf", Self.cards)
        let posted = try alice.postMultipart("/contacts/import", [("on_conflict", "copy")], files: [("file", path)])
        #expect(posted.status == 303)
        let location = try #require(posted.header("Location"))
        #expect(location.wholeMatch(of: /\/contacts\/import\/result\?id=[A-Za-z0-9_-]{20,}/) != nil, "\(location)")
        #expect(counts(try alice.get(location)) == [3, 0, 0, 1])
        #expect(counts(try alice.get(location)) == [3, 0, 0, 1], "a reload shows the same summary")
        #expect(try names(of: "alice").count == 3, "and imports nothing again")

        // Another user, or an id that is not one, gets the list, not the summary.
        let bob = app.session()
        try bob.logIn("bob", "password1")
        for (session, path) in [(bob, location), (alice, "/contacts/import/result?id=nothing"), (alice, "/contacts/import/result")] {
            let reply = try session.get(path)
            #expect(reply.status == 303 && reply.header("Location") == "/contacts", "\(path)")
        }
    }

    @Test func importingAgainSkipsUpdatesOrCopiesAsChosen() throws {
        let path = try file("cards.vcf", Self.cards)
        #expect(counts(try importFile(path)) == [3, 0, 0, 1])
        let same = try importFile(path, onConflict: "skip")
        #expect(counts(same) == [0, 0, 0, 1] && same.alreadyThereCount == 3, "the same cards again are already there")
        let changed = try file("changed.vcf", Self.cards.replacingOccurrences(of: "END:VCARD", with: "NOTE:changed\r\nEND:VCARD"))
        #expect(counts(try importFile(changed, onConflict: "skip")) == [0, 0, 3, 1])
        #expect(counts(try importFile(changed, onConflict: "update")) == [0, 3, 0, 1])
        #expect(try names(of: "alice").count == 3)
        #expect(counts(try importFile(path, onConflict: "copy")) == [3, 0, 0, 1])
        #expect(try names(of: "alice").count == 6)
    }

    @Test func theSummaryIsInThePagesLanguage() throws {
        try alice.get("/contacts/import?lang=zh-Hans")
        let summary = try importFile(try file("cards.vcf", Self.cards))
        #expect(summary.body.contains("导入完成") && summary.body.contains("已导入"))
        #expect(summary.body.contains("<li>第 3 张名片，第 19 行："))
    }

    @Test func noFileOrAnEmptyFileIsRefusedOnTheForm() throws {
        let none = try alice.postMultipart("/contacts/import", [("on_conflict", "skip")])
        #expect(none.status == 422)
        #expect(none.body.contains(#"id="form-error">Choose a vCard or CSV file to import"#))
        #expect(none.body.contains(#"value="skip" checked"#))
        let empty = try importFile(try file("empty.vcf", ""))
        #expect(empty.status == 422)
        #expect(empty.body.contains(#"id="form-error">The file is empty"#))
        #expect(try names(of: "alice").isEmpty)
    }

    @Test func aFileWithoutCardsIsRefusedOnTheForm() throws {
        let refused = try importFile(try file("notes.vcf", "Just some notes,\nno cards here.\n"))
        #expect(refused.status == 422)
        #expect(refused.body.contains(#"id="form-error">notes.vcf holds no contacts: it has no vCard (BEGIN:VCARD) and is not a contacts CSV file."#))
        #expect(try names(of: "alice").isEmpty)
    }

    @Test func anImageIsRefusedByNameAndKindInEitherLanguage() throws {
        let path = app.directory + "/photo.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: path))
        let refused = try importFile(path)
        #expect(refused.status == 422)
        #expect(refused.body.contains(#"id="form-error">photo.png is a PNG image, not a vCard or CSV file."#))
        try alice.get("/contacts/import?lang=zh-Hans")
        let chinese = try alice.importFile(path)
        #expect(chinese.status == 422)
        #expect(chinese.body.contains("photo.png 是 PNG 图片，不是 vCard 或 CSV 文件。"))
        #expect(try names(of: "alice").isEmpty)
    }

    @Test func importingTheSameFileAgainFindsEveryCardAlreadyThere() throws {
        let path = try file("cards.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nTEL:1\r\nEND:VCARD\r\n"
                            + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bob\r\nFN:Bob\r\nEND:VCARD\r\n")
        #expect(counts(try importFile(path)) == [2, 0, 0, 0])
        let again = try importFile(path)
        #expect(counts(again) == [0, 0, 0, 0])
        #expect(again.alreadyThereCount == 2)
        #expect(try names(of: "alice").sorted() == ["Ann", "Bob"])
    }

    @Test func aLongListOfFailuresIsCut() throws {
        let listed = 100  // ImportSummaryPage.listedFailures
        let broken = String(repeating: "BEGIN:VCARD\r\nno colon\r\nEND:VCARD\r\n", count: listed + 1)
        let summary = try importFile(try file("broken.vcf", broken))
        #expect(counts(summary) == [0, 0, 0, listed + 1])
        #expect(summary.body.components(separatedBy: "<li>vCard ").count - 1 == listed)
        #expect(summary.body.contains("<li>And 1 more</li>"))
    }

    @Test func importWithoutTheCSRFTokenIsRefused() throws {
        let path = try file("cards.vcf", Self.cards)
        let refused = try alice.postMultipart("/contacts/import", [("on_conflict", "update")], files: [("file", path)], csrf: false)
        #expect(refused.status == 403)
        #expect(try names(of: "alice").isEmpty)
    }

    @Test func exportGivesEveryContactAsAVCardFile() throws {
        _ = try importFile(try file("cards.vcf", Self.cards))
        let export = try alice.get("/contacts/export.vcf")
        #expect(export.status == 200)
        #expect(export.header("Content-Type") == "text/vcard; charset=utf-8")
        #expect(export.header("Content-Disposition") == #"attachment; filename="contacts.vcf""#)
        #expect(export.header("X-Content-Type-Options") == "nosniff")
        let cards = try VCardReader(bytes: Array(export.body.utf8)).map { try $0.get() }
        #expect(cards.allSatisfy { $0.version?.rawValue == "3.0" })
        #expect(cards.compactMap { $0.property(named: "FN")?.textValue } == (try names(of: "alice")))
        #expect(Set(cards.compactMap(\.uid)) == ["card-1", "card-2", "card-4"])

        let version4 = try alice.get("/contacts/export.vcf?version=4.0")
        #expect(version4.status == 200)
        #expect(try VCardReader(bytes: Array(version4.body.utf8)).map { try $0.get().version?.rawValue } == ["4.0", "4.0", "4.0"])
        #expect(try alice.get("/contacts/export.vcf?version=2.1").status == 400)
    }

    @Test func shareGivesOneCardNamedAfterTheContact() throws {
        _ = try importFile(try file("cards.vcf", Self.cards))
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        let zhang = try #require(try app.store.contacts(in: scope).first { $0.details.name == "张三" })
        let page = try alice.get("/contacts/\(zhang.id)").body
        #expect(page.contains(#"<a href="/contacts/\#(zhang.id)/vcard" id="share-link">Share</a>"#))
        #expect(!(try alice.get("/contacts/\(zhang.id)/edit").body.contains("share-link")))

        let shared = try alice.get("/contacts/\(zhang.id)/vcard")
        #expect(shared.status == 200)
        #expect(shared.header("Content-Type") == "text/vcard; charset=utf-8")
        #expect(shared.header("Content-Disposition") == #"attachment; filename="contact.vcf"; filename*=UTF-8''%E5%BC%A0%E4%B8%89.vcf"#)
        let card = try VCard(parsing: shared.body)
        #expect(card.property(named: "FN")?.textValue == "张三")
        #expect(card.uid == "card-1")
    }

    @Test func aSharedFileNameKeepsNoPathOrControlCharacters() throws {
        let scope = try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))
        let odd = try app.store.addContact(ContactDetails(name: "../a/b:c\u{202E}?"), to: scope)
        let shared = try alice.get("/contacts/\(odd.id)/vcard")
        #expect(shared.header("Content-Disposition") == #"attachment; filename="contact.vcf"; filename*=UTF-8''abc.vcf"#)
    }

    @Test func anotherUsersCardIsNotFound() throws {
        _ = try importFile(try file("cards.vcf", Self.cards))
        let id = try #require(try app.store.contacts(in: try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))).first?.id)
        let bob = app.session()
        try bob.logIn("bob", "password1")
        let refused = try bob.get("/contacts/\(id)/vcard")
        #expect(refused.status == 404)
        #expect(refused.header("Content-Type") == "text/html; charset=utf-8")
        #expect(refused.header("Content-Security-Policy") != nil)
        #expect(!refused.body.contains("BEGIN:VCARD"))
        #expect(try bob.get("/contacts/999999/vcard").status == 404)
        let export = try bob.get("/contacts/export.vcf")
        #expect(export.status == 200 && export.body.isEmpty)
    }

    @Test func everyVCardPageNeedsALogin() throws {
        let visitor = app.session()
        try visitor.get("/login")
        for path in ["/contacts/import", "/contacts/import/result?id=x", "/contacts/export.vcf", "/contacts/1/vcard"] {
            let reply = try visitor.get(path)
            #expect(reply.status == 303, "\(path)")
            #expect(reply.header("Location") == "/login?next=" + path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~")))!, "\(path)")
        }
        let upload = try importFile(try file("cards.vcf", Self.cards), session: visitor)
        #expect(upload.status == 303)
        #expect(upload.header("Location") == "/login")
    }
}
