import ContactsCore
import ContactsStore
import Foundation
import StoreOpening
import Testing

/// `contacts history` and `contacts rewind`, run as a person runs them.
@Suite struct HistoryCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    private func add(_ name: String, user: String = "alice") throws -> String {
        try cli.succeed(["add", "--user", user, "--name", name, "--phone", "1"]).trimmingCharacters(in: .newlines)
    }

    private func json(_ arguments: [String]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try cli.succeed(arguments + ["--json"]).utf8))
    }

    /// The contact's versions as `history --json` gives them.
    private func versions(_ id: String, user: String = "alice") throws -> [[String: Any]] {
        try #require(try json(["history", "--user", user, id]) as? [[String: Any]])
    }

    /// The names in alice's list, A–Z.
    private func names() throws -> [String] {
        try cli.list("alice").compactMap { $0["name"] as? String }
    }

    @Test func aContactsVersionsAreListedNewestFirstWithWhoMadeThemAndTheFields() throws {
        let id = try add("Anna")
        try cli.succeed(["edit", "--user", "alice", id, "--name", "Anna Berg", "--email", "anna@example.com"])
        try cli.succeed(["delete", "--user", "alice", id])
        let listed = try versions(id)
        #expect(listed.map { $0["change"] as? String } == ["deleted", "changed", "created"])
        let numbers = listed.compactMap { $0["version"] as? Int }
        #expect(numbers.count == 3 && numbers == numbers.sorted(by: >))
        #expect(listed.map { $0["live"] as? Bool } == [false, true, true])
        #expect(listed.map { ($0["contact"] as? [String: Any])?["name"] as? String } == ["Anna Berg", "Anna Berg", "Anna"])
        #expect(listed.map { ($0["contact"] as? [String: Any])?["emails"] as? [String] } == [["anna@example.com"], ["anna@example.com"], []])
        for version in listed {
            let by = try #require(version["by"] as? [String: Any])
            #expect(by["kind"] as? String == "cli" && by["account"] as? String == "alice" && by["name"] as? String == "")
            #expect(by.keys.sorted() == ["account", "kind", "name", "userAgent"], "every key, null when empty")
            #expect((version["at"] as? String).flatMap { try? Date($0, strategy: .iso8601) } != nil)
        }
        let text = try cli.succeed(["history", "--user", "alice", id])
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("Version ") }
        #expect(headings.count == 3)
        #expect(headings.first?.hasPrefix("Version \(numbers[0]), ") == true && headings.first?.hasSuffix(": deleted by alice's command line") == true)
        #expect(text.contains("\n    Name: Anna Berg\n    ID: \(id)\n") && text.contains("\n    Email (other): anna@example.com"))
        let chinese = try cli.succeed(["history", "--user", "alice", id], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.hasPrefix("版本 \(numbers[0])，") && chinese.contains("：由 alice 的命令行删除\n"))
    }

    @Test func restoringAVersionMakesTheContactAsItWasInANewChange() throws {
        let id = try add("Anna")
        try cli.succeed(["edit", "--user", "alice", id, "--name", "Anna Berg"])
        let first = try #require(try versions(id).last?["version"] as? Int)
        #expect(try cli.succeed(["history", "--user", "alice", id, "--restore", String(first)]) == "Contact \(id) is as it was in version \(first) again.\n")
        #expect(try names() == ["Anna"])
        #expect(try versions(id).map { $0["change"] as? String } == ["restored", "changed", "created"])

        try cli.succeed(["delete", "--user", "alice", id])
        let deletion = try #require(try versions(id).first?["version"] as? Int)
        #expect(try cli.succeed(["history", "--user", "alice", id, "--restore", String(first)]) == "Contact \(id) is as it was in version \(first) again.\n")
        #expect(try names() == ["Anna"], "a deleted contact comes back from its history")
        let trashed = try cli.succeed(["history", "--user", "alice", id, "--restore", String(deletion)], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(trashed == "版本 \(deletion) 是联系人 \(id) 被删除时的状态：已把它移到回收站。\n")
        #expect(try names().isEmpty)
        #expect(try cli.list("alice", ["trash"]).map { $0["name"] as? String } == ["Anna"])
    }

    /// Another account's contact, or a version its history does not have: exit 1, nothing changed.
    @Test func anotherAccountsContactOrAnUnknownVersionIsNotFound() throws {
        let id = try add("Anna")
        try cli.succeed(["edit", "--user", "alice", id, "--name", "Anna Berg"])
        let first = try #require(try versions(id).last?["version"] as? Int)
        let before = try versions(id).count
        for (arguments, message) in [
            (["history", "--user", "bob", id], "no contact with id \(id)"),
            (["history", "--user", "bob", id, "--restore", String(first)], "contact \(id) has no version \(first) in its history"),
            (["history", "--user", "alice", id, "--restore", "999999999"], "contact \(id) has no version 999999999 in its history"),
            (["history", "--user", "alice", "424242", "--restore", String(first)], "contact 424242 has no version \(first) in its history"),
            (["history", "--user", "alice", "424242"], "no contact with id 424242"),
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 1 && result.error == "contacts: \(message)\n", "\(arguments): \(result.error)")
        }
        #expect(try names() == ["Anna Berg"])
        #expect(try versions(id).count == before)
        #expect(try cli.list("bob").isEmpty)
    }

    @Test(arguments: [
        (["history", "--user", "alice", "1", "--restore", "first"], "VERSION must be a version number of the contact's history (a positive number), not \"first\""),
        (["history", "--user", "alice", "1", "--restore", "0"], "VERSION must be a version number of the contact's history (a positive number), not \"0\""),
        (["history", "--user", "alice", "1", "--restore", "-3"], "VERSION must be a version number of the contact's history (a positive number), not \"-3\""),
        (["history", "--user", "alice", "1", "--restore", "2", "--json"], "give --restore or --json, not both"),
        (["history", "--user", "alice", "1", "--since", "1d"], "give ID or --since, not both"),
        (["history", "--user", "alice", "--restore", "2"], "missing ID"),
        (["history", "--user", "alice", "1", "2"], "unexpected argument 2"),
        (["history", "--user", "alice", "x1"], "ID must be a contact id (a positive number), not \"x1\""),
        (["rewind", "--user", "alice"], "--to is required"),
        (["rewind", "--user", "alice", "--to", "1h", "extra"], "unexpected argument extra"),
    ])
    func historyUsageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2 && result.error.hasPrefix("contacts: \(message)\nusage: contacts "), "\(result.error)")
    }

    @Test func aRewindBringsBackSetsBackAndRemovesAndCanItselfBeRewound() throws {
        let anna = try add("Anna"), bob = try add("Bob")
        let moment = try #require(try versions(bob).first?["at"] as? String)
        try cli.succeed(["edit", "--user", "alice", anna, "--name", "Anna Berg"])
        try cli.succeed(["delete", "--user", "alice", bob])
        let carl = try add("Carl")
        #expect(try names() == ["Anna Berg", "Carl"])

        let preview = try #require(try json(["rewind", "--user", "alice", "--to", moment, "--dry-run"]) as? [String: Any])
        #expect(preview["broughtBack"] as? [Int] == [Int(bob)!] && preview["setBack"] as? [Int] == [Int(anna)!]
                && preview["removed"] as? [Int] == [Int(carl)!])
        #expect(preview["counts"] as? [String: Int] == ["broughtBack": 1, "setBack": 1, "removed": 1])
        #expect(preview["dryRun"] as? Bool == true && preview["to"] as? String == moment)
        let text = try cli.succeed(["rewind", "--user", "alice", "--to", moment, "--dry-run"])
        #expect(text.hasPrefix("Would bring back 1 deleted contact, set back 1 changed, remove 1 added since ") && text.hasSuffix("Nothing was changed.\n"))
        #expect(try names() == ["Anna Berg", "Carl"], "a dry run changes nothing")

        let done = try cli.succeed(["rewind", "--user", "alice", "--to", moment])
        #expect(done.hasPrefix("Brought back 1 deleted contact, set back 1 changed, removed 1 added since "), "\(done)")
        #expect(try names() == ["Anna", "Bob"])
        #expect(try cli.list("alice", ["trash"]).map { $0["name"] as? String } == ["Carl"])
        #expect(try versions(carl).first?["change"] as? String == "deleted")

        // The rewind is a change like any other: going back to just before it undoes it.
        let beforeRewind = try #require(try versions(carl).dropFirst().first?["at"] as? String)
        let undone = try #require(try json(["rewind", "--user", "alice", "--to", beforeRewind]) as? [String: Any])
        #expect(undone["counts"] as? [String: Int] == ["broughtBack": 1, "setBack": 1, "removed": 1])
        #expect(try names() == ["Anna Berg", "Carl"])
        #expect(try cli.succeed(["rewind", "--user", "alice", "--to", "1s", "--dry-run"], environment: ["LANG": "zh_CN.UTF-8"]).hasPrefix("将会找回"))
    }

    @Test func aRewindToAMomentAfterTheLastChangeHasNothingToUndo() throws {
        let id = try add("Anna")
        let moment = try #require(try versions(id).first?["at"] as? String)
        let result = try cli.succeed(["rewind", "--user", "alice", "--to", moment])
        #expect(result.hasPrefix("Nothing changed since ") && result.hasSuffix(": nothing to undo.\n"))
        #expect(try names() == ["Anna"])
    }

    /// Hostile `--to` values: a precise error, exit 2 for what is no time and 1 for a time out of
    /// reach, and the book untouched.
    @Test(arguments: [
        ("garbage", 2, "--to takes an ISO 8601 time with its zone (2026-12-04T10:00:00Z, 2026-12-04T18:00:00+08:00) or a time back from now (90s, 10m, 2h, 3d, 1w), not \"garbage\""),
        ("", 2, "--to takes an ISO 8601 time with its zone"),
        ("1.5h", 2, "not \"1.5h\""),
        ("10M", 2, "not \"10M\""),
        ("2026-12-04", 2, "not \"2026-12-04\""),
        ("2026-12-04T10:00:00", 2, "not \"2026-12-04T10:00:00\""),
        ("-1m", 2, "--to counts back from now, and \"-1m\" does not go back: give 1s or more (10m, 2h, 3d)"),
        ("0m", 2, "--to counts back from now, and \"0m\" does not go back"),
        ("10m\n", 2, "not \"10m\\n\""),
        ("1\u{1B}[2J0m", 2, "not \"1\\u{1B}[2J0m\""),
        ("\u{7}\u{7}", 2, "not \"\\u{07}\\u{07}\""),
        ("2026-02-30T10:00:00Z", 2, "--to: the calendar has no such day or time as \"2026-02-30T10:00:00Z\""),
        ("2026-12-04T24:00:00Z", 2, "--to: the calendar has no such day or time as \"2026-12-04T24:00:00Z\""),
        ("2026-12-04T10:00:00+25:00", 2, "not \"2026-12-04T10:00:00+25:00\""),
        (String(repeating: "x", count: 400), 2, "xxx…\""),
        (String(repeating: "9", count: 400) + "m", 1, "the history reaches back to "),
        ("99999999999999999999999999m", 1, "the history reaches back to "),
        ("9223372036854775807w", 1, "the history reaches back to "),
        ("31d", 1, "the history reaches back to "),
        ("2000-01-01T00:00:00Z", 1, "the history reaches back to "),
        ("0000-01-01T00:00:00+14:00", 1, "the history reaches back to "),
        ("9999-12-31T23:59:59Z", 1, "--to \"9999-12-31T23:59:59Z\" is in the future: a book goes back to a moment of the last 30 days"),
    ] as [(String, Int32, String)])
    func hostileTimesAreRefusedAndChangeNothing(time: String, status: Int32, message: String) throws {
        let id = try add("Anna")
        try cli.succeed(["delete", "--user", "alice", id])
        for arguments in [["--to", time], ["--to=" + time, "--dry-run"]] {
            let result = try cli.run(["rewind", "--user", "alice"] + arguments)
            #expect(result.status == status && result.error.hasPrefix("contacts: ") && result.error.contains(message), "\(result.error)")
            #expect(result.output.isEmpty)
        }
        #expect(try names().isEmpty)
        #expect(try versions(id).count == 2)
    }

    @Test func aBookSharedReadOnlyIsNotRewoundNorRestored() throws {
        let id = try add("Anna")
        let first = try #require(try versions(id).first?["version"] as? Int)
        try cli.succeed(["edit", "--user", "alice", id, "--name", "Anna Berg"])
        try cli.succeed(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-only"])
        let book = ["--user", "bob", "--book", "~alice~contacts"]
        for arguments in [["rewind", "--to", "1h"], ["rewind", "--to", "1h", "--dry-run"], ["history", id, "--restore", String(first)]] {
            let result = try cli.run(arguments + book)
            #expect(result.status == 1 && result.error == "contacts: this address book is shared with you read-only\n", "\(arguments): \(result.error)")
        }
        #expect(try names() == ["Anna Berg"])
        #expect(try versions(id).count == 2)
        let read = try #require(try json(["history", id] + book) as? [[String: Any]])
        #expect(read.map { $0["change"] as? String } == ["changed", "created"], "reading the history is allowed")
    }

    /// What the contact list's banner reads: a book's changes by client, and a mass deletion with
    /// the moment that undoes it.
    @Test func aBooksHistoryGroupsChangesByClientAndNamesAMassDeletion() throws {
        let file = cli.dataDirectory + "-friends.vcf"
        try (1...60).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Friend \($0)\r\nEND:VCARD\r\n" }.joined()
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try cli.succeed(["import", "--user", "alice", file])
        let store = try ContactStore(directory: cli.dataDirectory)
        let scope = try store.defaultAddressBook(for: try store.user(named: "alice"))
        let ids = try store.contacts(in: scope).map(\.id)
        #expect(ids.count == 60)
        let quiet = try #require(try json(["history", "--user", "alice"]) as? [String: Any])
        #expect(quiet["massDeletion"] is NSNull)
        #expect((quiet["clients"] as? [[String: Any]])?.map { $0["changes"] as? [String: Int] } == [["created": 60]])

        let iPhone = ChangeClient(kind: .carddav, key: "app-password-7", name: "iPhone", userAgent: "iOS/18.1 (22B83) dataaccessd/1.0")
        try ChangeClient.$current.withValue(iPhone) { try store.deleteContacts(ids: ids, in: scope) }
        let history = try #require(try json(["history", "--user", "alice"]) as? [String: Any])
        let clients = try #require(history["clients"] as? [[String: Any]])
        #expect(clients.map { ($0["by"] as? [String: Any])?["kind"] as? String } == ["carddav", "cli"])
        #expect(clients.map { $0["changes"] as? [String: Int] } == [["deleted": 60], ["created": 60]])
        let by = try #require(clients.first?["by"] as? [String: Any])
        #expect(by["name"] as? String == "iPhone" && by["userAgent"] as? String == iPhone.userAgent && by["account"] as? String == "alice")
        let deletion = try #require(history["massDeletion"] as? [String: Any])
        #expect(deletion["count"] as? Int == 60 && (deletion["by"] as? [String: Any])?["name"] as? String == "iPhone")
        let undoTo = try #require(deletion["undoTo"] as? String)
        #expect(undoTo < (deletion["first"] as? String ?? ""))

        let text = try cli.succeed(["history", "--user", "alice"])
        #expect(text.contains("\n  alice's iPhone (CardDAV client): 60 deleted ("))
        #expect(text.hasSuffix("\nalice's iPhone (CardDAV client) deleted 60 contacts at \(timestampOf(deletion["first"])). To undo: contacts rewind --to \(undoTo)\n"))
        let chinese = try cli.succeed(["history", "--user", "alice"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(chinese.contains("\n  alice 的 iPhone（CardDAV 客户端）：删除 60 个（"))

        let undone = try #require(try json(["rewind", "--user", "alice", "--to", undoTo]) as? [String: Any])
        #expect(undone["counts"] as? [String: Int] == ["broughtBack": 60, "setBack": 0, "removed": 0])
        #expect(try cli.list("alice").count == 60)
        let after = try #require(try json(["history", "--user", "alice"]) as? [String: Any])
        #expect(after["massDeletion"] is NSNull, "undone, the deletion is no longer one to warn of")
        #expect(try cli.succeed(["history", "--user", "alice", "--since", "2999-01-01T00:00:00Z"]).hasPrefix("No changes since 2999-01-01T00:00:00Z."))
        #expect(try cli.run(["history", "--user", "alice", "--since", "yesterday"]).status == 2)
    }

    /// A moment as the text output gives it: to the second.
    private func timestampOf(_ value: Any?) -> String {
        guard let text = value as? String, let dot = text.firstIndex(of: ".") else { return "?" }
        return text[..<dot] + "Z"
    }

    @Test func helpListsTheCommandsAndHowTimesAreWritten() throws {
        let overview = try cli.succeed(["--help"])
        #expect(overview.contains("\n  history ") && overview.contains("\n  rewind "))
        let help = try cli.succeed(["rewind", "--help"])
        #expect(help.hasPrefix("usage: contacts [--data DIR | --database URL] rewind --user U [--book NAME] --to TIME [--dry-run] [--json]\n"))
        #expect(help.contains("(90s, 10m, 2h, 3d, 1w)"))
    }
}
