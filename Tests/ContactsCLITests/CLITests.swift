import ContactsStore
import Foundation
import StoreOpening
import Testing

@Suite struct CLITests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
    }

    @Test func contactsPersistAcrossProcesses() throws {
        let added = try cli.run(["add", "--user", "alice", "--name", "张三", "--phone", "138 0013 8000",
                                 "--phone", "work:010-6666", "--sex", "male", "--birthday", "1990-05-17",
                                 "--address", "北京", "--email", "zs@example.com", "--note", "老同学"])
        #expect(added.status == 0, "\(added.error)")
        let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let list = try cli.list("alice")
        #expect(list.count == 1)
        let contact = try #require(list.first)
        #expect(contact["id"] as? Int == id)
        #expect(contact["name"] as? String == "张三")
        #expect(contact["section"] as? String == "Z")
        #expect(contact["phones"] as? [String] == ["138 0013 8000", "010-6666"])
        #expect(contact["phoneLabels"] as? [String] == ["mobile", "work"])
        #expect(contact["emails"] as? [String] == ["zs@example.com"])
        #expect(contact["sex"] as? String == "male")
        #expect((contact["age"] as? Int ?? 0) >= 36)
        #expect(contact["address"] as? String == "北京")
        #expect(contact["note"] as? String == "老同学")
        #expect(contact["hasPhoto"] as? Bool == false)
        #expect((contact["uid"] as? String)?.count == 36)
        let text = try cli.run(["list", "--user", "alice"])
        #expect(text.output.contains("Z\n  \(id)\t张三  138 0013 8000"))
    }

    @Test func listAndSearchShareShapeAndOrder() throws {
        for name in ["张三", "Zoë", "阿强", "单田芳", "007"] {
            #expect(try cli.run(["add", "--user", "alice", "--name", name, "--phone", "1"]).status == 0)
        }
        let names = try cli.list("alice").map { $0["name"] as? String }
        #expect(names == ["阿强", "单田芳", "张三", "Zoë", "007"])
        let found = try cli.list("alice", ["search", "z"]).map { $0["name"] as? String }
        #expect(found == ["张三", "Zoë"])
        #expect(try cli.list("alice", ["search", "stf"]).map { $0["name"] as? String } == ["单田芳"])
    }

    @Test func editDeleteTrashRestore() throws {
        let id = try cli.run(["add", "--user", "alice", "--name", "李四", "--phone", "1"]).output.trimmingCharacters(in: .newlines)
        #expect(try cli.run(["edit", "--user", "alice", id, "--name", "李思", "--age", "30"]).status == 0)
        let shown = try cli.run(["show", "--user", "alice", id])
        #expect(shown.output.contains("Name: 李思"))
        #expect(shown.output.contains("Age: 30"))
        #expect(try cli.run(["delete", "--user", "alice", id]).status == 0)
        #expect(try cli.list("alice").isEmpty)
        #expect(try cli.list("alice", ["trash"]).map { $0["name"] as? String } == ["李思"])
        #expect(try cli.run(["restore", "--user", "alice", id]).status == 0)
        #expect(try cli.list("alice").map { $0["name"] as? String } == ["李思"])
        #expect(try cli.list("alice", ["trash"]).isEmpty)
    }

    @Test(arguments: [
        (["--name", "", "--phone", "1"], "Enter a name or a company"),
        (["--name", "A", "--phone", "n/a"], "Phone number \"n/a\" has no digits"),
        (["--name", "A", "--phone", "1", "--age", "151"], "Age must be 0–150"),
        (["--name", "A", "--phone", "1", "--age", "old"], "Age must be 0–150"),
        (["--name", "A", "--phone", "1", "--birthday", "1990-02-30"], "Birthday \"1990-02-30\" is not a date like 1990-05-17"),
        (["--name", "A", "--phone", "1", "--birthday", "2999-01-01"], "Birthday is in the future"),
        (["--name", "A", "--phone", "1", "--email", "nope"], "\"nope\" is not a valid email address"),
        (["--name", "A", "--phone", "1", "--photo", "/nonexistent/photo.jpg"], "cannot read photo /nonexistent/photo.jpg"),
        (["--name", "A", "--phone", "1", "--photo", "/etc/hostname"], "Unsupported image"),
    ])
    func invalidInputFailsClearlyAndWritesNothing(arguments: [String], message: String) throws {
        let result = try cli.run(["add", "--user", "alice"] + arguments)
        #expect(result.status == 1)
        #expect(result.error == "contacts: \(message)\n")
        #expect(result.output.isEmpty)
        #expect(try cli.list("alice").isEmpty)
        #expect(try cli.list("alice", ["trash"]).isEmpty)
    }

    @Test func photoIsStoredAndReplaced() throws {
        let png = NSTemporaryDirectory() + UUID().uuidString + ".png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: png))
        defer { try? FileManager.default.removeItem(atPath: png) }
        let id = try cli.run(["add", "--user", "alice", "--name", "Pic", "--phone", "1", "--photo", png]).output.trimmingCharacters(in: .newlines)
        #expect(try cli.list("alice").first?["hasPhoto"] as? Bool == true)
        #expect(try cli.run(["show", "--user", "alice", id]).output.contains("Photo: image/png, 12 bytes"))
        #expect(try cli.run(["edit", "--user", "alice", id, "--no-photo"]).status == 0)
        #expect(try cli.list("alice").first?["hasPhoto"] as? Bool == false)
    }

    @Test func unknownUserAndBadIDs() throws {
        let unknown = try cli.run(["list", "--user", "mallory"])
        #expect(unknown.status == 1)
        #expect(unknown.error == "contacts: no user named \"mallory\"\n")
        let missing = try cli.run(["show", "--user", "alice", "999"])
        #expect(missing.status == 1)
        #expect(missing.error == "contacts: no contact with id 999\n")
        let malformed = try cli.run(["delete", "--user", "alice", "abc"])
        #expect(malformed.status == 2)
        #expect(malformed.error.hasPrefix("contacts: ID must be a contact id (a positive number), not \"abc\"\n"))
    }

    @Test func anotherUsersContactIsInvisible() throws {
        try cli.addUser("bob")
        let id = try cli.run(["add", "--user", "alice", "--name", "Secret", "--phone", "1"]).output.trimmingCharacters(in: .newlines)
        for command in [["show", id], ["delete", id], ["restore", id], ["edit", id, "--name", "x"]] {
            let result = try cli.run([command[0], "--user", "bob"] + command.dropFirst())
            #expect(result.status == 1, "\(command)")
        }
        #expect(try cli.list("bob").isEmpty)
        #expect(try cli.list("bob", ["search", "secret"]).isEmpty)
        #expect(try cli.list("alice").count == 1)
    }

    @Test(arguments: [
        ["frobnicate"], ["list", "--user"], ["edit", "--user", "alice", "1"], ["edit", "1", "--book", "contacts"], ["add", "--user", "alice", "--sex", "robot", "--name", "A", "--phone", "1"],
        ["list", "--user", "alice", "extra"], ["user", "add"], ["add", "--user", "alice", "--age", "1", "--birthday", "2000-01-01"],
        ["serve", "--port", "0", "--max-connections-per-client", "0"], ["serve", "--port", "0", "--max-connections-per-client", "many"],
        ["serve", "--port", "0", "--max-upload-mb", "0"], ["serve", "--port", "0", "--max-upload-mb", "lots"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("contacts: "))
    }

    @Test func theVersionIsPrintedEitherWay() throws {
        let option = try cli.run(["--version"])
        let command = try cli.run(["version"], passData: false)
        #expect(option.status == 0 && command.status == 0)
        #expect(option.output == command.output)
        #expect(option.output.wholeMatch(of: /contacts \d+\.\d+\.\d+\n/) != nil, "\(option.output)")
        #expect(try cli.run(["--help"]).output.contains("contacts --version"))
    }

    @Test func theAccountComesFromTheOptionTheEnvironmentOrTheOnlyOne() throws {
        let id = try cli.run(["add", "--name", "Only Alice's", "--phone", "1"])
        #expect(id.status == 0, "the store's only account: \(id.error)")
        #expect(try cli.list("alice").map { $0["name"] as? String } == ["Only Alice's"])
        try cli.addUser("bob")
        let ambiguous = try cli.run(["list"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.error.hasPrefix("contacts: --user is required: this store has 2 accounts (or set $CONTACTS_USER)\n"))
        #expect(try cli.run(["add", "--name", "Bob's", "--phone", "2"], environment: ["CONTACTS_USER": "bob"]).status == 0)
        #expect(try cli.list("bob").map { $0["name"] as? String } == ["Bob's"])
        let overridden = try cli.run(["list", "--user", "alice"], environment: ["CONTACTS_USER": "bob"])
        #expect(overridden.output.contains("Only Alice's") && !overridden.output.contains("Bob's"), "--user wins")
        let unknown = try cli.run(["list"], environment: ["CONTACTS_USER": "carol"])
        #expect(unknown.status == 1 && unknown.error == "contacts: no user named \"carol\"\n")
        let empty = CLIRunner()
        let none = try empty.run(["list"])
        #expect(none.status == 2)
        #expect(none.error.hasPrefix("contacts: there is no account yet; make one with \"contacts user add NAME\"\n"))
    }

    @Test func editWithNothingToChangeChangesNothing() throws {
        let id = try cli.run(["add", "--user", "alice", "--name", "Kept", "--phone", "1"]).output.trimmingCharacters(in: .newlines)
        let before = try cli.run(["show", "--user", "alice", id, "--json"]).output
        let result = try cli.run(["edit", "--user", "alice", id])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("contacts: nothing to change: give edit at least one field to set or remove"))
        #expect(result.output.isEmpty)
        #expect(try cli.run(["show", "--user", "alice", id, "--json"]).output == before)
    }

    @Test func everyCommandHasHelp() throws {
        for command in [["user", "add"], ["user", "list"], ["user", "passwd"], ["user", "delete"], ["add"], ["list"],
                        ["show"], ["edit"], ["delete"], ["trash"], ["restore"], ["search"], ["migrate"]] {
            let result = try cli.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("usage: contacts [--data DIR | --database URL] \(command.joined(separator: " "))"))
        }
        #expect(try cli.run(["--help"]).output.contains("search"))
    }

    @Test func usersFromTheCommandLine() throws {
        let duplicate = try cli.run(["user", "add", "ALICE", "--password-stdin"], input: "password2\n")
        #expect(duplicate.status == 1)
        #expect(duplicate.error == "contacts: a user named \"ALICE\" already exists\n")
        let short = try cli.run(["user", "add", "bob", "--password-stdin"], input: "short\n")
        #expect(short.status == 1)
        #expect(short.error.contains("at least 8 characters"))
        let noTerminal = try cli.run(["user", "add", "bob"])
        #expect(noTerminal.status == 2)
        #expect(noTerminal.error.contains("--password-stdin"))
        #expect(try cli.run(["user", "passwd", "alice", "--password-stdin"], input: "new password\n").output == "Password changed for alice.\n")
        try cli.run(["birthdays", "feed", "--user", "alice"])
        let offered = try cli.run(["user", "passwd", "alice", "--password-stdin"], input: "new password\n")
        #expect(offered.output == "Password changed for alice.\nThe birthday calendar's address still works; "
                + "for a new one: contacts birthdays feed --user alice --rotate\n", "\(offered.output)")
        let chinese = try cli.run(["user", "add", "ALICE", "--password-stdin"], input: "password2\n", environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.error == "contacts: 用户“ALICE”已存在\n")
        let overridden = try cli.run(["user", "list", "extra"], environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "C"])
        #expect(overridden.error == "contacts: unexpected argument extra\nusage: contacts user list\n")
        let store = try ContactStore(directory: cli.dataDirectory)
        #expect(try store.authenticate(username: "alice", password: "new password") != nil)
        #expect(try store.authenticate(username: "alice", password: "password1") == nil)
        #expect(try cli.run(["user", "list"]).output == "alice\n")
        #expect(try cli.run(["user", "delete", "alice"]).status == 0)
        #expect(try cli.run(["user", "list"]).output == "No users.\n")
        #expect(try cli.run(["user", "delete", "alice"]).status == 1)
    }

    @Test func dataDirectoryIsPrivate() throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.dataDirectory)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let database = try FileManager.default.attributesOfItem(atPath: cli.dataDirectory + "/" + ContactStore.fileName)
        #expect((database[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func dataDirectoryComesFromTheEnvironment() throws {
        let other = CLIRunner()
        defer { other.removeData() }
        let viaVariable = try other.run(["user", "add", "carol", "--password-stdin"], input: "password1\n",
                                        environment: ["CONTACTS_DATA": other.dataDirectory], passData: false)
        #expect(viaVariable.status == 0)
        #expect(FileManager.default.fileExists(atPath: other.dataDirectory + "/" + ContactStore.fileName))
        let xdg = NSTemporaryDirectory() + "xdg-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: xdg) }
        _ = try other.run(["user", "add", "dave", "--password-stdin"], input: "password1\n",
                          environment: ["XDG_DATA_HOME": xdg], passData: false)
        #expect(FileManager.default.fileExists(atPath: xdg + "/personal-contacts/" + ContactStore.fileName))
    }
}

