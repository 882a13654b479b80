import ContactCSV
import ContactsCore
import Testing
import VCard

/// A contact with every field, as the store exports it (its 4.0 card) to each CSV format and
/// imports it back: each field the format has a column for comes back as it was. The fields are
/// found by reflection, so a field added to `ContactDetails` is compared until it is listed here
/// as one a format cannot carry.
@Suite("ContactDetails → CSV → ContactDetails")
struct ModelRoundTripTests {
    static let nameParts = NameParts(prefix: "Dr.", given: "John", middle: "Q", family: "Public", suffix: "Jr.")

    /// Every field given, in values each format has a place for, in the order Outlook's slots
    /// read them back (mobile, work, home fax; the work address before the home one).
    static let rich = ContactDetails(
        name: nameParts.spelled, nameParts: nameParts, phoneticName: PhoneticName(given: "Jon", middle: "Kyu", family: "Pablik"),
        nickname: "Johnny", organization: "腾讯", department: "总办", jobTitle: "董事会主席", isCompany: false,
        phones: [PhoneNumber("+86 138 0013 8000"), PhoneNumber("0755-8601", label: .work), PhoneNumber("0755-8602", label: .homeFax)],
        emails: [EmailAddress("pony@tencent.example", label: .work), EmailAddress("ma@example.org")],
        addresses: [PostalAddress(label: .work, street: "科技园 1 号", city: "深圳", region: "广东", postcode: "518057", country: "中国",
                                  countryCode: "cn"),
                    PostalAddress(label: .home, street: "1 Main St", city: "Springfield", region: "IL", postcode: "62701", country: "USA")],
        urls: [Website("https://tencent.example"), Website("https://qq.example/pony", label: .home)],
        instantMessages: [ServiceHandle(service: "WeChat", handle: "ponyma"), ServiceHandle(service: "QQ", handle: "10001", label: .work)],
        socialProfiles: [ServiceHandle(service: "Weibo", handle: "pony")],
        sex: .female, age: nil, birthday: CalendarDate(year: 1971, month: 10, day: 29),
        dates: [LabelledDate(CalendarDate(year: 1998, month: 11, day: 11)), LabelledDate(CalendarDate(year: nil, month: 5, day: 17), label: ContactLabel("Founding"))],
        relatedNames: [RelatedName("王丹婷", label: .spouse), RelatedName("Boss", label: .manager), RelatedName("Mum", label: .mother)],
        note: "第一行\n\"second\", line", photo: try? Photo(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))

    /// The fields no CSV format has a column for, and why.
    static let carriedByNone = [
        "isCompany": "neither Google's nor Outlook's export marks a company",
        "socialProfiles": "no format has a column for social profiles",
        "age": "no format has a column for an age without a birthday",
        "photo": "the export leaves photos out, and Google's Photo column holds a URL to its own servers",
        "extraProperties": "a card's uninterpreted lines, not a field; CSV carries only the fields it names",
    ]

    /// The fields one format has no column for, and why.
    static func notCarried(by format: ContactCSVFormat) -> [String: String] {
        switch format {
        case .googleContacts: carriedByNone.merging(["sex": "the current Google export has no Gender column"]) { $1 }
        case .googleLegacy: carriedByNone
        case .outlook: carriedByNone.merging(["instantMessages": "Outlook's export has no column for handles"]) { $1 }
        }
    }

    /// What of `details` a format carries in the fields it has columns for.
    static func carried(_ details: ContactDetails, by format: ContactCSVFormat) -> ContactDetails {
        var details = details
        // No format has a column for the country code Apple keeps beside an address.
        for index in details.addresses.indices { details.addresses[index].countryCode = "" }
        if format == .outlook {
            // Outlook has no column for a phonetic middle name.
            details.phoneticName.middle = ""
            // Its three e-mail columns have no label.
            details.emails = details.emails.map { EmailAddress($0.address) }
            // Its one date column is the anniversary; it writes no date without a year.
            details.dates = details.dates.filter { $0.label == .anniversary && $0.date.year != nil }.prefix(1).map { $0 }
            // Its name columns are a spouse's, a manager's, an assistant's and children's.
            details.relatedNames = details.relatedNames.filter { [.spouse, .manager, .assistant, .child].contains($0.label) }
        }
        return details
    }

    static func roundTrip(_ details: ContactDetails, _ format: ContactCSVFormat) throws -> ContactDetails {
        var exported = details
        exported.photo = nil
        let bytes = ContactCSVWriter(format: format).bytes(for: [exported.vCard(uid: "uid-1", version: .v4_0)])
        var reader = try ContactCSVReader(bytes: bytes)
        #expect(reader.format == format)
        let first = reader.next()
        let card = try #require(first).card.get()
        return try ContactDetails(card: card)
    }

    @Test(arguments: ContactCSVFormat.allCases)
    func everyCarriedFieldComesBack(format: ContactCSVFormat) throws {
        let expected = Self.carried(Self.rich, by: format)
        let read = try Self.roundTrip(Self.rich, format)
        let skipped = Self.notCarried(by: format)
        let fields = Mirror(reflecting: expected).children.compactMap(\.label)
        #expect(Set(skipped.keys).isSubset(of: fields), "a field listed as not carried is no longer in ContactDetails")
        for (field, want) in zip(fields, Mirror(reflecting: expected).children.map(\.value)) where skipped[field] == nil {
            let got = try #require(Mirror(reflecting: read).children.first { $0.label == field }).value
            #expect(String(reflecting: got) == String(reflecting: want), "\(field) in \(format)")
        }
    }

