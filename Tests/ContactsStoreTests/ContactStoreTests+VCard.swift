import ContactsCore
import Foundation
import SQLEngine
import SQLite
import Testing
import VCard
@testable import ContactsStore
import Wording

/// vCard import and export, on the same two-user store as the other store tests.
extension ContactStoreTests {
    // MARK: Helpers

    /// A vCard 3.0 card with these content lines.
    static func card(_ lines: String...) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
    }

    static func card(uid: String, name: String, phone: String = "138 0013 8000") -> String {
        card("UID:\(uid)", "FN:\(name)", "TEL;TYPE=CELL:\(phone)")
    }

    @discardableResult
    func importText(_ text: String, into scope: AddressBookScope, onConflict policy: ImportConflictPolicy = .update,
                    progress: (ImportSummary) -> Void = { _ in }) throws -> ImportSummary {
        var reader = VCardReader(bytes: Array(text.utf8))
        return try store.importVCards(from: &reader, into: scope, onConflict: policy, progress: progress)
    }

    func export(_ scope: AddressBookScope, version: VCardWriter.Version) throws -> (text: String, count: Int) {
        var bytes: [UInt8] = []
        let count = try store.exportVCards(in: scope, version: version) { bytes += $0 }
        return (String(decoding: bytes, as: UTF8.self), count)
    }

    /// Every contact of the book with its photo, in display order.
    func everything(in scope: AddressBookScope) throws -> [Contact] {
        try store.contacts(in: scope).map { try store.contact(id: $0.id, in: scope) }
    }

    func contact(uid: String, in scope: AddressBookScope) throws -> Contact? {
        try store.contacts(in: scope).first { $0.uid == uid }
    }

    static func summary(imported: Int = 0, updated: Int = 0, skipped: Int = 0, failures: [ImportFailure] = []) -> ImportSummary {
        var summary = ImportSummary()
        summary.imported = imported
        summary.updated = updated
        summary.skipped = skipped
        summary.failures = failures
        return summary
    }

    // MARK: Cards already there

    @Test func cardsTheBookAlreadyHasAreNotWrittenAgain() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 7]).base64EncodedString()
        let file = Self.card("FN:Ann", "TEL:1") + Self.card("FN:Ann", "TEL:2") + Self.card("FN:李雷", "PHOTO;ENCODING=b;TYPE=PNG:" + png)
            + Self.card(uid: "bob", name: "Bob") + Self.card("FN:Friends", "X-ADDRESSBOOKSERVER-KIND:group")
            + Self.card("FN:Cat", "CATEGORIES:Friends")
        #expect(try importText(file, into: alice) == Self.summary(imported: 6))
        let before = try everything(in: alice)
        let groups = try store.groups(in: alice)
        #expect(groups.map(\.name) == ["Friends"] && groups.map(\.memberCount) == [1])
        for policy in ImportConflictPolicy.allCases where policy != .copy {
            var again = try importText(file, into: alice, onConflict: policy)
            #expect(again.alreadyThere == 6, "\(policy)")
            again.alreadyThere = 0
            #expect(again == Self.summary(), "\(policy)")
            #expect(try everything(in: alice) == before, "nothing was written again (\(policy))")
            #expect(try store.groups(in: alice) == groups, "the group card too (\(policy))")
        }
        // The same card twice in one file is one contact; a trashed twin is not in the book.
        let ann = try #require(before.first { $0.details.phones.map(\.number) == ["1"] })
        try store.deleteContact(id: ann.id, in: alice)
        let twice = try importText(Self.card("FN:Ann", "TEL:1") + Self.card("FN:Ann", "TEL:1"), into: alice)
        #expect(twice.imported == 1 && twice.alreadyThere == 1)
        #expect(try store.contacts(in: alice).count == before.count)
        // Another book's twin is not this book's.
        #expect(try importText(file, into: bob).imported == 6)
    }

    // MARK: Conflicts

    private func importTwoThenConflict(_ policy: ImportConflictPolicy) throws -> ImportSummary {
        try importText(Self.card(uid: "a", name: "Anna") + Self.card(uid: "b", name: "Ben"), into: alice)
        return try importText(Self.card(uid: "a", name: "Anna Changed", phone: "010 1234") + Self.card(uid: "c", name: "Carl"),
                              into: alice, onConflict: policy)
    }

    @Test func updateReplacesTheContactWithTheSameUID() throws {
        let first = try importText(Self.card(uid: "a", name: "Anna") + Self.card(uid: "b", name: "Ben"), into: alice)
        #expect(first == Self.summary(imported: 2))
        let id = try #require(try contact(uid: "a", in: alice)).id
        let summary = try importText(Self.card(uid: "a", name: "Anna Changed", phone: "010 1234") + Self.card(uid: "c", name: "Carl"),
                                     into: alice, onConflict: .update)
        #expect(summary == Self.summary(imported: 1, updated: 1))
        #expect(summary.cardsRead == 2)
        let updated = try store.contact(id: id, in: alice)
        #expect(updated.uid == "a")
        #expect(updated.details.name == "Anna Changed")
        #expect(updated.details.phones == [PhoneNumber("010 1234", label: .mobile)])
        #expect(try store.contacts(in: alice).map(\.details.name) == ["Anna Changed", "Ben", "Carl"])
    }

    @Test func skipLeavesTheContactWithTheSameUID() throws {
        let summary = try importTwoThenConflict(.skip)
        #expect(summary == Self.summary(imported: 1, skipped: 1))
        #expect(try contact(uid: "a", in: alice)?.details.name == "Anna")
        #expect(try store.contacts(in: alice).map(\.details.name) == ["Anna", "Ben", "Carl"])
    }

    @Test func copyAddsANewContactWithANewUID() throws {
        let summary = try importTwoThenConflict(.copy)
        #expect(summary == Self.summary(imported: 2))
        let contacts = try store.contacts(in: alice)
        #expect(contacts.map(\.details.name) == ["Anna", "Anna Changed", "Ben", "Carl"])
        #expect(contacts[0].uid == "a")
        #expect(contacts[1].uid != "a")
        #expect(UUID(uuidString: contacts[1].uid) != nil)
        #expect(Set(contacts.map(\.uid)).count == 4)
    }

    @Test(arguments: [
        (ImportConflictPolicy.update, ContactStoreTests.summary(imported: 1, updated: 1), ["Second"]),
        (.skip, ContactStoreTests.summary(imported: 1, skipped: 1), ["First"]),
        (.copy, ContactStoreTests.summary(imported: 2), ["First", "Second"]),
    ])
    func duplicateUIDInsideOneFile(policy: ImportConflictPolicy, expected: ImportSummary, names: [String]) throws {
        let summary = try importText(Self.card(uid: "dup", name: "First") + Self.card(uid: "dup", name: "Second"),
                                     into: alice, onConflict: policy)
        #expect(summary == expected)
        let contacts = try store.contacts(in: alice)
        #expect(contacts.map(\.details.name) == names)
        #expect(contacts.filter { $0.uid == "dup" }.count == 1)
    }

    @Test(arguments: ImportConflictPolicy.allCases)
    func trashedContactWithTheSameUIDGivesWay(policy: ImportConflictPolicy) throws {
        try importText(Self.card(uid: "t", name: "Old"), into: alice)
        let old = try #require(try contact(uid: "t", in: alice))
        try store.deleteContact(id: old.id, in: alice)
        #expect(try store.trash(in: alice).count == 1)

        let summary = try importText(Self.card(uid: "t", name: "New"), into: alice, onConflict: policy)
        #expect(summary == Self.summary(imported: 1))
        #expect(try store.trash(in: alice).isEmpty)
        let contacts = try store.contacts(in: alice)
        #expect(contacts.map(\.details.name) == ["New"])
        #expect(contacts.map(\.uid) == ["t"])
        #expect(throws: StoreError.notInTrash(old.id)) { try store.restoreContact(id: old.id, in: alice) }
    }

    @Test func unusableUIDsAreReplaced() throws {
        let long = String(repeating: "x", count: 256)
        try importText(Self.card(uid: long, name: "Long") + Self.card("UID:", "FN:Empty") + Self.card("FN:None"), into: alice)
        let contacts = try store.contacts(in: alice)
        #expect(contacts.count == 3)
        #expect(contacts.allSatisfy { UUID(uuidString: $0.uid) != nil })
    }

    // MARK: Failures

    @Test func malformedAndRefusedCardsAreReportedAndTheOthersImported() throws {
        let text = [
            Self.card("FN:One"),                                   // card 1, lines 1–4
            Self.card("FN:Two", "this line has no colon"),        // card 2, lines 5–9: line 8 is broken
            Self.card("FN:Three", "BDAY:2999-01-01"),              // card 3, lines 10–14: born in the future
            Self.card("UID:nameless", "X-FOO:bar"),                // card 4, lines 15–19: nothing to call it
            Self.card("FN:" + String(repeating: "长", count: 201)), // card 5, lines 20–23: name too long
            Self.card("FN:Six", "TEL:1"),                          // card 6
        ].joined()
        let summary = try importText(text, into: alice)
        #expect(summary == Self.summary(imported: 2, failures: [
            ImportFailure(card: 2, line: 8, reason: .unreadable(.missingColon)),
            ImportFailure(card: 3, line: 10, reason: .invalid(.birthdayInFuture), cardName: "Three"),
            ImportFailure(card: 4, line: 15, reason: .invalid(.cardWithoutName)),
            ImportFailure(card: 5, line: 20, reason: .invalid(.tooLong(field: .name, limit: 200)),
                          cardName: String(repeating: "长", count: 79) + "…"),
        ]))
        #expect(summary.cardsRead == 6)
        #expect(Language.english.catalogue.message(for: summary.failures[0]) == "vCard 2, line 8: content line has no colon")
        #expect(Language.chinese.catalogue.message(for: summary.failures[2]) == "第 4 张名片，第 15 行：名片没有姓名（FN、N 或 ORG）")
        #expect(Language.english.catalogue.message(for: summary.failures[1]) == "vCard 3 (Three), line 10: Birthday is in the future")
        #expect(Language.chinese.catalogue.message(for: summary.failures[1]) == "第 3 张名片（Three），第 10 行：生日不能晚于今天")
        let contacts = try everything(in: alice)
        #expect(contacts.map(\.details.name) == ["One", "Six"])
    }

    @Test func fileWithoutCardsImportsNothing() throws {
        #expect(try importText("", into: alice) == Self.summary())
        #expect(try importText("just some text\r\n", into: alice) == Self.summary())
        #expect(try store.count(in: alice) == 0)
    }

    // MARK: Batches

    @Test func largeFileIsImportedInBatchesWithProgress() throws {
        let text = (0..<2_500).map { Self.card(uid: "bulk-\($0)", name: "Person \($0)", phone: "\(10_000 + $0)") }.joined()
        var reports: [ImportSummary] = []
        let summary = try importText(text, into: alice) { reports.append($0) }
        #expect(reports.map(\.imported) == [1_000, 2_000, 2_500])
        #expect(summary == Self.summary(imported: 2_500))
        #expect(try store.count(in: alice) == 2_500)
        let contacts = try store.contacts(in: alice)
        #expect(Set(contacts.map(\.uid)) == Set((0..<2_500).map { "bulk-\($0)" }))
        #expect(contacts.first { $0.uid == "bulk-1234" }?.details.phones == [PhoneNumber("11234", label: .mobile)])
    }

    // MARK: Export

    /// Cards with most of what the mapping reads and keeps.
    static let richCards: String = {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4]).base64EncodedString()
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<200).map { UInt8($0) }).base64EncodedString()
        return [
            card("UID:zhang", "N:张;三;;;", "FN:张三", "X-PHONETIC-LAST-NAME:Zhang", "X-PHONETIC-FIRST-NAME:San",
                 "item1.TEL;type=CELL;type=pref:+86 138 0013 8000", "item1.X-ABLabel:_$!<Mobile>!$_",
                 "item2.TEL:010-6666 6666", "item2.X-ABLabel:_$!<Home>!$_", "TEL;TYPE=WORK,VOICE:021-5555",
                 "item3.EMAIL;type=INTERNET:zs@example.com", "item3.X-ABLabel:_$!<Other>!$_",
                 "ADR;TYPE=HOME:;;建国路 1 号;北京;;100000;中国", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-17",
                 "X-GENDER:Male", "NOTE:第一行\\n第二行\\, 逗号\\; 分号", "PHOTO;ENCODING=b;TYPE=PNG:" + png,
                 "X-SOCIALPROFILE;type=weibo;x-user=zs:https://weibo.com/zs"),
            card("UID:mann", "FN:Thomas Mann", "N:Mann;Thomas;;;", "SORT-STRING:Mann", "ORG:S. Fischer\\, Verlag;Lektorat",
                 "EMAIL:mailto:tm@example.com", "BDAY:19500606", "CATEGORIES:Authors,Nobel", "KEY;ENCODING=b;TYPE=PGP:AAEC"),
            card("UID:lw", "FN:老王", "X-PHONETIC-LAST-NAME:Wang", "TEL:1", "X-PERSONALCONTACTS-AGE:60", "PHOTO;ENCODING=b;TYPE=JPEG:" + jpeg),
            card("UID:acme", "ORG:Acme", "TEL;TYPE=FAX:2", "URL:https\\://acme.example"),
            card("UID:only-n", "N:Doe;John;;;", "EMAIL:john@example.com", "EMAIL:not-an-email"),
            "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:v4\r\nFN:Émile Zola\r\nGENDER:M\r\nBDAY:--0402\r\nTEL;VALUE=uri;TYPE=home:tel:+33-1-2345\r\n"
                + "LOGO:data:image/png;base64,\(png)\r\nEND:VCARD\r\n",
        ].joined()
    }()

    @Test(arguments: VCardWriter.Version.allCases)
    func exportRoundTripsThroughASecondUser(version: VCardWriter.Version) throws {
        #expect(try importText(Self.richCards, into: alice) == Self.summary(imported: 6))
        let (text, count) = try export(alice, version: version)
        #expect(count == 6)
        #expect(text.components(separatedBy: "VERSION:\(version.rawValue)\r\n").count == 7)
        #expect(try importText(text, into: bob) == Self.summary(imported: 6))

        let original = try everything(in: alice)
        let copy = try everything(in: bob)
        #expect(copy.map(\.uid) == original.map(\.uid))
        #expect(copy.map(\.section) == original.map(\.section))
        for (a, b) in zip(original, copy) {
            var (left, right) = (a.details, b.details)
            // The export adds FN (and N in 3.0) to cards without them, and the copy keeps those.
            left.extraProperties.removeAll { $0.hasPrefix("FN:") || $0.hasPrefix("N:") }
            right.extraProperties.removeAll { $0.hasPrefix("FN:") || $0.hasPrefix("N:") }
            // …and the N it adds gives the parts the name splits into.
            if left.nameParts.isEmpty && right.nameParts == NameParts(splitting: right.name) { left.nameParts = right.nameParts }
            #expect(left == right, "\(a.uid)")
        }
        // What the phonetic names file by survives too.
        #expect(copy.first { $0.uid == "lw" }?.section == "W")
        #expect(copy.first { $0.uid == "mann" }?.section == "M")
        #expect(copy.first { $0.uid == "zhang" }?.details.photo != nil)
    }

    @Test func importedCardsKeepTheirDetails() throws {
        try importText(Self.richCards, into: alice)
        let zhang = try #require(try contact(uid: "zhang", in: alice))
        let full = try store.contact(id: zhang.id, in: alice)
        #expect(full.details.name == "张三")
        #expect(full.details.phones == [PhoneNumber("+86 138 0013 8000", label: .mobile), PhoneNumber("010-6666 6666", label: .home),
                                        PhoneNumber("021-5555", label: .work)])
        #expect(full.details.birthday == CalendarDate(year: nil, month: 5, day: 17))
        #expect(full.details.sex == .male)
        #expect(full.details.addresses.map(\.singleLine) == ["建国路 1 号, 北京, 100000, 中国"])
        #expect(full.details.note == "第一行\n第二行, 逗号; 分号")
        #expect(full.details.photo?.format == .png)
        #expect(full.section == "Z")
        #expect(try contact(uid: "acme", in: alice)?.details.name == "Acme")
        #expect(try contact(uid: "only-n", in: alice)?.details.name == "John Doe")
        #expect(try contact(uid: "lw", in: alice)?.details.age == 60)
    }

    @Test func unchangedContactsExportAsTheyCame() throws {
        try importText(Self.richCards, into: alice)
        let (text, _) = try export(alice, version: .v3_0)
        let exported = Array(VCardReader(bytes: Array(text.utf8))).compactMap { try? $0.get() }
        let originals = Array(VCardReader(bytes: Array(Self.richCards.utf8))).compactMap { try? $0.get() }
        let zhangOut = try #require(exported.first { $0.uid == "zhang" })
        let zhangIn = try #require(originals.first { $0.uid == "zhang" })
        // Same properties, the photo moved to the end.
        let withoutPhoto = zhangIn.properties.filter { $0.name != "VERSION" && $0.name != "PHOTO" }
        #expect(Array(zhangOut.properties.filter { $0.name != "VERSION" }.dropLast()) == withoutPhoto)
        #expect(zhangOut.properties.last?.binaryValue == zhangIn.property(named: "PHOTO")?.binaryValue)
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func exportIsInDisplayOrder(version: VCardWriter.Version) throws {
        // More than one export page (500), with many equal names so that the pages split ties.
        let names = ["张三", "Bob", "阿强", "007", "曾国藩", "李四", "Émile", "bob", "😀 Smile", "欧阳修"]
        let cards = (0..<1_203).map { Self.card(uid: "o-\($0)", name: names[$0 % names.count]) }.shuffled()
        try importText(cards.joined(), into: alice)
        let (text, count) = try export(alice, version: version)
        #expect(count == 1_203)
        let results = Array(VCardReader(bytes: Array(text.utf8)))
        let exported = results.compactMap { try? $0.get().uid }
        #expect(results.count == 1_203)
        #expect(exported == (try store.contacts(in: alice)).map(\.uid))
        #expect(Set(exported).count == 1_203)
    }

    @Test func emptyBookExportsNothing() throws {
        let (text, count) = try export(alice, version: .v4_0)
        #expect(count == 0)
        #expect(text.isEmpty)
    }

    @Test func exportLeavesOutTheTrash() throws {
        try importText(Self.card(uid: "keep", name: "Keep") + Self.card(uid: "gone", name: "Gone"), into: alice)
        try store.deleteContact(id: try #require(try contact(uid: "gone", in: alice)).id, in: alice)
        let (text, count) = try export(alice, version: .v4_0)
        #expect(count == 1)
        #expect(text.contains("UID:keep\r\n"))
        #expect(!text.contains("UID:gone"))
    }

    // MARK: Isolation

    @Test func importIntoBobDoesNotTouchAlice() throws {
        try importText(Self.card(uid: "shared", name: "Alice's") + Self.card(uid: "a-only", name: "Only Alice"), into: alice)
        let before = try everything(in: alice)

        let summary = try importText(Self.card(uid: "shared", name: "Bob's") + Self.card(uid: "b-only", name: "Only Bob"),
                                     into: bob, onConflict: .update)
        // The UID alice uses is no conflict in bob's book.
        #expect(summary == Self.summary(imported: 2))
        #expect(try everything(in: alice) == before)
        #expect(try store.contacts(in: bob).map(\.details.name) == ["Bob's", "Only Bob"])

        // Updating through bob's book changes bob's contact only.
        #expect(try importText(Self.card(uid: "shared", name: "Bob's New"), into: bob) == Self.summary(updated: 1))
        #expect(try everything(in: alice) == before)
        let aliceExport = try export(alice, version: .v4_0).text
        #expect(aliceExport.contains("FN:Alice's\r\n"))
        #expect(!aliceExport.contains("Bob"))
        let bobExport = try export(bob, version: .v4_0).text
        #expect(!bobExport.contains("Alice"))
    }
}