@Suite struct CLIConcurrencyTests {
    @Test func twoProcessesAddingAtOnceLoseNothing() throws {
        let cli = CLIRunner()
        defer { cli.removeData() }
        try cli.addUser("alice")
        let loop = "for i in $(seq 500); do \"$0\" --data \"$1\" add --user alice --name \"$2 $i\" --phone \"$i\" >/dev/null || exit 1; done"
        let writers = try ["张", "Li"].map { prefix in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", loop, CLIRunner.binary, cli.dataDirectory, prefix]
            try process.run()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let names = try cli.list("alice").compactMap { $0["name"] as? String }
        #expect(names.count == 1000)
        #expect(Set(names).count == 1000)
        #expect(try ContactStore(directory: cli.dataDirectory).integrityCheck() == "ok")
    }
}

/// `--lunar-birthday`, `--no-lunar-birthday`, and the lunar birthday in `show` and `--json`.
@Suite struct LunarBirthdayCLITests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
    }

    private func add(_ arguments: [String]) throws -> String {
        let result = try cli.run(["add", "--user", "alice", "--name", "张三", "--phone", "1"] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [
        ("8-15", "08-15", "农历八月十五"), ("L4-15", "L04-15", "农历闰四月十五"), ("闰4-15", "L04-15", "农历闰四月十五"),
        ("2014-3-18", "2014-03-18", "农历三月十八"), ("12-30", "12-30", "农历腊月三十"),
    ])
    func addShowAndJSON(given: String, stored: String, chinese: String) throws {
        let id = try add(["--lunar-birthday", given])
        let contact = try #require(try cli.list("alice").first)
        #expect(contact["lunarBirthday"] as? String == stored)
        let shown = try cli.run(["show", "--user", "alice", id]).output
        #expect(shown.contains("Lunar birthday: \(stored) (\(chinese), next "))
        let json = try cli.run(["show", "--user", "alice", id, "--json"]).output
        #expect(json.contains(#""lunarBirthday" : "\#(stored)""#))
    }

    @Test func absentLunarBirthdayIsLeftOut() throws {
        let id = try add([])
        #expect(try cli.list("alice").first?["lunarBirthday"] == nil)
        #expect(!(try cli.run(["show", "--user", "alice", id]).output.contains("Lunar birthday")))
    }

    @Test func editSetsChangesAndRemoves() throws {
        let id = try add([])
        #expect(try cli.run(["edit", "--user", "alice", id, "--lunar-birthday", "L2-1"]).status == 0)
        #expect(try cli.list("alice").first?["lunarBirthday"] as? String == "L02-01")
        #expect(try cli.run(["edit", "--user", "alice", id, "--note", "n"]).status == 0)
        #expect(try cli.list("alice").first?["lunarBirthday"] as? String == "L02-01")
        #expect(try cli.run(["edit", "--user", "alice", id, "--no-lunar-birthday"]).status == 0)
        #expect(try cli.list("alice").first?["lunarBirthday"] == nil)
        let both = try cli.run(["edit", "--user", "alice", id, "--lunar-birthday", "1-1", "--no-lunar-birthday"])
        #expect(both.status == 2)
        #expect(both.error.contains("give --lunar-birthday or --no-lunar-birthday, not both"))
    }

    @Test(arguments: ["13-1", "1-31", "8", "8/15", "L-15", "x"])
    func invalidValueFailsAndWritesNothing(value: String) throws {
        let result = try cli.run(["add", "--user", "alice", "--name", "A", "--phone", "1", "--lunar-birthday", value])
        #expect(result.status == 1)
        #expect(result.error == "contacts: Lunar birthday \"\(value)\" is not a month and day like 8-15 (leap month: L4-15)\n")
        #expect(try cli.list("alice").isEmpty)
    }

    @Test func helpExplainsTheLeapMonth() throws {
        for command in ["add", "edit"] {
            let help = try cli.run([command, "--help"]).output
            #expect(help.contains("--lunar-birthday [YYYY-][L]M-D"))
            #expect(help.contains("L4-15 is\n闰四月十五") || help.contains("L4-15 is 闰四月十五"))
        }
        #expect(try cli.run(["edit", "--help"]).output.contains("--no-lunar-birthday"))
    }

    @Test func importedAppleCardShowsAndExportsItsLineUnchanged() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:王五\r\nTEL;type=CELL:1\r\nX-ALTBDAY;CALSCALE=chinese:0078004002L15\r\nEND:VCARD\r\n"
        #expect(try cli.run(["import", "--user", "alice", "-"], input: card).status == 0)
        let contact = try #require(try cli.list("alice").first)
        #expect(contact["lunarBirthday"] as? String == "2023-L02-15")
        let id = try #require(contact["id"] as? Int)
        #expect(try cli.run(["show", "--user", "alice", String(id)]).output.contains("Lunar birthday: 2023-L02-15 (农历闰二月十五, next "))
        let exported = try cli.run(["export", "--user", "alice"])
        #expect(exported.output.contains("\r\nX-ALTBDAY;CALSCALE=chinese:0078004002L15\r\n"))
    }
}