    @Test(arguments: ContactCSVFormat.allCases)
    func groupsComeBack(format: ContactCSVFormat) throws {
        var details = Self.rich
        details.changeCategories(adding: ["同事", "VIP"], removing: [])
        #expect(try Self.roundTrip(details, format).categories == ["同事", "VIP"])
    }

    @Test func googleFillsTheOrganizationAndEveryNewColumn() throws {
        let bytes = ContactCSVWriter(format: .googleContacts).bytes(for: [Self.rich.vCard(uid: "u", version: .v4_0)])
        let rows = CSVFixture.cells(of: bytes)
        let row = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(row["Organization Name"] == "腾讯")
        #expect(row["Organization Title"] == "董事会主席")
        #expect(row["Organization Department"] == "总办")
        #expect(row["Nickname"] == "Johnny")
        #expect(row["IM 1 - Service"] == "WeChat" && row["IM 1 - Value"] == "ponyma")
        #expect(row["IM 2 - Label"] == "Work" && row["IM 2 - Service"] == "QQ")
        #expect(row["Event 1 - Label"] == "Anniversary" && row["Event 1 - Value"] == "1998-11-11")
        #expect(row["Event 2 - Label"] == "Founding" && row["Event 2 - Value"] == "--05-17")
        #expect(row["Relation 1 - Label"] == "Spouse" && row["Relation 1 - Value"] == "王丹婷")
        #expect(row["Address 1 - Label"] == "Work" && row["Address 1 - City"] == "深圳")
        #expect(row["Website 2 - Label"] == "Home")
    }

    @Test func outlookFillsItsNamedColumns() throws {
        let bytes = ContactCSVWriter(format: .outlook).bytes(for: [Self.rich.vCard(uid: "u", version: .v4_0)])
        let rows = CSVFixture.cells(of: bytes)
        let row = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(row["Company"] == "腾讯" && row["Department"] == "总办" && row["Job Title"] == "董事会主席")
        #expect(row["Anniversary"] == "11/11/1998")
        #expect(row["Spouse"] == "王丹婷" && row["Manager's Name"] == "Boss" && row["Assistant's Name"] == "")
        #expect(row["Business City"] == "深圳" && row["Home Street"] == "1 Main St")
    }

    /// Google puts several values of one label in one cell, separated by ` ::: `; older exports
    /// label groups with `- Type`, newer with `- Label`, and either file may use the other's
    /// organisation columns.
    @Test(arguments: [("Organization 1 - Name", " - Type", "Given Name"), ("Organization Name", " - Label", "First Name")])
    func googleCellsOfSeveralValuesAreSplit(organization: String, label: String, given: String) throws {
        let header = [given, organization, "IM 1\(label)", "IM 1 - Service", "IM 1 - Value", "Event 1\(label)", "Event 1 - Value",
                      "Relation 1\(label)", "Relation 1 - Value", "Custom Field 1\(label)", "Custom Field 1 - Value",
                      "E-mail 1\(label)", "E-mail 1 - Value", "Phone 1\(label)", "Phone 1 - Value"]
        let row = ["Wei", "腾讯", "Work", "WeChat ::: QQ", "wx ::: 10001", "Anniversary", "2010-10-01 ::: --05-17", "Friend",
                   "Ann ::: Bob", "Shoe size", "44", "* Work", "a@example.com ::: b@example.com", "Mobile", "1 ::: 2"]
        let file = [header, row].map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        var reader = try ContactCSVReader(bytes: Array(file.utf8))
        let first = reader.next()
        let card = try #require(first).card.get()
        let details = try ContactDetails(card: card)
        #expect(details.organization == "腾讯")
        #expect(details.instantMessages == [ServiceHandle(service: "WeChat", handle: "wx", label: .work),
                                            ServiceHandle(service: "QQ", handle: "10001", label: .work)])
        #expect(details.dates == [LabelledDate(CalendarDate(year: 2010, month: 10, day: 1)),
                                  LabelledDate(CalendarDate(year: nil, month: 5, day: 17))])
        #expect(details.relatedNames == [RelatedName("Ann", label: .friend), RelatedName("Bob", label: .friend)])
        #expect(details.emails == [EmailAddress("a@example.com", label: .work), EmailAddress("b@example.com", label: .work)])
        #expect(details.phones.map(\.number) == ["1", "2"])
        #expect(CSVFixture.lines(of: card).contains { $0.hasSuffix("X-CUSTOM:44") })
        let back = CSVFixture.cells(of: ContactCSVWriter(format: .googleContacts).bytes(for: [card]))
        let written = Dictionary(uniqueKeysWithValues: zip(back[0], back[1]))
        #expect(written["Custom Field 1 - Label"] == "Shoe size" && written["Custom Field 1 - Value"] == "44")
    }

    @Test(arguments: ContactCSVFormat.allCases)
    func newTextColumnsAreGuardedAgainstFormulas(format: ContactCSVFormat) throws {
        var details = ContactDetails(name: "A", organization: "=cmd|' /C calc'!A0", department: "@SUM(1)", jobTitle: "+x")
        details.relatedNames = [RelatedName("=HYPERLINK(\"http://x\")", label: .spouse)]
        details.instantMessages = [ServiceHandle(service: "QQ", handle: "=1+1")]
        let bytes = ContactCSVWriter(format: format).bytes(for: [details.vCard(uid: "u", version: .v4_0)])
        let cells = CSVFixture.cells(of: bytes)[1]
        #expect(!cells.contains { ["=", "+", "@"].contains($0.first.map(String.init)) })
        let read = try Self.roundTrip(details, format)
        #expect((read.organization, read.department, read.jobTitle) == (details.organization, details.department, details.jobTitle))
        #expect(read.relatedNames == details.relatedNames)
    }
}
