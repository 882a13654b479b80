import ContactsCore
import Testing
import VCard

/// `ContactMerge`: every entry of every field, note, category and unknown property kept once,
/// single values from the first contact that has them, the chosen name and photo, Apple's
/// grouped labels kept with what they label.
struct ContactMergeTests {
    private let china = PhoneRegion(code: "CN")!

    private func details(_ card: String) throws -> ContactDetails {
        try ContactDetails(card: VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\n" + card + "END:VCARD\r\n"))
    }

    private func lines(_ details: ContactDetails) -> [String] {
        VCardWriter(version: .v4_0).string(for: details.vCard(uid: "u", version: .v4_0))
            .components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test func everyDetailIsKeptOnce() throws {
        let first = try details("""
            FN:张三\r\nN:张;三;;;\r\nTEL;TYPE=CELL:+86 138 0013 8000\r\nEMAIL:zhang@example.com\r\n\
            ADR;TYPE=HOME:;;1 Long St;Beijing;;;CN\r\nNOTE:Met at school\r\nCATEGORIES:Friends,School\r\nX-CUSTOM:one\r\n
            """)
        let second = try details("""
            FN:Zhang San\r\nTEL;TYPE=WORK:010 6512 3456\r\nTEL:13800138000\r\nEMAIL:ZHANG@example.com\r\nEMAIL:san@work.example\r\n\
            ADR;TYPE=WORK:;;2 Short Rd;Shanghai;;;CN\r\nNOTE:Works at ACME\r\nCATEGORIES:friends,Work\r\nX-CUSTOM:one\r\n\
            X-CUSTOM:two\r\nBDAY:1990-05-17\r\nORG:ACME\r\n
            """)
        let merged = try ContactMerge([first, second], region: china).merged()
        #expect(merged.name == "张三")
        #expect(merged.phones.map(\.number) == ["+86 138 0013 8000", "010 6512 3456"], "13800138000 is the same line")
        #expect(merged.emails == ["zhang@example.com", "san@work.example"])
        #expect(merged.note == "Met at school\n\nWorks at ACME")
        #expect(merged.birthday == CalendarDate(year: 1990, month: 5, day: 17))
        let text = lines(merged)
        #expect(text.filter { $0.hasPrefix("ADR") }.count == 2)
        #expect(text.filter { $0.hasPrefix("CATEGORIES") } == ["CATEGORIES:Friends,School,Work"])
        #expect(text.filter { $0.hasPrefix("X-CUSTOM") } == ["X-CUSTOM:one", "X-CUSTOM:two"])
        #expect(text.contains("ORG:ACME"))
        #expect(text.filter { $0.hasPrefix("FN") } == ["FN:张三"])
        #expect(text.filter { $0.hasPrefix("UID") } == ["UID:u"])
    }

    @Test func thePersonPicksTheNameAndThePhoto() throws {
        var first = try details("FN:Dad\r\nTEL:13800138000\r\n")
        var second = try details("FN:王建国\r\nN:王;建国;;;\r\nX-PHONETIC-LAST-NAME:Wang\r\nX-PHONETIC-FIRST-NAME:Jianguo\r\nTEL:13900139000\r\n")
        let png = try Photo(data: MappingFixtures.png)
        let jpeg = try Photo(data: MappingFixtures.jpeg)
        first.photo = png
        second.photo = jpeg
        let named = try ContactMerge([first, second], nameSource: 1, photoSource: 1, region: china).merged()
        #expect(named.name == "王建国")
        #expect(named.phoneticReading == "Wang Jianguo")
        #expect(named.photo == jpeg)
        #expect(named.phones.count == 2)
        let kept = try ContactMerge([first, second], region: china).merged()
        #expect(kept.name == "Dad" && kept.photo == png)
        #expect(!lines(kept).contains { $0.hasPrefix("X-PHONETIC") }, "the other name's reading goes with it")
        first.photo = nil
        #expect(try ContactMerge([first, second], region: china).merged().photo == jpeg, "the first photo there is")
    }

    @Test func appleLabelsStayWithWhatTheyLabel() throws {
        let first = try details("FN:A\r\nitem1.TEL:13800138000\r\nitem1.X-ABLABEL:Beijing office\r\n")
        let second = try details("""
            FN:A\r\nitem1.TEL:+8613800138000\r\nitem1.X-ABLABEL:Old label\r\nitem2.EMAIL:a@example.com\r\nitem2.X-ABLABEL:_$!<Other>!$_\r\n
            """)
        let text = lines(try ContactMerge([first, second], region: china).merged())
        #expect(!text.contains { $0.contains("Old label") }, "the number is there already, with its own label")
        #expect(text.filter { $0.contains("X-ABLABEL") }.count == 2)
        let groups = Set(text.compactMap { $0.split(separator: ".").first.map(String.init) }.filter { $0.hasPrefix("merged") })
        #expect(groups.count == 2, "each contact's item1 gets a name of its own")
    }

    @Test func aSharedLabelNeverHidesANewNumber() throws {
        let first = try details("FN:A\r\nitem1.TEL:13800138000\r\nitem1.X-ABLABEL:_$!<Other>!$_\r\n")
        let second = try details("FN:A\r\nitem1.TEL:13900139000\r\nitem1.X-ABLABEL:_$!<Other>!$_\r\n")
        let merged = try ContactMerge([first, second], region: china).merged()
        #expect(merged.phones.map(\.number) == ["13800138000", "13900139000"])
        #expect(lines(merged).filter { $0.contains("X-ABLABEL") }.count == 2, "each number keeps its label")
    }

    @Test func anAgeGivesWayToABirthday() throws {
        let aged = try details("FN:A\r\nX-PERSONALCONTACTS-AGE:30\r\n")
        let born = try details("FN:A\r\nBDAY:1990-05-17\r\n")
        let merged = try ContactMerge([aged, born], region: china).merged()
        #expect(merged.age == nil && merged.birthday != nil)
    }

    @Test func everyEntryOfEveryFieldIsKeptOnceWithTheFirstLabel() throws {
        let first = ContactDetails(
            name: "Ma Huateng", phones: [PhoneNumber("+86 138 0013 8000", label: .work)], emails: [EmailAddress("pony@qq.com", label: .work)],
            addresses: [PostalAddress(label: .work, street: "Tencent Building", city: "Shenzhen", country: "China")],
            urls: [Website("https://qq.com")],
            instantMessages: [ServiceHandle(service: "WeChat", handle: "ponyma", label: .work)],
            socialProfiles: [ServiceHandle(service: "Weibo", handle: "pony")],
            dates: [LabelledDate(CalendarDate(year: 1998, month: 11, day: 11))],
            relatedNames: [RelatedName("Chen Danna", label: .spouse)])
        let second = ContactDetails(
            name: "Pony", phones: [PhoneNumber("13800138000", label: .home), PhoneNumber("0755 8601 3388", label: .main)],
            emails: [EmailAddress("PONY@qq.com", label: .home), EmailAddress("ma@tencent.com")],
            addresses: [PostalAddress(label: .home, street: "tencent building", city: "SHENZHEN", country: "china", countryCode: "cn"),
                        PostalAddress(label: .home, street: "1 Shennan Road", city: "Shenzhen")],
            urls: [Website("https://qq.com", label: .work), Website("https://tencent.com")],
            instantMessages: [ServiceHandle(service: "weixin", handle: "PonyMa"), ServiceHandle(service: "QQ", handle: "10001")],
            socialProfiles: [ServiceHandle(service: "weibo", handle: "Pony"), ServiceHandle(service: "Twitter", handle: "pony")],
            dates: [LabelledDate(CalendarDate(year: 1998, month: 11, day: 11)), LabelledDate(CalendarDate(year: nil, month: 5, day: 1), label: .other)],
            relatedNames: [RelatedName("Chen Danna", label: .spouse), RelatedName("Chen Danna", label: ContactLabel("Colleague"))])
        let merged = try ContactMerge([first, second], region: china).merged()
        var expected = first
        expected.phones.append(second.phones[1])
        expected.emails.append(second.emails[1])
        expected.addresses.append(second.addresses[1])
        expected.urls.append(second.urls[1])
        expected.instantMessages.append(second.instantMessages[1])
        expected.socialProfiles.append(second.socialProfiles[1])
        expected.dates.append(second.dates[1])
        expected.relatedNames.append(second.relatedNames[1])
        #expect(VCardRoundTripPropertyTests.fieldsDiffer(expected, merged).isEmpty, "\(VCardRoundTripPropertyTests.fieldsDiffer(expected, merged))")
    }

    @Test func singleValuesComeFromTheFirstContactThatHasOne() throws {
        let first = ContactDetails(name: "A", organization: "Tencent", isCompany: false, sex: .notSet)
        let second = ContactDetails(name: "A", phoneticName: PhoneticName(given: "Ei"), nickname: "Pony",
                                    organization: "Alibaba", department: "WeChat", jobTitle: "CEO", sex: .male,
                                    birthday: CalendarDate(year: 1971, month: 10, day: 29))
        let merged = try ContactMerge([first, second], region: china).merged()
        #expect(merged.organization == "Tencent", "the first's, which the person chose to keep")
        #expect(merged.department == "WeChat" && merged.jobTitle == "CEO" && merged.nickname == "Pony", "filled where the first has none")
        #expect(merged.sex == .male && merged.birthday == second.birthday)
        #expect(merged.phoneticName == second.phoneticName, "the reading of the same name")
        let picked = try ContactMerge([second, first], nameSource: 1, region: china).merged()
        #expect(picked.organization == "Alibaba" && picked.department == "WeChat")
    }

    @Test func appleGroupsOfEveryKindStayWithTheirEntryUnderNamesOfTheirOwn() throws {
        let first = try details("""
            FN:A\r\nitem1.ADR:;;1 Long St;Beijing;;;China\r\nitem1.X-ABADR:cn\r\nitem1.X-ABLabel:Office\r\n\
            item2.X-ABDATE;type=pref:2010-06-01\r\nitem2.X-ABLabel:_$!<Anniversary>!$_\r\n\
            item3.X-ABRELATEDNAMES:Li Na\r\nitem3.X-ABLabel:_$!<Spouse>!$_\r\nIMPP;X-SERVICE-TYPE=WeChat:x-apple:ponyma\r\n\
            ORG:Tencent;\r\nTITLE:CEO\r\nX-ABShowAs:COMPANY\r\n
            """)
        let second = try details("""
            FN:A\r\nitem1.ADR:;;1 long st;beijing;;;china\r\nitem1.X-ABADR:cn\r\nitem1.X-ABLabel:Home\r\n\
            ANNIVERSARY:20100601\r\nitem2.X-ABRELATEDNAMES:Li Na\r\nitem2.X-ABLabel:_$!<Spouse>!$_\r\n\
            X-WECHAT:PonyMa\r\nitem3.IMPP;X-SERVICE-TYPE=QQ:x-apple:10001\r\nitem3.X-ABLabel:Old QQ\r\n\
            item4.X-ABDATE:2020-02-02\r\nitem4.X-ABLabel:Moved in\r\nX-SOCIALPROFILE;type=weibo;x-user=pony:x-apple:pony\r\n\
            ORG:Alibaba;Taobao\r\nTITLE:Founder\r\nNICKNAME:Pony\r\n
            """)
        let merged = try ContactMerge([first, second], region: china).merged()
        let text = lines(merged)
        #expect(text.filter { $0.contains("ADR") && !$0.contains("X-ABADR") }.count == 1)
        #expect(text.filter { $0.contains("X-ABLabel:Home") || $0.contains("X-ABLABEL:Home") }.isEmpty, "the first's label")
        #expect(merged.addresses.map(\.countryCode) == ["cn"] && merged.addresses.map(\.label) == [ContactLabel("Office")])
        #expect(merged.dates.map(\.label) == [.anniversary, ContactLabel("Moved in")])
        #expect(merged.relatedNames == [RelatedName("Li Na", label: .spouse)])
        #expect(merged.instantMessages.map(\.handle) == ["ponyma", "10001"] && merged.instantMessages[1].label == ContactLabel("Old QQ"))
        #expect(merged.socialProfiles.map(\.handle) == ["pony"])
        #expect((merged.organization, merged.department, merged.jobTitle, merged.nickname, merged.isCompany) == ("Tencent", "Taobao", "CEO", "Pony", true))
        let groups = text.compactMap { $0.split(separator: ".").first.map(String.init) }.filter { $0.hasPrefix("merged") }
        for group in Set(groups) {
            let members = text.filter { $0.hasPrefix(group + ".") }
            #expect(members.filter { !$0.contains("X-AB") || $0.contains("X-ABDATE") || $0.contains("X-ABRELATEDNAMES") }.count == 1,
                    "one entry per group: \(members)")
        }
        #expect(Set(groups).count == 5, "the first's three, the QQ handle, the new date and nothing else")
    }

    @Test(arguments: 0..<60)
    func randomRichContactsMergeWithoutLossOrDuplicates(seed: UInt64) throws {
        var generator = RandomDetails(seed: seed, today: MappingFixtures.today)
        var contacts = (0..<generator.int(2...3)).map { _ in generator.details() }
        // The same entries again, as another contact of the same person would hold them: another
        // label, another case, written in another form.
        let twin = contacts[0]
        contacts[1].phones += twin.phones.map { PhoneNumber($0.number, label: .other) }
        contacts[1].emails += twin.emails.map { EmailAddress($0.address, label: .work) }
        contacts[1].addresses += twin.addresses.map { var address = $0; address.label = .school; return address }
        contacts[1].urls += twin.urls
        contacts[1].instantMessages += twin.instantMessages.map { ServiceHandle(service: $0.service.lowercased(), handle: $0.handle.uppercased()) }
        contacts[1].socialProfiles += twin.socialProfiles
        contacts[1].dates += twin.dates
        contacts[1].relatedNames += twin.relatedNames
        for region in MergeFuzzOracle.regions {
            let problems = MergeFuzzOracle.mergeProblems(contacts, region: region)
            #expect(problems.isEmpty, "\(problems)")
        }
    }
}
