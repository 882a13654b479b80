import Foundation
import Testing
import VCard
@testable import ContactsCore

/// Cards written inline for the mapping tests, read against a fixed "today".
enum MappingFixtures {
    /// 2025-06-01, UTC.
    static let today = Calendar.gregorianUTC.date(from: DateComponents(year: 2025, month: 6, day: 1))!

    /// A card of the given version with these content lines between VERSION and END.
    static func card(_ lines: [String], version: String = "3.0") throws -> VCard {
        try VCard(parsing: "BEGIN:VCARD\r\nVERSION:\(version)\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n")
    }

    static func details(_ lines: [String], version: String = "3.0") throws -> ContactDetails {
        try ContactDetails(card: try card(lines, version: version))
    }

    /// The card's properties without VERSION.
    static func properties(of card: VCard) -> [VCardProperty] {
        card.properties.filter { $0.name != "VERSION" }
    }

    /// Written as `version`, read back.
    static func reparsed(_ card: VCard, as version: VCardWriter.Version) throws -> VCard {
        try VCard(parsing: VCardWriter(version: version).string(for: card))
    }

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 7, 7]
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0, 1, 2, 3, 0xFF, 0xD9]
}

// MARK: - Reading a card

@Suite("Card → ContactDetails")
struct CardReadingTests {
    typealias F = MappingFixtures

    @Test(arguments: [
        ("3.0", "TEL;TYPE=CELL:1", ContactLabel.mobile),
        ("3.0", "TEL;TYPE=cell,voice:1", .mobile),
        ("3.0", "TEL;TYPE=IPHONE:1", .iPhone),
        ("3.0", "TEL;TYPE=HOME,CELL:1", .mobile),
        ("3.0", "TEL;TYPE=HOME:1", .home),
        ("3.0", "TEL;type=home;type=voice:1", .home),
        ("3.0", "TEL;TYPE=WORK;TYPE=VOICE:1", .work),
        ("3.0", "TEL;TYPE=WORK,FAX:1", .workFax),
        ("3.0", "TEL;TYPE=HOME,FAX:1", .homeFax),
        ("3.0", "TEL;TYPE=MAIN:1", .main),
        ("3.0", "TEL;TYPE=CELL,PAGER:1", .pager),
        ("3.0", "TEL;TYPE=VOICE:1", .other),
        ("3.0", "TEL:1", .other),
        ("2.1", "TEL;CELL;PREF:1", .mobile),
        ("2.1", "TEL;HOME;VOICE:1", .home),
        ("2.1", "TEL;WORK:1", .work),
        ("4.0", "TEL;TYPE=\"voice,home\":1", .home),
        ("4.0", "TEL;VALUE=uri;TYPE=cell:tel:1", .mobile),
        ("4.0", "TEL;TYPE=textphone:1", .other),
    ])
    func phoneLabelFromType(version: String, line: String, label: ContactLabel) throws {
        let details = try F.details(["FN:A", line], version: version)
        #expect(details.phones == [PhoneNumber("1", label: label)])
    }

    @Test(arguments: [
        ("_$!<Mobile>!$_", ContactLabel.mobile), ("iPhone", .iPhone), ("mobile", .mobile),
        ("_$!<Home>!$_", .home), ("HOME", .home),
        ("_$!<Work>!$_", .work), ("work", .work),
        ("_$!<Other>!$_", .other), ("_$!<HomeFAX>!$_", .homeFax), ("_$!<Main>!$_", .main), ("Beeper", ContactLabel("Beeper")),
    ])
    func phoneLabelFromAppleGroupLabelWinsOverType(label text: String, label: ContactLabel) throws {
        // TYPE says otherwise in each case, so only the X-ABLabel can give the expected label.
        let type = label == .home ? "WORK" : "HOME"
        let details = try F.details(["FN:A", "item1.TEL;type=\(type):555 0100", "item1.X-ABLabel:\(text)"])
        #expect(details.phones == [PhoneNumber("555 0100", label: label)])
    }

    @Test func appleLabelsBelongToTheirOwnGroupOnly() throws {
        let details = try F.details([
            "FN:A",
            "item1.TEL;type=HOME:1", "item2.X-ABLabel:_$!<Work>!$_", // another group's label
            "ITEM3.TEL:3", "item3.X-ABLABEL:_$!<Mobile>!$_",          // group names compare case-insensitively
            "item4.TEL;type=WORK:4",                                  // grouped, without a label: TYPE
        ])
        #expect(details.phones == [PhoneNumber("1", label: .home), PhoneNumber("3", label: .mobile), PhoneNumber("4", label: .work)])
    }

    @Test(arguments: [
        ("4.0", "TEL;VALUE=uri;TYPE=cell:tel:+86-138-0013-8000", "+86-138-0013-8000"),
        ("4.0", "TEL;VALUE=uri:TEL:+1-555-0100", "+1-555-0100"),
        ("4.0", "TEL:tel: +1 555 0100 ", "+1 555 0100"),
        ("3.0", "TEL: 010-6666 6666 ", "010-6666 6666"),
    ])
    func telURIsGiveTheNumber(version: String, line: String, number: String) throws {
        #expect(try F.details(["FN:A", line], version: version).phones.map(\.number) == [number])
    }

