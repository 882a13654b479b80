import Foundation
import Testing

/// `contacts book …`, `--book` and `contacts move`, run as a person runs them.
@Suite struct BookCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    private func add(_ name: String, book: String? = nil, user: String = "alice") throws -> String {
        try cli.succeed(["add", "--user", user, "--name", name, "--phone", "1"] + (book.map { ["--book", $0] } ?? []))
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func books(_ user: String = "alice") throws -> [[String: Any]] {
        let output = try cli.succeed(["book", "list", "--user", user, "--json"])
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
    }

    @Test func booksAreMadeRenamedListedDeletedAndRestored() throws {
        #expect(try cli.succeed(["book", "add", "--user", "alice", "work", "--display-name", "Work"]) == "Created address book work.\n")
        try cli.succeed(["book", "add", "--user", "alice", "家人"])
        _ = try add("Colleague", book: "work")
        #expect(try cli.succeed(["book", "rename", "--user", "alice", "work", "Office"]) == "Address book work is now shown as \"Office\".\n")
        #expect(try books().map { "\($0["name"]!) \($0["displayName"]!) \($0["count"]!)" }
                == ["contacts Contacts 0", "work Office 1", "家人 家人 0"])
        #expect(try cli.succeed(["book", "list", "--user", "alice"]) == "contacts\tContacts\t0\nwork\tOffice\t1\n家人\t家人\t0\n")
        let deleted = try cli.succeed(["book", "delete", "--user", "alice", "work"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(deleted == "已把通讯录 work 及其联系人移到回收站（30 天内可恢复）。\n")
        #expect(try books().map { $0["name"] as? String } == ["contacts", "家人"])
        #expect(try cli.succeed(["book", "restore", "--user", "alice", "work"]) == "Restored address book work.\n")
        #expect(try cli.list("alice", ["list", "--book", "work"]).map { $0["name"] as? String } == ["Colleague"])
        #expect(try books("bob").map { $0["name"] as? String } == ["contacts"])
    }

    @Test func bookSelectsTheBookOfEveryContactCommand() throws {
        try cli.succeed(["book", "add", "--user", "alice", "work"])
        let colleague = try add("Colleague", book: "work")
        _ = try add("Friend")
        #expect(try cli.list("alice").map { $0["name"] as? String } == ["Friend"])
        #expect(try cli.list("alice", ["search", "coll", "--book", "work"]).map { $0["name"] as? String } == ["Colleague"])
        #expect(try cli.list("alice", ["search", "coll"]).isEmpty)
        #expect(try cli.succeed(["show", "--user", "alice", "--book", "work", colleague]).contains("Colleague"))
        #expect(try cli.run(["show", "--user", "alice", colleague]).status == 1, "not in the default book")
        let card = try cli.succeed(["export", "--user", "alice", "--book", "work"])
        #expect(card.contains("FN:Colleague") && !card.contains("Friend"))
        let file = cli.dataDirectory + "-import.vcf"
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Imported\r\nEND:VCARD\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try cli.succeed(["import", "--user", "alice", "--book", "work", file])
        #expect(try cli.list("alice", ["list", "--book", "work"]).map { $0["name"] as? String } == ["Colleague", "Imported"])
    }

    @Test func unknownBooksAreFailuresAndBadInputIsAUsageError() throws {
        try cli.succeed(["book", "add", "--user", "bob", "secret"])
        for arguments in [["list", "--book", "secret"], ["add", "--name", "X", "--phone", "1", "--book", "nope"],
                          ["export", "--book", "nope"], ["book", "delete", "secret"], ["book", "rename", "secret", "Mine"],
                          ["move", "1", "--to-book", "secret"], ["book", "restore", "secret"]] {
            let result = try cli.run(arguments + ["--user", "alice"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error.hasPrefix("contacts: "), "\(arguments): \(result.error)")
        }
        #expect(try cli.run(["list", "--user", "alice", "--book", "nope"]).error == "contacts: No address book nope.\n")
        #expect(try cli.run(["book", "delete", "--user", "alice", "contacts"]).error
                == "contacts: the default address book cannot be deleted\n")
        #expect(try cli.run(["book", "add", "--user", "alice", "a/b"]).status == 1)
        #expect(try cli.run(["book", "add", "--user", "alice", "contacts"]).status == 1)
        #expect(try cli.run(["book", "rename", "--user", "alice", "contacts", "  "]).status == 2)
        #expect(try cli.run(["book", "add", "--user", "alice"]).status == 2)
        #expect(try cli.run(["move", "--user", "alice", "--to-book", "contacts"]).status == 2)
        #expect(try cli.run(["move", "--user", "alice", "x", "--to-book", "contacts"]).status == 2)
        #expect(try books().map { $0["name"] as? String } == ["contacts"])
        #expect(try books("bob").map { $0["name"] as? String } == ["contacts", "secret"])
    }

    @Test func twoBooksNeverShareADisplayName() throws {
        try cli.succeed(["book", "add", "--user", "alice", "work", "--display-name", "Work"])
        let taken = try cli.run(["book", "add", "--user", "alice", "office", "--display-name", " work "])
        #expect(taken.status == 1 && taken.error == "contacts: another address book is already called \"work\"; choose another name\n")
        let renamed = try cli.run(["book", "rename", "--user", "alice", "work", "CONTACTS"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(renamed.status == 1 && renamed.error == "contacts: 已有名为“CONTACTS”的通讯录，请换一个名称\n")
        #expect(try books().map { $0["displayName"] as? String } == ["Contacts", "Work"])
    }

    @Test func theDefaultBookIsNamedInTheLanguageTheAccountIsMadeIn() throws {
        let made = try cli.run(["user", "add", "li", "--password-stdin"], input: "password1\n", environment: ["LANG": "zh_CN.UTF-8"])
        #expect(made.status == 0, "\(made.error)")
        #expect(try books("li").map { $0["displayName"] as? String } == ["通讯录"])
        #expect(try books("alice").map { $0["displayName"] as? String } == ["Contacts"])
    }

    @Test func contactsMoveWithTheirUIDOrAreCopiedWithANewOne() throws {
        try cli.succeed(["book", "add", "--user", "alice", "work"])
        let one = try add("One"), two = try add("Two"), three = try add("Three")
        let uids = Dictionary(uniqueKeysWithValues: try cli.list("alice").map { ($0["name"] as! String, $0["uid"] as! String) })
        #expect(try cli.succeed(["move", "--user", "alice", one, two, "--to-book", "work"]) == "Moved 2 contacts to work.\n")
        let moved = try cli.list("alice", ["list", "--book", "work"])
        #expect(moved.map { $0["name"] as? String } == ["One", "Two"])
        #expect(moved.map { $0["uid"] as? String } == [uids["One"], uids["Two"]])
        #expect(try cli.list("alice").map { $0["name"] as? String } == ["Three"])
        #expect(try cli.succeed(["move", "--user", "alice", three, "--to-book", "work", "--copy"]) == "Copied 1 contact to work.\n")
        let copy = try #require(try cli.list("alice", ["list", "--book", "work"]).first { $0["name"] as? String == "Three" })
        #expect(copy["uid"] as? String != uids["Three"])
        // Back again: the UID of One is free in the default book; a second copy of Three's is not
        // a conflict (copies have new UIDs), but moving the copy back next to Three is fine too.
        let movedOne = try #require(moved.first)["id"] as! Int
        #expect(try cli.succeed(["move", "--user", "alice", "--book", "work", String(movedOne), "--to-book", "contacts"]) == "Moved 1 contact to contacts.\n")
        let refused = try cli.run(["move", "--user", "alice", "12345", "--to-book", "work"])
        #expect(refused.status == 1 && refused.error == "contacts: no contact with id 12345\n")
        #expect(try cli.list("alice").map { $0["name"] as? String } == ["One", "Three"])
    }

    @Test func aMoveOntoAUIDTheTargetHasIsRefusedWhole() throws {
        try cli.succeed(["book", "add", "--user", "alice", "work"])
        let file = cli.dataDirectory + "-same.vcf"
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:same\r\nFN:Same\r\nEND:VCARD\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try cli.succeed(["import", "--user", "alice", file])
        try cli.succeed(["import", "--user", "alice", "--book", "work", file])
        let other = try add("Other")
        let same = try #require(try cli.list("alice").first { $0["name"] as? String == "Same" })["id"] as! Int
        let refused = try cli.run(["move", "--user", "alice", other, String(same), "--to-book", "work"])
        #expect(refused.status == 1)
        #expect(refused.error == "contacts: the target address book already has a contact with UID \"same\"; nothing was moved\n")
        #expect(try cli.list("alice").count == 2)
        #expect(try cli.list("alice", ["list", "--book", "work"]).count == 1)
    }
}
