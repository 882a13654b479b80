import ContactsStore
import Foundation
import StoreOpening
import Testing
import VCard

/// `contacts import` and `contacts export`, run as a person would: the built binary on files the
/// tests write (and on the shared interop corpus, read in place).
@Suite final class ImportExportCommandTests {
    let cli = CLIRunner()
    /// A scratch directory for the vCard files a test writes.
    let files = NSTemporaryDirectory() + "contacts-vcf-" + UUID().uuidString

    init() throws {
        try cli.addUser("alice")
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
    }

    deinit {
        cli.removeData()
        try? FileManager.default.removeItem(atPath: files)
    }

    // MARK: - Import

    @Test func importsAMultiCardFile() throws {
        let path = try write("three.vcf", [
            VCardText.card("张三", phone: "138 0013 8000", uid: "uid-zhang", email: "zs@example.com"),
            VCardText.card("Li Si", phone: "010-6666", uid: "uid-li"),
            VCardText.card("Zoë", phone: "+44 20 7946 0000"),
        ].joined())
        let result = try cli.run(["import", "--user", "alice", path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Imported 3, updated 0, already there 0, skipped 0, failed 0.\n")
        #expect(result.error.isEmpty, "no progress bar when stderr is not a terminal")
        let list = try cli.list("alice")
        #expect(list.map { $0["name"] as? String } == ["Li Si", "张三", "Zoë"])
        let zhang = try #require(list.first { $0["name"] as? String == "张三" })
        #expect(zhang["phones"] as? [String] == ["138 0013 8000"])
        #expect(zhang["phoneLabels"] as? [String] == ["mobile"])
        #expect(zhang["emails"] as? [String] == ["zs@example.com"])
        #expect(zhang["uid"] as? String == "uid-zhang")
        #expect(list.first { $0["name"] as? String == "Li Si" }?["uid"] as? String == "uid-li")
        #expect((list.first { $0["name"] as? String == "Zoë" }?["uid"] as? String)?.count == 36, "a card without UID gets one")
    }

    @Test func importsFromStandardInput() throws {
        let input = VCardText.card("Stdin One", phone: "1") + VCardText.card("Stdin Two", phone: "2")
        let result = try cli.run(["import", "--user", "alice", "-"], input: input)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Imported 2, updated 0, already there 0, skipped 0, failed 0.\n")
        #expect(try names() == ["Stdin One", "Stdin Two"])
    }

    @Test func importsTwoFilesAndStandardInputTogether() throws {
        let first = try write("a.vcf", VCardText.card("Ann", phone: "1") + VCardText.card("Bob", phone: "2"))
        let second = try write("b.vcf", VCardText.card("Cat", phone: "3"))
        let result = try cli.run(["import", "--user", "alice", first, "-", second], input: VCardText.card("Dan", phone: "4"))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Imported 4, updated 0, already there 0, skipped 0, failed 0.\n")
        #expect(try names() == ["Ann", "Bob", "Cat", "Dan"])
    }

    /// The second file names two UIDs the book has (one with a changed name, one as it is) and one it hasn't.
    @Test(arguments: [
        ("skip", "Imported 1, updated 0, already there 1, skipped 1, failed 0.\n", ["Ann", "Bob", "Cat"], 3),
        ("update", "Imported 1, updated 1, already there 1, skipped 0, failed 0.\n", ["Ann Changed", "Bob", "Cat"], 3),
        ("copy", "Imported 3, updated 0, already there 0, skipped 0, failed 0.\n", ["Ann", "Ann Changed", "Bob", "Bob", "Cat"], 5),
    ])
    func conflictPolicies(policy: String, summary: String, expectedNames: [String], uniqueUIDs: Int) throws {
        let original = try write("original.vcf", VCardText.card("Ann", phone: "1", uid: "uid-ann") + VCardText.card("Bob", phone: "2", uid: "uid-bob"))
        #expect(try cli.run(["import", "--user", "alice", original]).output == "Imported 2, updated 0, already there 0, skipped 0, failed 0.\n")
        let again = try write("again.vcf", VCardText.card("Ann Changed", phone: "1", uid: "uid-ann")
            + VCardText.card("Bob", phone: "2", uid: "uid-bob") + VCardText.card("Cat", phone: "3", uid: "uid-cat"))
        let result = try cli.run(["import", "--user", "alice", "--on-conflict", policy, again])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == summary)
        let list = try cli.list("alice")
        #expect(list.compactMap { $0["name"] as? String }.sorted() == expectedNames)
        let uids = list.compactMap { $0["uid"] as? String }
        #expect(Set(uids).count == uniqueUIDs)
        #expect(Set(uids).isSuperset(of: ["uid-ann", "uid-bob"]))
        if policy == "copy" {
            #expect(list.first { $0["uid"] as? String == "uid-ann" }?["name"] as? String == "Ann", "the original keeps its UID and name")
        }
    }

    @Test func theDefaultPolicyIsUpdate() throws {
        let path = try write("one.vcf", VCardText.card("Eve", phone: "1", uid: "uid-eve"))
        #expect(try cli.run(["import", "--user", "alice", path]).status == 0)
        let changed = try write("changed.vcf", VCardText.card("Eve Two", phone: "2", uid: "uid-eve"))
        #expect(try cli.run(["import", "--user", "alice", changed]).output == "Imported 0, updated 1, already there 0, skipped 0, failed 0.\n")
        let list = try cli.list("alice")
        #expect(list.map { $0["name"] as? String } == ["Eve Two"])
        #expect(list.first?["phones"] as? [String] == ["2"])
    }

    @Test func malformedCardsAreReportedAndTheOthersImported() throws {
        // Card 2 has a line without a colon (unreadable); card 4 has nothing to call it by (refused).
        let lines = VCardText.lines("Good One", phone: "1")
            + ["BEGIN:VCARD", "VERSION:3.0", "FN:Broken", "this line has no colon", "TEL:2", "END:VCARD"]
            + VCardText.lines("Good Two", phone: "3")
            + ["BEGIN:VCARD", "VERSION:3.0", "UID:nameless", "X-FOO:bar", "END:VCARD"]
            + VCardText.lines("Good Three", phone: "4")
        let path = try write("mixed.vcf", lines.joined(separator: "\r\n") + "\r\n")
        let badLine = try #require(lines.firstIndex(of: "this line has no colon")) + 1
        let namelessBegin = try #require(lines.firstIndex(of: "UID:nameless")) - 1
        let result = try cli.run(["import", "--user", "alice", path])
        #expect(result.status == 1)
        #expect(result.output == "Imported 3, updated 0, already there 0, skipped 0, failed 2.\n")
        #expect(result.error == """
            contacts: 2 cards not imported:
              \(path): vCard 2, line \(badLine): content line has no colon
              \(path): vCard 4, line \(namelessBegin): The card has no name (FN, N or ORG)

            """)
        #expect(try names() == ["Good One", "Good Three", "Good Two"])
    }

    @Test func importingTheSameFileTwiceAddsNothingTwice() throws {
        func photo(_ last: UInt8) -> String {
            "PHOTO;ENCODING=b;TYPE=PNG:" + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, last]).base64EncodedString()
        }
        func card(_ lines: [String]) -> String { (["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD"]).joined(separator: "\r\n") + "\r\n" }
        let file = try write("book.vcf", card(["FN:Ann Lee", "TEL:1"]) + card(["FN:Ann Lee", "TEL:2"]) + card(["FN:李雷", "TEL:3", photo(1)])
                             + card(["UID:uid-bob", "FN:Bob", "EMAIL:bob@example.com"]) + card(["FN:No UID Group", "X-ADDRESSBOOKSERVER-KIND:group"]))
        let first = try cli.run(["import", file])
        #expect(first.output == "Imported 5, updated 0, already there 0, skipped 0, failed 0.\n", "\(first.error)")
        let stored = try cli.list("alice")
        let again = try cli.run(["import", file])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == "Imported 0, updated 0, already there 5, skipped 0, failed 0.\n")
        let after = try cli.list("alice")
        #expect(after.count == stored.count && after.map { $0["uid"] as? String } == stored.map { $0["uid"] as? String })
        #expect(NSArray(array: after).isEqual(to: stored), "not one contact was written again")

        // A card that differs in anything (a phone, the photo's bytes) is another contact.
        let changed = try write("changed.vcf", card(["FN:Ann Lee", "TEL:1", "TEL:4"]) + card(["FN:李雷", "TEL:3", photo(2)]) + card(["FN:Ann Lee", "TEL:2"]))
        let third = try cli.run(["import", changed])
        #expect(third.output == "Imported 2, updated 0, already there 1, skipped 0, failed 0.\n", "\(third.error)")
        #expect(try names().filter { $0 == "Ann Lee" }.count == 3)
        #expect(try names().filter { $0 == "李雷" }.count == 2)
    }

    @Test(arguments: [
        ("photo.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0] as [UInt8], "a PNG image"),
        ("scan.pdf", Array("%PDF-1.7\n%âãÏÓ\n".utf8), "a PDF document"),
        ("contacts.zip", [0x50, 0x4B, 0x03, 0x04, 20, 0, 0, 0], "a ZIP archive"),
        ("IMG_0001.HEIC", [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0], "a HEIC image"),
    ])
    func aFileThatIsNeitherVCardNorCSVIsRefusedByName(name: String, bytes: [UInt8], kind: String) throws {
        let good = try write("good.vcf", VCardText.card("Never Imported", phone: "1"))
        let path = files + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try cli.run(["import", good, path])
        #expect(result.status == 1)
        #expect(result.error == "contacts: \(path) is \(kind), not a vCard or CSV file. "
                + "Export the contacts as vCard (.vcf) or CSV, and import that file.\n")
        #expect(result.output.isEmpty)
        #expect(try names().isEmpty, "nothing of any file is imported")
        let chinese = try cli.run(["import", path], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.status == 1 && chinese.error.contains("不是 vCard 或 CSV 文件"), "\(chinese.error)")
    }

    @Test func aFileWithoutContactsFailsRatherThanImportingNone() throws {
        let notes = try write("notes.txt", "Call Ann about the party\nBuy milk\n")
        let empty = try write("empty.vcf", "")
        let header = try write("header-only.csv", "First Name,Last Name,Phone 1 - Value\r\n")
        let good = try write("good.vcf", VCardText.card("Imported Anyway", phone: "1"))
        let result = try cli.run(["import", notes, empty, header, good])
        #expect(result.status == 1)
        #expect(result.output == "Imported 1, updated 0, already there 0, skipped 0, failed 0.\n")
        #expect(result.error == """
            contacts: \(notes) holds no contacts: it has no vCard (BEGIN:VCARD) and is not a contacts CSV file.
            \(empty) holds no contacts: it has no vCard (BEGIN:VCARD) and is not a contacts CSV file.
            \(header) holds no contacts: the CSV file has no rows below its header.

            """)
        #expect(try names() == ["Imported Anyway"])
    }

    @Test func aRefusedCardIsNamedByItsFN() throws {
        let lines = VCardText.lines("Fine", phone: "1")
            + ["BEGIN:VCARD", "VERSION:3.0", "FN:Anna\u{202E} Lee\u{0007}", "BDAY:2999-01-01", "END:VCARD"]
        let path = try write("named.vcf", lines.joined(separator: "\r\n") + "\r\n")
        let result = try cli.run(["import", path])
        #expect(result.status == 1)
        let begin = try #require(lines.lastIndex(of: "BEGIN:VCARD")) + 1
        #expect(result.error == "contacts: 1 card not imported:\n  \(path): vCard 2 (Anna Lee), line \(begin): Birthday is in the future\n",
                "the name without its direction override and bell")
    }

    @Test func failuresNameTheirOwnFile() throws {
        let good = try write("good.vcf", VCardText.card("Fine", phone: "1"))
        let bad = try write("bad.vcf", VCardText.card("Also Fine", phone: "2") + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut off\r\n")
        let result = try cli.run(["import", "--user", "alice", good, bad])
        #expect(result.status == 1)
        #expect(result.output == "Imported 2, updated 0, already there 0, skipped 0, failed 1.\n")
        #expect(result.error == "contacts: 1 card not imported:\n  \(bad): vCard 2, line 7: no END:VCARD for the BEGIN:VCARD on this line\n")
        #expect(try names() == ["Also Fine", "Fine"])
    }

    @Test func aMissingOrUnreadableFileImportsNothing() throws {
        let good = try write("good.vcf", VCardText.card("Never", phone: "1"))
        let missing = files + "/no-such.vcf"
        let directory = files + "/a-directory.vcf"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for unreadable in [missing, directory] {
            let result = try cli.run(["import", "--user", "alice", good, unreadable])
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            #expect(result.error.hasPrefix("contacts: cannot read \(unreadable)"), "\(result.error)")
        }
        #expect(try cli.list("alice").isEmpty)
    }

    @Test(arguments: [
        ["import", "--user", "alice", "--on-conflict", "merge", "FILE"],
        ["import", "--user", "alice"],
        ["import", "--user", "alice", "-", "-"],
        ["import", "--user", "alice", "--on-conflict"],
        ["export", "--user", "alice", "--version", "2.1"],
        ["export", "--user", "alice", "--version", "4"],
        ["export", "--user", "alice", "abc"],
        ["export", "--user", "alice", "1", "2"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        let path = try write("usage.vcf", VCardText.card("Usage", phone: "1"))
        // No input on stdin: these exit before reading it, and writing to the closed pipe would
        // kill the test process with SIGPIPE.
        let result = try cli.run(arguments.map { $0 == "FILE" ? path : $0 })
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.hasPrefix("contacts: "))
        #expect(result.output.isEmpty)
        #expect(try cli.list("alice").isEmpty)
    }

    @Test func helpForBothCommands() throws {
        #expect(try cli.run(["import", "--help"]).output.hasPrefix("usage: contacts [--data DIR | --database URL] import --user U [--book NAME] [--on-conflict update|skip|copy] FILE|- [FILE …]"))
        #expect(try cli.run(["export", "--help"]).output.hasPrefix("usage: contacts [--data DIR | --database URL] export --user U [--book NAME] [--format vcard|google-csv|outlook-csv] [--version 3.0|4.0] [--apple-groups] [--output FILE] [ID]"))
    }

    // MARK: - Export

    @Test func exportToStandardOutputParsesBack() throws {
        try importSample()
        let result = try cli.run(["export", "--user", "alice"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
        let cards = try parse(result.output)
        #expect(cards.map(\.version) == [.v3_0, .v3_0, .v3_0])
        #expect(cards.map { $0.property(named: "FN")?.textValue } == ["Li Si", "张三", "Zoë"], "in display order")
        let zhang = try #require(cards.first { $0.uid == "uid-zhang" })
        #expect(zhang.properties(named: "TEL").map(\.textValue) == ["138 0013 8000"])
        #expect(zhang.property(named: "EMAIL")?.textValue == "zs@example.com")
        #expect(zhang.property(named: "NOTE")?.textValue == "Line one\nsemi; comma, back\\slash")
    }

    @Test func exportToAFileIsPrivateAndLeavesNoTemporaryFile() throws {
        try importSample()
        let output = files + "/out/book.vcf"
        try FileManager.default.createDirectory(atPath: files + "/out", withIntermediateDirectories: false)
        let result = try cli.run(["export", "--user", "alice", "--output", output])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Exported 3 contacts to \(output).\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: output)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: files + "/out") == ["book.vcf"])
        let cards = try parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self))
        #expect(Set(cards.compactMap { $0.property(named: "FN")?.textValue }) == ["张三", "Li Si", "Zoë"])
        // Overwriting an existing file (of another mode) gives a 0600 file too.
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: output)
        #expect(try cli.run(["export", "--user", "alice", "--output", output]).status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)).count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: files + "/out") == ["book.vcf"])
    }

    @Test func exportToAnUnwritablePlaceFailsAndLeavesNothing() throws {
        try importSample()
        let result = try cli.run(["export", "--user", "alice", "--output", files + "/missing-dir/book.vcf"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("contacts: cannot write \(files)/missing-dir/book.vcf"), "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test func exportOneContactByID() throws {
        try importSample()
        let id = try #require(try cli.list("alice").first { $0["name"] as? String == "张三" }?["id"] as? Int)
        let result = try cli.run(["export", "--user", "alice", String(id)])
        #expect(result.status == 0, "\(result.error)")
        let cards = try parse(result.output)
        #expect(cards.count == 1)
        #expect(cards.first?.property(named: "FN")?.textValue == "张三")
        #expect(cards.first?.uid == "uid-zhang")
        let toFile = files + "/one.vcf"
        #expect(try cli.run(["export", "--user", "alice", "--output", toFile, String(id)]).output == "Exported 1 contact to \(toFile).\n")
        let missing = try cli.run(["export", "--user", "alice", "99999"])
        #expect(missing.status == 1)
        #expect(missing.error == "contacts: no contact with id 99999\n")
        #expect(missing.output.isEmpty)
    }

    @Test func exportVersionFour() throws {
        try importSample()
        let result = try cli.run(["export", "--user", "alice", "--version", "4.0"])
        #expect(result.status == 0, "\(result.error)")
        let cards = try parse(result.output)
        #expect(cards.count == 3)
        #expect(cards.allSatisfy { $0.version == .v4_0 })
        #expect(result.output.components(separatedBy: "\r\nVERSION:4.0\r\n").count == 4)
        #expect(!result.output.contains("VERSION:3.0"))
        #expect(Set(cards.compactMap { $0.property(named: "FN")?.textValue }) == ["张三", "Li Si", "Zoë"])
        let three = try cli.run(["export", "--user", "alice", "--version", "3.0"])
        #expect(try parse(three.output).allSatisfy { $0.version == .v3_0 })
    }

    @Test func anEmptyBookExportsNothing() throws {
        let result = try cli.run(["export", "--user", "alice"])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        let output = files + "/empty.vcf"
        #expect(try cli.run(["export", "--user", "alice", "--output", output]).output == "Exported 0 contacts to \(output).\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).isEmpty)
    }

    @Test func exportThenImportElsewhereGivesTheSameBook() throws {
        try importSample()
        let exported = try cli.run(["export", "--user", "alice", "--version", "4.0"]).output
        try cli.addUser("bob")
        let result = try cli.run(["import", "--user", "bob", "-"], input: exported)
        #expect(result.output == "Imported 3, updated 0, already there 0, skipped 0, failed 0.\n")
        let strip: ([String: Any]) -> [String] = { contact in
            ["name", "uid", "note"].map { "\(contact[$0] ?? "")" } + (contact["phones"] as? [String] ?? []) + (contact["emails"] as? [String] ?? [])
        }
        #expect(try cli.list("bob").map(strip) == cli.list("alice").map(strip))
    }

    // MARK: - The interop corpus

    @Test(.enabled(if: CLICorpus.isPresent, "the vCard corpus (../shared/corpus/vcards or $CONTACTS_VCARD_CORPUS) is absent"))
    func importsTheWholeCorpus() throws {
        let paths = CLICorpus.files
        #expect(paths.count >= 60)
        let result = try cli.run(["import", "--user", "alice"] + paths)
        #expect(result.status == 1)
        // "contacts: K cards not imported:", then "  PATH: vCard N, line L: reason" per failure.
        let failureLines = result.error.split(separator: "\n").dropFirst().map(String.init)
        #expect(result.error.hasPrefix("contacts: \(failureLines.count) cards not imported:\n"))
        var failures: [String: [Int: String]] = [:]
        for line in failureLines {
            let parts = line.dropFirst(2).components(separatedBy: ": vCard ")
            let file = String(try #require(parts.first).dropFirst(CLICorpus.directory.count + 1))
            let number = try #require(parts.count == 2 ? Int(parts[1].prefix { $0.isNumber }) : nil, "\(line)")
            failures[file, default: [:]][number] = String(parts[1].drop { $0 != ":" }.dropFirst(2))
        }
        #expect(failures == CLICorpus.malformed, "\(result.error)")

        // Every card the reader reads and the store does not refuse is in the book: by UID (the
        // last card with a UID wins, as --on-conflict update says) with its FN as the name.
        var nameByUID: [String: String?] = [:]
        var namesWithoutUID: [String?] = []
        var accepted = 0
        for path in paths {
            let file = String(path.dropFirst(CLICorpus.directory.count + 1))
            let failed = failures[file] ?? [:]
            var reported: Set<Int> = []
            var reader = VCardReader(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
            while let next = reader.next() {
                switch next {
                case .failure(let error):
                    reported.insert(error.card)
                case .success(let card):
                    guard failed[reader.lastCard.number] == nil else {
                        reported.insert(reader.lastCard.number)
                        continue
                    }
                    accepted += 1
                    let fn = card.property(named: "FN").map { $0.textValue.trimmingCharacters(in: .whitespacesAndNewlines) }
                        .flatMap { $0.isEmpty ? nil : $0 }
                    if let uid = card.uid, CLICorpus.isUsable(uid) { nameByUID[uid] = fn } else { namesWithoutUID.append(fn) }
                }
            }
            #expect(reported == Set(failed.keys), "\(file): the reader's failures and refusals are the ones reported")
        }
        let list = try cli.list("alice")
        #expect(list.count <= nameByUID.count + namesWithoutUID.count)
        #expect(list.count >= nameByUID.count + Set(namesWithoutUID).count)
        let listed = Dictionary(list.map { ($0["uid"] as? String ?? "", $0["name"] as? String ?? "") }) { first, _ in first }
        for (uid, fn) in nameByUID {
            let name = try #require(listed[uid], "UID \(uid) is not in the list")
            if let fn { #expect(name == fn, "UID \(uid)") }
        }
        let names = list.compactMap { $0["name"] as? String }
        for case let fn? in namesWithoutUID { #expect(names.contains(fn), "\(fn) is not in the list") }
        // A card that says what a contact of the book already says adds nothing: the tally counts it
        // as already there, and only those without a UID can leave the list shorter.
        let tally = result.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(tally.count == 5 && tally[0] == list.count && tally[0] + tally[1] + tally[2] == accepted && tally[3] == 0
                && tally[4] == failureLines.count, "\(result.output)")
        #expect(try ContactStore(directory: cli.dataDirectory).integrityCheck() == "ok")
    }

    // MARK: - Helpers

    private func write(_ name: String, _ text: String) throws -> String {
        let path = files + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func names() throws -> [String] {
        try cli.list("alice").compactMap { $0["name"] as? String }
    }

    private func parse(_ text: String) throws -> [VCard] {
        try VCardReader(bytes: Data(text.utf8)).map { try $0.get() }
    }

    /// 张三 (with an email and a note full of characters vCard escapes), Li Si and Zoë.
    private func importSample() throws {
        let path = try write("sample.vcf", [
            VCardText.card("张三", phone: "138 0013 8000", uid: "uid-zhang", email: "zs@example.com",
                           note: "Line one\\nsemi\\; comma\\, back\\\\slash"),
            VCardText.card("Li Si", phone: "010-6666", uid: "uid-li"),
            VCardText.card("Zoë", phone: "+44 20 7946 0000", uid: "uid-zoe"),
        ].joined())
        let result = try cli.run(["import", "--user", "alice", path])
        try #require(result.status == 0, "\(result.error)")
    }
}

/// Simple vCard 3.0 text for the tests to write.
enum VCardText {
    static func lines(_ name: String, phone: String, uid: String? = nil, email: String? = nil, note: String? = nil) -> [String] {
        ["BEGIN:VCARD", "VERSION:3.0"] + (uid.map { ["UID:\($0)"] } ?? []) + ["FN:\(name)", "N:\(name);;;;", "TEL;TYPE=CELL:\(phone)"]
            + (email.map { ["EMAIL;TYPE=INTERNET:\($0)"] } ?? []) + (note.map { ["NOTE:\($0)"] } ?? []) + ["END:VCARD"]
    }

    /// One card, CRLF line ends. `note` is written as given (already escaped).
    static func card(_ name: String, phone: String, uid: String? = nil, email: String? = nil, note: String? = nil) -> String {
        lines(name, phone: phone, uid: uid, email: email, note: note).joined(separator: "\r\n") + "\r\n"
    }
}

/// The shared vCard interop corpus (see Tests/VCardTests/Corpus.swift), read in place.
enum CLICorpus {
    static let directory: String = {
        if let path = ProcessInfo.processInfo.environment["CONTACTS_VCARD_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/vcards").standardizedFileURL.path
    }()

    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory + "/SOURCES.md") }

    /// Every .vcf below the corpus directory, as full paths, sorted.
    static var files: [String] {
        (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".vcf") }.sorted().map { directory + "/" + $0 }
    }

    /// The cards (by number in their file) that are truly malformed, and so not imported, with
    /// why. Everything else in the corpus imports.
    static let malformed: [String: [Int: String]] = [
        // The PHOTO's base64 has a stray ":" (AOSP's own malformed-photo fixture).
        "CyanogenMod__android_frameworks_opt_vcard/v21_malformed_photo.vcf": [1: "PHOTO value is not valid base64"],
        // No BEGIN:VCARD at all, only an END:vCard.
        "GNOME__evolution-data-server/7.vcf": [1: "END:VCARD without BEGIN:VCARD"],
        // A bare "FN" line with no colon.
        "KDE__kcontacts/vcard4.vcf": [1: "content line has no colon"],
        // Reads (N: empty, a QP LABEL, a UID) but has nothing to call the contact by.
        "KDE__kcontacts/vcard7.vcf": [1: "The card has no name (FN, N or ORG)"],
        // Truncated: no END:VCARD.
        "lucc__khard/unparsable.vcf": [1: "no END:VCARD for the BEGIN:VCARD on this line"],
    ]

    /// A UID the store keeps as it is (see ContactStore.usableUID): not empty, at most 255 bytes,
    /// no control characters.
    static func isUsable(_ uid: String) -> Bool {
        !uid.isEmpty && uid.utf8.count <= 255 && !uid.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