    @Test func phoneWithoutDigitsStaysAnExtraProperty() throws {
        let details = try F.details(["FN:A", "TEL;TYPE=CELL:ask reception", "TEL:12"])
        #expect(details.phones == [PhoneNumber("12", label: .other)])
        #expect(details.extraProperties.contains("TEL;TYPE=CELL:ask reception"))
    }

    @Test(arguments: [
        ("EMAIL:jane@example.com", "jane@example.com"),
        ("EMAIL;TYPE=INTERNET,HOME: jane@example.com ", "jane@example.com"),
        ("EMAIL:mailto:jane@example.com", "jane@example.com"),
        ("EMAIL;VALUE=uri:MAILTO:Jane.Doe@Example.com", "Jane.Doe@Example.com"),
        ("item1.EMAIL;type=INTERNET:张三@例子.中国", "张三@例子.中国"),
    ])
    func email(line: String, email: String) throws {
        #expect(try F.details(["FN:A", line]).emails.map(\.address) == [email])
    }

    @Test(arguments: ["EMAIL:jane at example.com", "EMAIL:jane@localhost", "EMAIL:<jane@example.com>", "EMAIL:mailto:", "EMAIL:@example.com"])
    func invalidEmailIsKeptAsExtraNotMapped(line: String) throws {
        let details = try F.details(["FN:A", line, "EMAIL:ok@example.com"])
        #expect(details.emails == ["ok@example.com"])
        #expect(details.extraProperties.contains(line))
        // …and it goes out again unchanged.
        let exported = details.vCard(uid: "u", version: .v4_0)
        #expect(exported.properties.contains { $0.name == "EMAIL" && VCardWriter(version: .v4_0).contentLine(for: $0) == line })
    }

