import Foundation
import Testing

/// `add`, `edit`, `show` and `search` with every field of a contact: name parts, company,
/// labelled lists, and what `--json` gives of each.
@Suite struct ContactFieldCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
    }

    /// Every option that sets a field, for 马化腾 of 腾讯.
    static let everyField = [
        "--name", "马化腾", "--prefix", "Mr.", "--given-name", "化腾", "--middle-name", "M", "--family-name", "马", "--suffix", "Jr.",
        "--phonetic-given-name", "Huateng", "--phonetic-middle-name", "Em", "--phonetic-family-name", "Ma", "--nickname", "Pony",
        "--organization", "腾讯", "--department", "总办", "--title", "董事会主席",
        "--phone", "138 0013 8000", "--phone", "work:0755-8601", "--phone", "home fax:0755-8602", "--phone", "Car:0755-8603",
        "--email", "work:pony@tencent.example", "--email", "ma@example.org",
        "--address", "work:深圳市南山区科技园", "--address-street", "1 Main St", "--address-city", "Springfield",
        "--address-region", "IL", "--address-postcode", "62701", "--address-country", "USA", "--address-label", "school",
        "--url", "https://tencent.example", "--url", "work:https://qq.example/pony",
        "--im", "wechat:ponyma", "--im", "work:qq:10001", "--social", "weibo:pony",
        "--date", "anniversary:1998-11-11", "--date", "Founding:--11-11", "--related", "spouse:王丹婷", "--related", "Mentor",
    ]

    private func added(_ arguments: [String]) throws -> String {
        let result = try cli.run(["add", "--user", "alice"] + arguments)
        #expect(result.status == 0, "\(result.error)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func shown(_ id: String) throws -> [String: Any] {
        let result = try cli.run(["show", "--user", "alice", id, "--json"])
        #expect(result.status == 0, "\(result.error)")
        let array = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        return try #require(array?.first)
    }

    @Test func everyFieldIsStoredAndShownAsTypedJSON() throws {
        let contact = try shown(try added(Self.everyField))
        #expect(contact["name"] as? String == "马化腾")
        #expect(contact["nameParts"] as? [String: String]
            == ["prefix": "Mr.", "given": "化腾", "middle": "M", "family": "马", "suffix": "Jr."])
        #expect(contact["phoneticName"] as? [String: String] == ["given": "Huateng", "middle": "Em", "family": "Ma"])
        #expect(contact["nickname"] as? String == "Pony")
        #expect(contact["organization"] as? String == "腾讯")
        #expect(contact["department"] as? String == "总办")
        #expect(contact["jobTitle"] as? String == "董事会主席")
        #expect(contact["isCompany"] as? Bool == false)
        #expect(contact["phoneNumbers"] as? [[String: String]] == [
            ["label": "mobile", "number": "138 0013 8000"], ["label": "work", "number": "0755-8601"],
            ["label": "home-fax", "number": "0755-8602"], ["label": "Car", "number": "0755-8603"],
        ])
        #expect(contact["phones"] as? [String] == ["138 0013 8000", "0755-8601", "0755-8602", "0755-8603"])
        #expect(contact["emailAddresses"] as? [[String: String]] == [
            ["label": "work", "address": "pony@tencent.example"], ["label": "other", "address": "ma@example.org"],
        ])
        #expect(contact["emails"] as? [String] == ["pony@tencent.example", "ma@example.org"])
        #expect(contact["addresses"] as? [[String: String]] == [
            ["label": "work", "street": "深圳市南山区科技园", "city": "", "region": "", "postcode": "", "country": "", "countryCode": ""],
            ["label": "school", "street": "1 Main St", "city": "Springfield", "region": "IL", "postcode": "62701", "country": "USA",
             "countryCode": ""],
        ])
        #expect(contact["address"] as? String == "深圳市南山区科技园")
        #expect(contact["urls"] as? [[String: String]] == [
            ["label": "homepage", "url": "https://tencent.example"], ["label": "work", "url": "https://qq.example/pony"],
        ])
        #expect(contact["instantMessages"] as? [[String: String]] == [
            ["label": "other", "service": "WeChat", "handle": "ponyma"], ["label": "work", "service": "QQ", "handle": "10001"],
        ])
        #expect(contact["socialProfiles"] as? [[String: String]] == [["label": "other", "service": "Weibo", "handle": "pony"]])
        #expect(contact["dates"] as? [[String: String]] == [
            ["label": "anniversary", "date": "1998-11-11"], ["label": "Founding", "date": "--11-11"],
        ])
        #expect(contact["relatedNames"] as? [[String: String]] == [
            ["label": "spouse", "name": "王丹婷"], ["label": "other", "name": "Mentor"],
        ])
    }

    @Test func showPrintsEveryFieldWithItsLabel() throws {
        let text = try cli.run(["show", "--user", "alice", try added(Self.everyField)]).output
        for line in ["Prefix: Mr.", "Given name: 化腾", "Middle name: M", "Family name: 马", "Suffix: Jr.",
                     "Phonetic given name: Huateng", "Phonetic middle name: Em", "Phonetic family name: Ma", "Nickname: Pony",
                     "Organization: 腾讯", "Department: 总办", "Title: 董事会主席", "Phone (home-fax): 0755-8602",
                     "Phone (Car): 0755-8603", "Email (work): pony@tencent.example", "Address (work): 深圳市南山区科技园",
                     "Address (school): 1 Main St, Springfield, IL, 62701, USA", "Website (work): https://qq.example/pony",
                     "IM (other): WeChat:ponyma", "IM (work): QQ:10001", "Profile (other): Weibo:pony",
                     "Date (anniversary): 1998-11-11", "Date (Founding): --11-11", "Related (spouse): 王丹婷"] {
            #expect(text.contains(line + "\n"), "\(line)")
        }
    }

    @Test func aCompanyNeedsNoNameAndCanBecomeAPerson() throws {
        let id = try added(["--organization", "腾讯", "--company-contact"])
        #expect(try shown(id)["isCompany"] as? Bool == true)
        #expect(try shown(id)["name"] as? String == "腾讯")
        #expect(try cli.run(["edit", "--user", "alice", id, "--person-contact"]).status == 0)
        #expect(try shown(id)["isCompany"] as? Bool == false)
        let both = try cli.run(["edit", "--user", "alice", id, "--person-contact", "--company-contact"])
        #expect(both.status == 2)
        #expect(both.error.hasPrefix("contacts: give --company-contact or --person-contact, not both\n"))
    }

    @Test func nameIsSpelledFromItsPartsWhenNotGiven() throws {
        #expect(try shown(try added(["--given-name", "伟", "--family-name", "张"]))["name"] as? String == "张伟")
    }

    @Test func editAddsToListsAndRemovesByValue() throws {
        let id = try added(["--name", "A", "--phone", "138 0013 8000", "--email", "a@example.com", "--address", "北京",
                            "--url", "https://a.example", "--im", "wechat:a1", "--date", "2000-01-01", "--related", "mother:Mum"])
        let edited = try cli.run(["edit", "--user", "alice", id, "--phone", "work:010-1", "--remove-phone", "13800138000",
                                  "--email", "b@example.com", "--remove-email", "A@EXAMPLE.COM", "--address", "上海",
                                  "--remove-address", "北京", "--url", "https://b.example", "--remove-url", "https://a.example",
                                  "--im", "qq:2", "--remove-im", "WeChat:a1", "--date", "--05-17", "--remove-date", "2000-01-01",
                                  "--related", "Dad", "--remove-related", "mum"])
        #expect(edited.status == 0, "\(edited.error)")
        let contact = try shown(id)
        #expect(contact["phoneNumbers"] as? [[String: String]] == [["label": "work", "number": "010-1"]])
        #expect(contact["emails"] as? [String] == ["b@example.com"])
        #expect(contact["address"] as? String == "上海")
        #expect((contact["urls"] as? [[String: String]])?.map { $0["url"] } == ["https://b.example"])
        #expect((contact["instantMessages"] as? [[String: String]])?.map { $0["service"] } == ["QQ"])
        #expect((contact["dates"] as? [[String: String]])?.map { $0["date"] } == ["--05-17"])
        #expect((contact["relatedNames"] as? [[String: String]])?.map { $0["name"] } == ["Dad"])
    }

    @Test func editKeepsTheListsItIsNotGiven() throws {
        let id = try added(["--name", "A", "--phone", "1", "--email", "a@example.com", "--organization", "腾讯"])
        #expect(try cli.run(["edit", "--user", "alice", id, "--title", "CEO"]).status == 0)
        let contact = try shown(id)
        #expect(contact["phones"] as? [String] == ["1"])
        #expect(contact["emails"] as? [String] == ["a@example.com"])
        #expect(contact["organization"] as? String == "腾讯")
        #expect(contact["jobTitle"] as? String == "CEO")
    }

    @Test(arguments: ["腾讯", "tengxun", "txu", "董事会", "ponyma", "qq.example"])
    func searchFindsByTheNewFields(query: String) throws {
        _ = try added(Self.everyField)
        _ = try added(["--name", "Someone Else", "--phone", "1"])
        #expect(try cli.list("alice", ["search", query]).map { $0["name"] as? String } == ["马化腾"])
    }

    @Test(arguments: [
        (["--date", "anniversary:2020-13-01"], 2, "--date takes [LABEL:]YYYY-MM-DD or [LABEL:]--MM-DD, not \"anniversary:2020-13-01\""),
        (["--im", "wechat:"], 2, "--im takes [LABEL:]SERVICE:HANDLE, not \"wechat:\""),
        (["--im", "ponyma"], 2, "--im takes [LABEL:]SERVICE:HANDLE, not \"ponyma\""),
        (["--phone", "work:"], 2, "--phone takes [LABEL:]NUMBER, not \"work:\""),
        (["--email", "work:not-an-email"], 1, "\"not-an-email\" is not a valid email address"),
    ])
    func badValuesFailClearlyAndWriteNothing(arguments: [String], status: Int32, message: String) throws {
        let result = try cli.run(["add", "--user", "alice", "--name", "A"] + arguments)
        #expect(result.status == status)
        #expect(result.error.hasPrefix("contacts: \(message)\n"))
        #expect(try cli.list("alice").isEmpty)
    }

    @Test func aBadRemovalOnEditChangesNothing() throws {
        let id = try added(["--name", "A", "--date", "2000-01-01"])
        let result = try cli.run(["edit", "--user", "alice", id, "--name", "B", "--remove-date", "2000-02-30"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("contacts: --remove-date takes [LABEL:]YYYY-MM-DD or [LABEL:]--MM-DD, not \"2000-02-30\"\n"))
        #expect(try shown(id)["name"] as? String == "A")
    }

    @Test(arguments: ["add", "edit"])
    func helpListsTheNewOptions(command: String) throws {
        let help = try cli.run([command, "--help"]).output
        for option in ["--organization", "--department", "--title", "--nickname", "--given-name", "--family-name", "--middle-name",
                       "--prefix", "--suffix", "--phonetic-given-name", "--phonetic-middle-name", "--phonetic-family-name",
                       "--company-contact", "--person-contact", "--phone [LABEL:]NUMBER", "--email [LABEL:]ADDRESS",
                       "--address [LABEL:]TEXT", "--address-street", "--address-city", "--address-region", "--address-postcode",
                       "--address-country", "--address-label", "--url [LABEL:]URL", "--im [LABEL:]SERVICE:HANDLE",
                       "--social", "--date [LABEL:]YYYY-MM-DD", "--related [LABEL:]NAME", "https://example.com"] {
            #expect(help.contains(option), "\(option)")
        }
        let removals = ["--remove-phone", "--remove-email", "--remove-address", "--remove-url", "--remove-im", "--remove-date",
                        "--remove-related"]
        #expect(removals.allSatisfy(help.contains) == (command == "edit"))
    }
}
