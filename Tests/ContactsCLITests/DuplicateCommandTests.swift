import Foundation
import Testing

/// `contacts duplicates` and `contacts merge`, run as a person runs them.
@Suite struct DuplicateCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    @discardableResult
    private func add(_ name: String, _ options: [String] = [], user: String = "alice") throws -> String {
        let result = try cli.run(["add", "--user", user, "--name", name] + options)
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aChineseUserSeesTheSameNumberHoweverWrittenAndWhy() throws {
        let zhang = try add("张三", ["--phone", "+86 138 0013 8000"])
        let pinyin = try add("Zhang San", ["--phone", "0086-138-0013-8000"])
        try add("李四", ["--phone", "13900139000"])
        try add("张三", ["--phone", "13800138000"], user: "bob")
        let chinese = ["LANG": "zh_CN.UTF-8"]
        let text = try cli.run(["duplicates", "--user", "alice"], environment: chinese)
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output == "姓名相同; 电话相同 +8613800138000\n  \(zhang)\t张三  +86 138 0013 8000\n  \(pinyin)\tZhang San  0086-138-0013-8000\n")

        let json = try cli.run(["duplicates", "--user", "alice", "--json", "--region", "cn"])
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(groups.count == 1)
        let reasons = groups[0]["reasons"] as? [[String: String]]
        #expect(reasons == [["kind": "name"], ["kind": "phone", "value": "+8613800138000"]])
        #expect((groups[0]["contacts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["张三", "Zhang San"])
    }

    @Test func theRegionReadsNumbersWithoutACountryCode() throws {
        try add("Ann", ["--phone", "+1 212 555 0123"])
        try add("Bea", ["--phone", "(212) 555-0123"])
        #expect(try cli.run(["duplicates", "--user", "alice"]).output.hasPrefix("Same phone +12125550123\n"), "English: US")
        #expect(try cli.run(["duplicates", "--user", "alice", "--region", "CN"]).output == "No possible duplicates.\n")
        let bad = try cli.run(["duplicates", "--user", "alice", "--region", "Mars"])
        #expect(bad.status == 2 && bad.error.contains("--region must be CN"))
    }

    @Test func notDuplicatesIsRemembered() throws {
        let one = try add("Li Lei", ["--phone", "1", "--email", "li@example.com"])
        let other = try add("Li Lei", ["--phone", "2", "--email", "lilei@example.com"])
        #expect(try cli.run(["duplicates", "--user", "alice", "--not-duplicates", one, other]).status == 0)
        #expect(try cli.run(["duplicates", "--user", "alice"]).output == "No possible duplicates.\n")
    }

    @Test func mergeKeepsEverythingAndUndoTakesItBack() throws {
        let dad = try add("Dad", ["--phone", "13800138000", "--email", "dad@example.com", "--note", "Home"])
        let named = try add("王建国", ["--phone", "13900139000", "--email", "DAD@example.com"])
        let result = try cli.run(["merge", "--user", "alice", dad, named, "--name-from", named])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Merged 2 contacts into 王建国.\n  \(dad)\t王建国  13800138000\n")
        let shown = try cli.run(["show", "--user", "alice", dad, "--json"])
        let contact = try #require((try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [[String: Any]])?.first)
        #expect(contact["phones"] as? [String] == ["13800138000", "13900139000"])
        #expect(contact["emails"] as? [String] == ["dad@example.com"])
        #expect(try cli.run(["show", "--user", "alice", named]).status == 1, "in the trash")
        #expect(try cli.run(["trash", "--user", "alice"]).output.contains("王建国"))

        let undone = try cli.run(["merge", "--user", "alice", "--undo", dad])
        #expect(undone.status == 0, "\(undone.error)")
        #expect(try cli.run(["show", "--user", "alice", dad]).output.hasPrefix("Name: Dad\n"))
        #expect(try cli.run(["show", "--user", "alice", named]).status == 0)
        let again = try cli.run(["merge", "--user", "alice", "--undo", dad])
        #expect(again.status == 1 && again.error == "contacts: there is no merge into contact \(dad) to undo\n")
    }

    @Test func badMergesAreRefusedWithTheReason() throws {
        let one = try add("A", ["--phone", "1"])
        let bobs = try add("B", ["--phone", "2"], user: "bob")
        let single = try cli.run(["merge", "--user", "alice", one])
        #expect(single.status == 2 && single.error.hasPrefix("contacts: missing ID ID..."))
        let same = try cli.run(["merge", "--user", "alice", one, one])
        #expect(same.status == 1 && same.error == "contacts: a merge needs at least two different contacts\n")
        let other = try cli.run(["merge", "--user", "alice", one, bobs])
        #expect(other.status == 1 && other.error == "contacts: no contact with id \(bobs)\n", "bob's contact is out of reach")
        let name = try cli.run(["merge", "--user", "alice", one, bobs, "--name-from", "99"])
        #expect(name.status == 1 && name.error == "contacts: contact 99 is not one of the contacts being merged\n")
        let word = try cli.run(["merge", "--user", "alice", one, "x1"])
        #expect(word.status == 2)
        #expect(try cli.run(["show", "--user", "bob", bobs]).status == 0)
    }
}