    @Test(arguments: [
        ("BDAY:19900517", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY:1990-05-17", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY;VALUE=date:1990-05-17", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY:--0517", CalendarDate(year: nil, month: 5, day: 17)),
        ("BDAY:--05-17", CalendarDate(year: nil, month: 5, day: 17)),
        ("BDAY:--0229", CalendarDate(year: nil, month: 2, day: 29)),
        ("BDAY:1990-05-17T10:30:00Z", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY:19900517T103000", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY:1990-05-17 10:30", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-17", CalendarDate(year: nil, month: 5, day: 17)),
        ("BDAY;X-APPLE-OMIT-YEAR=1604;VALUE=date:1604-02-29", CalendarDate(year: nil, month: 2, day: 29)),
        // The placeholder is only a placeholder when it is the year written.
        ("BDAY;X-APPLE-OMIT-YEAR=1604:1990-05-17", CalendarDate(year: 1990, month: 5, day: 17)),
        ("BDAY:16040517", CalendarDate(year: nil, month: 5, day: 17)),  // the placeholder year without its marker (CardBook)
        ("BDAY:2025-06-01", CalendarDate(year: 2025, month: 6, day: 1)),
    ] as [(String, CalendarDate?)])
    func birthdayForms(line: String, birthday: CalendarDate?) throws {
        let details = try F.details(["FN:A", line])
        #expect(details.birthday == birthday)
        #expect(details.extraProperties.contains { $0.hasPrefix("BDAY") })
    }

    @Test(arguments: [
        "BDAY:1899-12-31",         // before the earliest birth year taken
        "BDAY:1990-02-30",
        "BDAY:1990-5-17",
        "BDAY:May 17",
        "BDAY:",
    ])
    func birthdayNotMapped(line: String) throws {
        let details = try F.details(["FN:A", line])
        #expect(details.birthday == nil)
        #expect(details.extraProperties.contains(line))
        #expect(throws: Never.self) { try details.validated(now: F.today) }
    }

    @Test func aFutureBirthdayIsReadAndRefusedByValidationWithItsReason() throws {
        // The reading never depends on the date it is made, so export reads stored properties
        // exactly as import did; a birthday after today is the store's to refuse, precisely.
        let details = try F.details(["FN:A", "BDAY:29990101"])
        #expect(details.birthday == CalendarDate(year: 2999, month: 1, day: 1))
        #expect(throws: ContactValidationError.birthdayInFuture) { try details.validated(now: F.today) }
    }

    @Test func aBirthdayCenturiesAgoIsOutOfRangeNotAnAge() throws {
        // Today is in 2025: a birthday may lie up to 150 years back, in 1875.
        func born(_ year: Int, _ month: Int, _ day: Int) -> ContactDetails {
            ContactDetails(name: "A", birthday: CalendarDate(year: year, month: month, day: day))
        }
        #expect(throws: ContactValidationError.birthdayTooEarly(earliestYear: 1875)) { try born(1007, 1, 18).validated(now: F.today) }
        #expect(throws: Never.self) { try born(1875, 1, 1).validated(now: F.today) }
        #expect(throws: ContactValidationError.birthdayTooEarly(earliestYear: 1875)) { try born(1874, 12, 31).validated(now: F.today) }
    }

    @Test(arguments: [
        ("GENDER:M", Sex.male), ("GENDER:m", .male), ("GENDER:F", .female), ("GENDER:O", .other),
        ("GENDER:N", .notSet), ("GENDER:U", .notSet), ("GENDER:", .notSet),
        ("GENDER:M;he/him", .male), ("GENDER:;it's complicated", .notSet),
        ("X-GENDER:Male", .male), ("X-GENDER:female", .female), ("X-GENDER:Other", .other), ("X-GENDER:unknown", .notSet),
    ])
    func sex(line: String, sex: Sex) throws {
        #expect(try F.details(["FN:A", line], version: "4.0").sex == sex)
    }

    @Test func firstGivenSexWins() throws {
        #expect(try F.details(["FN:A", "GENDER:U", "X-GENDER:Female", "GENDER:M"]).sex == .female)
    }

    @Test func ageProperty() throws {
        #expect(try F.details(["FN:A", "X-PERSONALCONTACTS-AGE:42"]).age == 42)
        #expect(try F.details(["FN:A", "X-PERSONALCONTACTS-AGE:151"]).age == nil)
        #expect(try F.details(["FN:A", "X-PERSONALCONTACTS-AGE:forty"]).age == nil)
        // A birthday gives the age; both would not validate.
        let both = try F.details(["FN:A", "X-PERSONALCONTACTS-AGE:42", "BDAY:1990-05-17"])
        #expect(both.age == nil)
        #expect(both.birthday == CalendarDate(year: 1990, month: 5, day: 17))
    }

    @Test(arguments: [
        (["FN:Jane Doe", "N:Roe;Richard;;;"], "Jane Doe"),
        (["FN:  Jane Doe  "], "Jane Doe"),
        (["N:Doe;John;;;"], "John Doe"),
        (["N:Doe;John;Quincy;Dr.;Jr."], "Dr. John Quincy Doe Jr."),
        (["N:张;三;;;"], "张三"),
        (["N:欧阳;娜娜;;;"], "欧阳娜娜"),
        (["FN: ", "N:Doe;John;;;"], "John Doe"),
        (["FN:", "N:;;;;", "ORG:Acme\\, Inc.;Sales"], "Acme, Inc."),
        (["NICKNAME:Jimmy", "ORG:Acme"], "Acme"),
        (["NICKNAME:Jimmy", "EMAIL:jim@example.com"], "Jimmy"),
        (["EMAIL:not-an-email", "EMAIL:jim@example.com", "TEL:123"], "jim@example.com"),
        (["TEL:no digits", "TEL:+1 555 0100", "ADR:;;1 Main St;;;;"], "+1 555 0100"),
        (["ADR:;;1 Main St;Springfield;;12345;USA", "NOTE:hello"], "1 Main St, Springfield, 12345, USA"),
        (["NOTE:\\n  first line\\nsecond line"], "first line"),
    ])
    func nameFallbacks(lines: [String], name: String) throws {
        #expect(try F.details(lines).name == name)
    }

    @Test(arguments: [
        [String](),
        ["UID:1234"],
        ["FN:", "N:;;;;", "ORG:", "NICKNAME: "],
        ["EMAIL:not-an-email", "TEL:no digits", "X-FOO:bar", "BDAY:1990-05-17", "GENDER:M"],
    ])
    func cardWithoutAnythingToCallItHasNoName(lines: [String]) throws {
        let card = try F.card(lines)
        #expect(throws: ContactValidationError.cardWithoutName) { try ContactDetails(card: card) }
    }

    @Test func address() throws {
        let details = try F.details([
            "FN:A", "ADR;TYPE=HOME:;;;;;;", "ADR;TYPE=WORK:;Suite 5;1 Main St\\nBack door;Springfield;IL;62701;USA", "ADR:;;Second;;;;",
        ])
        // The empty one says nothing; the others are each an address, in their parts.
        #expect(details.addresses == [
            PostalAddress(label: .work, street: "Suite 5\n1 Main St\nBack door", city: "Springfield", region: "IL",
                          postcode: "62701", country: "USA"),
            PostalAddress(label: .other, street: "Second"),
        ])
        #expect(details.addresses[0].singleLine == "Suite 5, 1 Main St, Back door, Springfield, IL, 62701, USA")
        #expect(details.extraProperties.contains("ADR:;;Second;;;;"))
        // The parts win over the LABEL parameter, which stands in only for an address without parts.
        let labelled = try F.details(["FN:A", "ADR;LABEL=\"1 Main St^nSpringfield\":;;Other St;Shelbyville;;;"], version: "4.0")
        #expect(labelled.addresses == [PostalAddress(label: .other, street: "Other St", city: "Shelbyville")])
        let onlyLabel = try F.details(["FN:A", "ADR;LABEL=\"1 Main St^nSpringfield\":;;;;;;"], version: "4.0")
        #expect(onlyLabel.addresses == [PostalAddress(label: .other, street: "1 Main St\nSpringfield")])
        let apple = try F.details(["FN:A", "item1.ADR;type=HOME:;;北京市朝阳区建国路 1 号;;;;中国", "item1.X-ABADR:cn"])
        #expect(apple.addresses == [PostalAddress(label: .home, street: "北京市朝阳区建国路 1 号", country: "中国", countryCode: "cn")])
    }

