import Foundation
import Testing

/// `contacts group …`, `add --group`, `edit --add-group/--remove-group`, `list --group` and
/// `export --apple-groups`, run as a person runs them.
@Suite struct GroupCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    private func add(_ name: String, _ options: [String] = [], user: String = "alice") throws -> String {
        let result = try cli.run(["add", "--user", user, "--name", name, "--phone", "13800138000"] + options)
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func groups(_ user: String = "alice") throws -> [[String: Any]] {
        let result = try cli.run(["group", "list", "--user", user, "--json"])
        #expect(result.status == 0, "\(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    }

    @Test func groupsAreMadeRenamedListedAndDeleted() throws {
        #expect(try cli.run(["group", "add", "--user", "alice", "Family"]).output == "Created group Family.\n")
        let zhang = try add("张三", ["--group", "Family", "--group", "Friends"])
        _ = try add("李四", ["--group", "Family"])
        #expect(try groups().map { [$0["name"] as? String, ($0["count"] as? Int).map(String.init)] } == [["Family", "2"], ["Friends", "1"]])
        #expect(try groups().allSatisfy { ($0["uid"] as? String)?.isEmpty == false })
        #expect(try cli.run(["group", "list", "--user", "alice"]).output == "Family  (2 contacts)\nFriends  (1 contact)\n")

        let family = try cli.list("alice", ["list", "--group", "Family"])
        #expect(family.map { $0["name"] as? String } == ["李四", "张三"])
        #expect(try cli.list("alice", ["show", zhang]).first?["groups"] as? [String] == ["Family", "Friends"])

        #expect(try cli.run(["group", "rename", "--user", "alice", "Family", "家人"], environment: ["LANG": "zh_CN.UTF-8"]).output
                == "已将分组“Family”改名为“家人”。\n")
        #expect(try cli.list("alice", ["show", zhang]).first?["groups"] as? [String] == ["家人", "Friends"])
        #expect(try cli.run(["group", "delete", "--user", "alice", "Friends"]).status == 0)
        #expect(try cli.list("alice", ["show", zhang]).first?["groups"] as? [String] == ["家人"])
        #expect(try cli.list("alice").count == 2, "group cards are not contacts and deleting a group keeps its contacts")
        #expect(try groups("bob").isEmpty)
    }

    @Test func editJoinsAndLeavesGroups() throws {
        let zhang = try add("张三")
        #expect(try cli.run(["edit", "--user", "alice", zhang, "--add-group", "Work", "--add-group", "Club"]).status == 0)
        #expect(try cli.list("alice", ["show", zhang]).first?["groups"] as? [String] == ["Work", "Club"])
        #expect(try cli.run(["edit", "--user", "alice", zhang, "--remove-group", "Work"]).status == 0)
        #expect(try cli.list("alice", ["show", zhang]).first?["groups"] as? [String] == ["Club"])
        #expect(try cli.run(["show", "--user", "alice", zhang]).output.contains("Groups: Club\n"))
        #expect(try groups().map { $0["name"] as? String } == ["Club", "Work"], "an emptied group stays")
    }

    @Test func mistakesAreRefusedWithAReason() throws {
        let missing = try cli.run(["list", "--user", "alice", "--group", "Nope"])
        #expect(missing.status == 1 && missing.error == "contacts: there is no group named \"Nope\"\n")
        #expect(try cli.run(["group", "delete", "--user", "alice", "Nope"]).status == 1)
        _ = try cli.run(["group", "add", "--user", "alice", "Family"])
        let taken = try cli.run(["group", "add", "--user", "alice", "Family"])
        #expect(taken.status == 1 && taken.error.contains("already exists"))
        let control = try cli.run(["add", "--user", "alice", "--name", "A", "--phone", "1", "--group", "bad\u{7}name"])
        #expect(control.status == 2 && control.error.contains("cannot be a group name"))
        let blank = try cli.run(["group", "rename", "--user", "alice", "Family", "  "])
        #expect(blank.status == 1 && blank.error.contains("cannot be a group name"))
        #expect(try cli.run(["group", "list", "--user", "alice"]).output == "Family  (0 contacts)\n")
        _ = try add("Zhang", ["--group", "Family"], user: "bob")
        #expect(try cli.list("alice", ["list", "--group", "Family"]).isEmpty, "bob's contact is not in alice's group")
    }

    @Test func exportWritesAppleGroupCardsOnlyWhenAskedAndImportReadsThemBack() throws {
        _ = try add("张三", ["--group", "Family"])
        let plain = try cli.run(["export", "--user", "alice"])
        #expect(plain.output.contains("CATEGORIES:Family") && !plain.output.contains("X-ADDRESSBOOKSERVER-KIND"))
        let apple = try cli.run(["export", "--user", "alice", "--apple-groups"])
        #expect(apple.output.contains("X-ADDRESSBOOKSERVER-KIND:group") && apple.output.contains("X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:"))

        // A group card without CATEGORIES on its member, as Apple Contacts exports one, makes the group.
        let card = apple.output.components(separatedBy: "END:VCARD\r\n")
        let member = card[0].replacingOccurrences(of: "CATEGORIES:Family\r\n", with: "") + "END:VCARD\r\n"
        let group = card[1] + "END:VCARD\r\n"
        #expect(try cli.run(["import", "--user", "bob", "-"], input: group + member).status == 0)
        #expect(try groups("bob").map { $0["name"] as? String } == ["Family"])
        #expect(try cli.list("bob", ["list", "--group", "Family"]).map { $0["name"] as? String } == ["张三"])
    }
}
