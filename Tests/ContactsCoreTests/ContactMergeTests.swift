import ContactsCore
import Testing
import VCard

/// `ContactMerge`: every phone, email, address, note, category and unknown property kept once,
/// the chosen name and photo, Apple's grouped labels kept with what they label.
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
}