    @Test func firstNonEmptyNoteIsTheNote() throws {
        let details = try F.details(["FN:A", "NOTE:", "NOTE: 第一行\\n\\n second\\, with comma\\; and semicolon ", "NOTE:other"])
        #expect(details.note == "第一行\n\n second, with comma; and semicolon")
        #expect(details.extraProperties.contains("NOTE:other"))
    }

    @Test func firstInlineImagePhotoIsThePhotoAndNotAnExtra() throws {
        let base64 = Data(F.jpeg).base64EncodedString()
        let second = Data(F.png).base64EncodedString()
        let details = try F.details([
            "FN:A",
            "PHOTO;VALUE=uri:https://example.com/a.jpg",
            "PHOTO;ENCODING=b;TYPE=JPEG:" + Data("not an image".utf8).base64EncodedString(),
            "PHOTO;ENCODING=b;TYPE=JPEG:" + base64,
            "PHOTO;ENCODING=b;TYPE=PNG:" + second,
        ])
        #expect(details.photo?.data == F.jpeg)
        #expect(details.photo?.format == .jpeg)
        let photos = details.extraProperties.filter { $0.hasPrefix("PHOTO") }
        #expect(photos.count == 3)
        #expect(!photos.contains { $0.contains(base64) })
        #expect(photos.contains { $0.contains(second) })
    }

    @Test func photoFromDataURI() throws {
        let details = try F.details(["FN:A", "PHOTO:data:image/png;base64," + Data(F.png).base64EncodedString()], version: "4.0")
        #expect(details.photo?.data == F.png)
        #expect(details.photo?.format == .png)
        #expect(!details.extraProperties.contains { $0.hasPrefix("PHOTO") })
    }

    @Test func everyPropertyButVersionAndThePhotoIsKeptAsA40ContentLine() throws {
        let card = try F.card([
            "item1.TEL;type=CELL;type=pref:+86 138 0013 8000", "item1.X-ABLabel:_$!<Mobile>!$_",
            "FN:张三", "N:张;三;;;", "X-SOCIALPROFILE;type=weibo;x-user=zs:https://weibo.com/zs",
            "PHOTO;ENCODING=b;TYPE=PNG:" + Data(F.png).base64EncodedString(),
            "LOGO;ENCODING=b;TYPE=PNG:" + Data(F.png).base64EncodedString(),
            "NOTE:a\\, b\\; c\\\\ d\\ne",
        ])
        let details = try ContactDetails(card: card)
        let writer = VCardWriter(version: .v4_0)
        let expected = card.properties.filter { $0.name != "VERSION" && $0.name != "PHOTO" }.map(writer.contentLine(for:))
        #expect(details.extraProperties == expected)
        #expect(details.extraProperties.contains("LOGO:data:image/png;base64," + Data(F.png).base64EncodedString()))
        #expect(details.extraProperties.contains("item1.X-ABLABEL:_$!<Mobile>!$_"))
    }
}

// MARK: - Writing a card

@Suite("ContactDetails → card")
struct CardWritingTests {
    typealias F = MappingFixtures

    /// An iPhone-style export with most of what the mapping reads and some it does not.
    static let appleCard = [
        "PRODID:-//Apple Inc.//iPhone OS 17.4//EN",
        "N:张;三;;;",
        "FN:张三",
        "X-PHONETIC-FIRST-NAME:San",
        "X-PHONETIC-LAST-NAME:Zhang",
        "ORG:Acme 公司;",
        "item1.TEL;type=CELL;type=VOICE;type=pref:+86 138 0013 8000",
        "item1.X-ABLabel:_$!<Mobile>!$_",
        "item2.TEL;type=HOME;type=VOICE:010-6666 6666",
        "item2.X-ABLabel:_$!<Home>!$_",
        "TEL;type=WORK;type=VOICE:021-5555 5555",
        "item3.EMAIL;type=INTERNET;type=pref:zs@example.com",
        "item3.X-ABLabel:_$!<Other>!$_",
        "EMAIL;type=INTERNET;type=WORK:zhang.san@acme.example",
        "item4.ADR;type=HOME;type=pref:;;建国路 1 号;北京;;100000;中国",
        "item4.X-ABADR:cn",
        "BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-17",
        "X-GENDER:Male",
        "NOTE:第一行\\n第二行\\, 逗号\\; 分号",
        "item5.URL;type=pref:https\\://example.com/zs",
        "item5.X-ABLabel:_$!<HomePage>!$_",
        "X-SOCIALPROFILE;type=weibo;x-user=zs:https://weibo.com/zs",
        "UID:3F2504E0-4F89-11D3-9A0C-0305E82C3301",
    ]
    static let appleUID = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"

    @Test(arguments: VCardWriter.Version.allCases)
    func unchangedImportedCardKeepsItsOriginalProperties(version: VCardWriter.Version) throws {
        let card = try F.card(Self.appleCard)
        let details = try ContactDetails(card: card)
        let exported = details.vCard(uid: Self.appleUID, version: version)
        #expect(exported.properties == F.properties(of: card))
        // Written and read back: the same properties, and the same details.
        let reread = try F.reparsed(exported, as: version)
        #expect(F.properties(of: reread) == F.properties(of: card))
        #expect(try ContactDetails(card: reread) == details)
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func unchangedCardWithPhotoGetsThePhotoBackLast(version: VCardWriter.Version) throws {
        let card = try F.card(["FN:A", "N:;A;;;", "PHOTO;ENCODING=b;TYPE=JPEG:" + Data(F.jpeg).base64EncodedString(), "TEL;TYPE=CELL:1", "UID:u"])
        let details = try ContactDetails(card: card)
        let exported = details.vCard(uid: "u", version: version)
        #expect(exported.properties.dropLast() == F.properties(of: card).filter { $0.name != "PHOTO" })
        let photo = try #require(exported.properties.last)
        #expect(photo.name == "PHOTO")
        #expect(photo.binaryValue == Data(F.jpeg))
        #expect(photo.mediaType == "image/jpeg")
        #expect(try ContactDetails(card: try F.reparsed(exported, as: version)) == details)
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func editingOnePhoneKeepsTheOthersAndDropsOnlyItsGroup(version: VCardWriter.Version) throws {
        let card = try F.card(Self.appleCard)
        var details = try ContactDetails(card: card)
        #expect(details.phones == [PhoneNumber("+86 138 0013 8000", label: .mobile), PhoneNumber("010-6666 6666", label: .home),
                                   PhoneNumber("021-5555 5555", label: .work)])
        details.phones[0].number = "+86 139 0000 0000"
        let exported = details.vCard(uid: Self.appleUID, version: version)
        let expected = F.properties(of: card).filter { $0.group != "item1" }
            + [VCardProperty(name: "TEL", parameters: [VCardParameter(name: "TYPE", value: "CELL")], value: "+86 139 0000 0000")]
        #expect(exported.properties == expected)
        let reread = try ContactDetails(card: try F.reparsed(exported, as: version))
        #expect(reread.phones.sorted { $0.number < $1.number } == details.phones.sorted { $0.number < $1.number })
    }

    @Test func relabellingAPhoneRewritesItAndDroppingAnEmailDropsItsGroup() throws {
        let card = try F.card(Self.appleCard)
        var details = try ContactDetails(card: card)
        details.phones[1].label = .work
        details.emails.removeFirst()
        let exported = details.vCard(uid: Self.appleUID, version: .v3_0)
        let expected = F.properties(of: card).filter { $0.group != "item2" && $0.group != "item3" }
            + [VCardProperty(name: "TEL", parameters: [VCardParameter(name: "TYPE", value: "WORK")], value: "010-6666 6666")]
        #expect(exported.properties == expected)
    }

    @Test func addingAPhoneAndAnEmailAppendsThem() throws {
        let card = try F.card(Self.appleCard)
        var details = try ContactDetails(card: card)
        details.phones.append(PhoneNumber("400-800-8000", label: .other))
        details.emails.append("new@example.com")
        let exported = details.vCard(uid: Self.appleUID, version: .v4_0)
        #expect(exported.properties == F.properties(of: card) + [
            VCardProperty(name: "TEL", parameters: [VCardParameter(name: "TYPE", value: "VOICE")], value: "400-800-8000"),
            VCardProperty(name: "EMAIL", value: "new@example.com"),
        ])
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func renamingRegeneratesFNAndNAndKeepsThePhoneticNameUntilItIsCleared(version: VCardWriter.Version) throws {
        let card = try F.card(Self.appleCard)
        var details = try ContactDetails(card: card)
        details.name = "欧阳娜娜"
        details.nameParts = NameParts()
        let exported = details.vCard(uid: Self.appleUID, version: version)
        let nameless = F.properties(of: card).filter { !["N", "FN"].contains($0.name) }
        var expected = nameless
        expected.insert(contentsOf: [VCardProperty(name: "FN", value: "欧阳娜娜"), VCardProperty(name: "N", value: "欧阳;娜娜;;;")], at: 1)
        #expect(exported.properties == expected)
        let reread = try ContactDetails(card: try F.reparsed(exported, as: version))
        #expect(reread.name == "欧阳娜娜")
        // As in iOS Contacts, the phonetic name is a field of its own: a rename leaves it.
        #expect(reread.phoneticReading == "Zhang San")
        details.phoneticName = PhoneticName()
        let cleared = try ContactDetails(card: try F.reparsed(details.vCard(uid: Self.appleUID, version: version), as: version))
        #expect(cleared.phoneticReading == nil)
        #expect(!cleared.extraProperties.contains { $0.hasPrefix("X-PHONETIC") })
    }

    @Test(arguments: [
        ("John Smith", "Smith;John;;;"),
        ("Mary Ann de Vries", "Vries;Mary Ann de;;;"),
        ("Cher", ";Cher;;;"),
        ("张三", "张;三;;;"),
        ("司马迁", "司马;迁;;;"),
        ("Smith\\, John; Jr.", "Jr.;Smith\\\\\\, John\\;;;;"),
    ])
    func regeneratedN(name: String, n: String) throws {
        let exported = ContactDetails(name: name).vCard(uid: "u", version: .v4_0)
        #expect(exported.property(named: "N")?.value == n)
        #expect(exported.property(named: "FN")?.textValue == name)
    }

    @Test(arguments: [
        (VCardWriter.Version.v4_0, CalendarDate(year: 1990, month: 5, day: 17), "BDAY:19900517"),
        (.v4_0, CalendarDate(year: nil, month: 5, day: 17), "BDAY:--0517"),
        (.v4_0, CalendarDate(year: nil, month: 2, day: 29), "BDAY:--0229"),
        (.v4_0, CalendarDate(year: 1905, month: 1, day: 2), "BDAY:19050102"),
        (.v3_0, CalendarDate(year: 1990, month: 5, day: 17), "BDAY:1990-05-17"),
        (.v3_0, CalendarDate(year: nil, month: 5, day: 17), "BDAY;X-APPLE-OMIT-YEAR=1604:1604-05-17"),
        (.v3_0, CalendarDate(year: nil, month: 2, day: 29), "BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-29"),
    ])
    func regeneratedBirthday(version: VCardWriter.Version, birthday: CalendarDate, line: String) throws {
        let details = ContactDetails(name: "A", birthday: birthday)
        let exported = details.vCard(uid: "u", version: version)
        let written = exported.properties(named: "BDAY").map(VCardWriter(version: version).contentLine(for:))
        #expect(written == [line])
        #expect(try ContactDetails(card: try F.reparsed(exported, as: version)).birthday == birthday)
    }

    @Test func changedBirthdayReplacesTheOriginalInPlace() throws {
        let card = try F.card(Self.appleCard)
        var details = try ContactDetails(card: card)
        details.birthday = CalendarDate(year: 1988, month: 12, day: 31)
        let exported = details.vCard(uid: Self.appleUID, version: .v4_0)
        var expected = F.properties(of: card)
        let index = try #require(expected.firstIndex { $0.name == "BDAY" })
        expected[index] = VCardProperty(name: "BDAY", value: "19881231")
        #expect(exported.properties == expected)
    }

    @Test(arguments: [
        (VCardWriter.Version.v4_0, Sex.male, ["GENDER:M"]), (.v4_0, .female, ["GENDER:F"]), (.v4_0, .other, ["GENDER:O"]),
        (.v4_0, .notSet, []),
        (.v3_0, .male, ["X-GENDER:Male"]), (.v3_0, .female, ["X-GENDER:Female"]), (.v3_0, .other, ["X-GENDER:Other"]),
        (.v3_0, .notSet, []),
    ])
    func regeneratedSex(version: VCardWriter.Version, sex: Sex, lines: [String]) throws {
        let details = ContactDetails(name: "A", sex: sex)
        let exported = details.vCard(uid: "u", version: version)
        let writer = VCardWriter(version: version)
        #expect(exported.properties.filter { $0.name.hasSuffix("GENDER") }.map(writer.contentLine(for:)) == lines)
        #expect(try ContactDetails(card: try F.reparsed(exported, as: version)).sex == sex)
    }

    @Test func changedSexReplacesEveryGenderProperty() throws {
        var details = try F.details(["FN:A", "GENDER:M", "NOTE:x", "X-GENDER:Male"])
        details.sex = .female
        let exported = details.vCard(uid: "u", version: .v3_0)
        // The new X-GENDER stands where the first of the old ones stood; 3.0 gets an N too.
        #expect(exported.properties.map(\.name) == ["N", "FN", "X-GENDER", "NOTE", "UID"])
        #expect(exported.properties[2] == VCardProperty(name: "X-GENDER", value: "Female"))
    }

    @Test func regeneratedFieldsRoundTrip() throws {
        var details = try F.details(["FN:A", "ADR:;;Old;;;;", "NOTE:old", "X-PERSONALCONTACTS-AGE:30"])
        details.addresses = [PostalAddress(label: .other, street: "北京市朝阳区; 建国路 1 号, 2 层")]
        details.note = "line 1\nline 2, with comma; semicolon \\ backslash"
        details.age = 31
        for version in VCardWriter.Version.allCases {
            let exported = details.vCard(uid: "u", version: version)
            #expect(exported.properties.filter { $0.name == "ADR" }.count == 1)
            let reread = try ContactDetails(card: try F.reparsed(exported, as: version))
            #expect(reread.addresses == details.addresses)
            #expect(reread.note == details.note)
            #expect(reread.age == 31)
        }
    }

    @Test func clearedFieldsAreRemoved() throws {
        var details = try F.details(["FN:A", "ADR:;;Old;;;;", "NOTE:old", "BDAY:1990-01-01", "GENDER:M", "TEL:1", "EMAIL:a@example.com"], version: "4.0")
        details.addresses = []
        details.note = ""
        details.birthday = nil
        details.sex = .notSet
        details.phones = []
        details.emails = []
        let exported = details.vCard(uid: "u", version: .v4_0)
        #expect(exported.properties.map(\.name) == ["FN", "UID"])
    }

    @Test func fnIsAddedWhenMissingAndNOnlyFor30() throws {
        let nOnly = try F.card(["N:Doe;John;;;", "UID:u"], version: "4.0")
        let details = try ContactDetails(card: nOnly)
        let exported = details.vCard(uid: "u", version: .v4_0)
        #expect(exported.properties == [VCardProperty(name: "FN", value: "John Doe")] + F.properties(of: nOnly))

        let orgOnly = try ContactDetails(card: try F.card(["ORG:Acme;Sales", "UID:u"], version: "4.0"))
        let v4 = orgOnly.vCard(uid: "u", version: .v4_0)
        #expect(v4.properties.map(\.name) == ["FN", "ORG", "UID"])
        #expect(v4.property(named: "FN")?.textValue == "Acme")
        let v3 = orgOnly.vCard(uid: "u", version: .v3_0)
        #expect(v3.properties.map(\.name) == ["FN", "N", "ORG", "UID"])
        #expect(v3.property(named: "N")?.value == ";;;;")  // an organisation is no person to split
        // Read back, the name is still Acme.
        #expect(try ContactDetails(card: try F.reparsed(v3, as: .v3_0)).name == "Acme")
    }

    @Test func anotherUIDReplacesTheCardsOwnInPlace() throws {
        let card = try F.card(["UID:old", "FN:A"])
        let exported = try ContactDetails(card: card).vCard(uid: "new", version: .v4_0)
        #expect(exported.properties == [VCardProperty(name: "UID", value: "new"), VCardProperty(name: "FN", value: "A")])
    }

    @Test func newContactGetsEveryFieldInVersionForm() throws {
        let details = ContactDetails(name: "张三", phones: [PhoneNumber("1", label: .mobile), PhoneNumber("2", label: .home)],
                                     emails: ["zs@example.com"], addresses: [PostalAddress(label: .other, street: "北京")],
                                     sex: .male, birthday: CalendarDate(year: 1990, month: 5, day: 17), note: "老同学",
                                     photo: try Photo(data: F.png))
        let v4 = VCardWriter(version: .v4_0).string(for: details.vCard(uid: "u-1", version: .v4_0))
        #expect(v4 == """
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:张三\r
            N:张;三;;;\r
            TEL;TYPE=CELL:1\r
            TEL;TYPE=HOME:2\r
            EMAIL:zs@example.com\r
            ADR:;;北京;;;;\r
            BDAY:19900517\r
            GENDER:M\r
            NOTE:老同学\r
            UID:u-1\r
            PHOTO:data:image/png;base64,\(Data(F.png).base64EncodedString())\r
            END:VCARD\r

            """)
        let v3 = VCardWriter(version: .v3_0).string(for: details.vCard(uid: "u-1", version: .v3_0))
        #expect(v3.contains("\r\nBDAY:1990-05-17\r\nX-GENDER:Male\r\n"))
        #expect(v3.contains("\r\nPHOTO;ENCODING=b;TYPE=PNG:"))
    }
}

// MARK: - Phonetic reading

@Suite("Phonetic reading")
struct PhoneticReadingTests {
    typealias F = MappingFixtures

    private func key(_ details: ContactDetails) -> NameCollationKey {
        NameCollation.key(for: details.name, reading: details.phoneticReading)
    }

    @Test func applePhoneticNameFilesTheName() throws {
        let details = try F.details(["FN:张三", "N:张;三;;;", "X-PHONETIC-LAST-NAME:Zhang", "X-PHONETIC-FIRST-NAME:San"])
        #expect(details.phoneticReading == "Zhang San")
        #expect(key(details).section == "Z")
        #expect(key(details).sortKey == "zhang san")
    }

    @Test func phoneticNameOverridesThePinyin() throws {
        // 老王 would be filed under L by its own pinyin.
        #expect(NameCollation.key(for: "老王").section == "L")
        let details = try F.details(["FN:老王", "X-PHONETIC-LAST-NAME:Wang"])
        #expect(key(details).section == "W")
    }

    @Test func latinNameWithSortAsFilesByIt() throws {
        #expect(NameCollation.key(for: "Thomas Mann").section == "T")
        let details = try F.details(["FN:Thomas Mann", "N;SORT-AS=Mann,Thomas:Mann;Thomas;;;"], version: "4.0")
        #expect(details.phoneticReading == "Mann Thomas")
        #expect(key(details).section == "M")
    }

    @Test func sortStringFilesTheName() throws {
        let details = try F.details(["FN:老王", "SORT-STRING:Wang"])
        #expect(details.phoneticReading == "Wang")
        #expect(key(details).section == "W")
    }

    @Test func phoneticNameWinsOverSortAs() throws {
        let details = try F.details(["FN:老王", "N;SORT-AS=Li:王;老;;;", "X-PHONETIC-LAST-NAME:Wang"], version: "4.0")
        #expect(details.phoneticReading == "Wang")
    }

    @Test func sortAsIsIgnoredAfterARenameButThePhoneticNameIsNot() throws {
        var details = try F.details(["FN:老王", "N;SORT-AS=Wang:王;老;;;"], version: "4.0")
        #expect(details.phoneticReading == "Wang")
        details.name = "老李"
        #expect(details.phoneticReading == nil)
        details.phoneticName = PhoneticName(family: "Li")
        #expect(details.phoneticReading == "Li")
        #expect(key(details).section == "L")
    }

    @Test func readingWithoutLettersFallsBackToTheName() throws {
        let details = try F.details(["FN:老王", "X-PHONETIC-LAST-NAME:123"])
        #expect(key(details).section == "L")
    }

    @Test func noReadingWithoutPhoneticProperties() throws {
        #expect(try F.details(["FN:老王", "N:王;老;;;"]).phoneticReading == nil)
        #expect(ContactDetails(name: "老王").phoneticReading == nil)
    }
}

// MARK: - Chinese vCard 2.1 in legacy charsets

@Suite("GB18030 and Big5 cards")
struct LegacyChineseCardTests {
    typealias F = MappingFixtures

    static func bytes(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map {
            let start = hex.index(hex.startIndex, offsetBy: $0)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
        }
    }

    /// Family and given name in the charset's bytes (encoded by iconv), the name and its section.
    static let samples: [(charset: String, family: String, given: String, name: String, section: String)] = [
        ("GB18030", "d5c5", "ceb0", "张伟", "Z"),
        ("GB18030", "c0ee", "c4c8", "李娜", "L"),
        ("GB18030", "c5b7d1f4", "c4c8c4c8", "欧阳娜娜", "O"),
        ("GB18030", "cdf5", "b7bc", "王芳", "W"),
        ("GBK", "d5c5", "ceb0", "张伟", "Z"),
        ("Big5", "b3af", "a46aa4e5", "陳大文", "C"),
        ("Big5", "b169", "bec7a4cd", "張學友", "Z"),
        ("Big5", "bc42", "bc77b5d8", "劉德華", "L"),
        ("Big5", "b6c0", "aceea5cd", "黃秋生", "H"),
    ]

    @Test(arguments: samples)
    func rawBytesInN(_ sample: (charset: String, family: String, given: String, name: String, section: String)) throws {
        let input = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=\(sample.charset):".utf8) + Self.bytes(sample.family)
            + Array(";".utf8) + Self.bytes(sample.given) + Array(";;;\r\nTEL;CELL:13800138000\r\nEND:VCARD\r\n".utf8)
        let details = try ContactDetails(card: try VCard(parsing: input))
        #expect(details.name == sample.name)
        #expect(details.phones == [PhoneNumber("13800138000", label: .mobile)])
        #expect(NameCollation.key(for: details.name, reading: details.phoneticReading).section == sample.section)
    }

    @Test(arguments: samples)
    func quotedPrintableFN(_ sample: (charset: String, family: String, given: String, name: String, section: String)) throws {
        let encoded = Self.bytes(sample.family + sample.given).map { "=" + String(format: "%02X", $0) }.joined()
        let text = "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(sample.charset);ENCODING=QUOTED-PRINTABLE:\(encoded)\r\nEND:VCARD\r\n"
        let details = try ContactDetails(card: try VCard(parsing: text))
        #expect(details.name == sample.name)
        #expect(NameCollation.key(for: details.name).section == sample.section)
        // Exported as UTF-8 without the charset, and read back the same.
        let exported = details.vCard(uid: "u", version: .v3_0)
        let written = VCardWriter(version: .v3_0).string(for: exported)
        #expect(written.contains("\r\nFN:\(sample.name)\r\n"))
        #expect(!written.contains("CHARSET"))
        #expect(try ContactDetails(card: try VCard(parsing: written)).name == sample.name)
    }

    @Test func gb18030FourByteCharacterAndAddressAndNote() throws {
        // 张 𠀀 (U+20000, four bytes in GB18030); the ADR and NOTE in GB18030 too: 北京 / 备注.
        let input = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=GB18030:".utf8) + Self.bytes("d5c5") + Array(";".utf8)
            + Self.bytes("95328236") + Array(";;;\r\nADR;HOME;CHARSET=GB18030:;;".utf8) + Self.bytes("b1b1bea9")
            + Array(";;;;\r\nNOTE;CHARSET=GB18030:".utf8) + Self.bytes("b1b8d7a2") + Array("\r\nEND:VCARD\r\n".utf8)
        let details = try ContactDetails(card: try VCard(parsing: input))
        #expect(details.name == "张𠀀")
        #expect(details.addresses == [PostalAddress(label: .home, street: "北京")])
        #expect(details.note == "备注")
        #expect(NameCollation.key(for: details.name).section == "Z")
    }
}
