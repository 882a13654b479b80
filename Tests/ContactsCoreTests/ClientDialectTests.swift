import Foundation
import Testing
import VCard
@testable import ContactsCore

/// One contact as each client writes it, and the fields the model must read from it.
///
/// Every card here is HAND-MADE, written after the form each client is documented or observed
/// to produce (Apple's grouped `itemN.` lines with `X-ABLabel`, `X-ABADR`, `IMPP;X-SERVICE-TYPE`,
/// `X-SOCIALPROFILE`; Google's and DAVx5's 3.0 exports; Outlook's 2.1 with its `X-MS-` lines;
/// Thunderbird's and RFC 6350's 4.0). Cards other projects' test suites hold are read by
/// `CorpusMappingTests`, from the shared corpus.
struct ClientCard: CustomTestStringConvertible, Sendable {
    let client: String
    let version: String
    let lines: [String]
    let expected: ContactDetails

    var testDescription: String { client }

    static let all: [ClientCard] = [iPhone, macCompany, google, outlook, davx5, thunderbird, evolution]

    /// iOS 18, a contact with everything the issue names: company and department, title,
    /// nickname, work and home addresses, two labelled emails, a website, WeChat and QQ, a
    /// Weibo profile, related names (one with a custom label), an anniversary, a birthday
    /// without a year.
    static let iPhone = ClientCard(client: "iOS Contacts", version: "3.0", lines: [
        "PRODID:-//Apple Inc.//iPhone OS 18.1//EN",
        "N:马;化腾;;;", "FN:马化腾", "NICKNAME:Pony",
        "X-PHONETIC-FIRST-NAME:Huateng", "X-PHONETIC-LAST-NAME:Ma",
        "ORG:腾讯;微信事业群", "TITLE:董事会主席",
        "TEL;type=IPHONE;type=CELL;type=VOICE;type=pref:+86 138 0013 8000",
        "TEL;type=WORK;type=VOICE:+86 755 8601 3388",
        "item1.TEL:+86 755 1234 5678", "item1.X-ABLabel:秘书",
        "EMAIL;type=INTERNET;type=WORK;type=pref:pony@tencent.com",
        "EMAIL;type=INTERNET;type=HOME:pony@qq.com",
        "item2.ADR;type=WORK;type=pref:;;科技中一路 腾讯大厦;深圳;广东;518057;中国", "item2.X-ABADR:cn",
        "item3.ADR;type=HOME:;;滨海大道 1 号;深圳;广东;518000;中国", "item3.X-ABADR:cn",
        "item4.URL;type=pref:https://www.tencent.com", "item4.X-ABLabel:_$!<HomePage>!$_",
        "IMPP;X-SERVICE-TYPE=WeChat;type=pref:x-apple:ponyma",
        "IMPP;X-SERVICE-TYPE=QQ;type=HOME:x-apple:10001",
        "X-SOCIALPROFILE;type=weibo;x-user=ponyma:x-apple:ponyma",
        "item5.X-ABRELATEDNAMES;type=pref:张志东", "item5.X-ABLabel:_$!<Friend>!$_",
        "item6.X-ABRELATEDNAMES:王小明", "item6.X-ABLabel:老板的助理",
        "item7.X-ABDATE;type=pref:1998-11-11", "item7.X-ABLabel:_$!<Anniversary>!$_",
        "BDAY;X-APPLE-OMIT-YEAR=1604:1604-10-29",
        "NOTE:第一行\\n第二行",
        "UID:4D6E2F0C-1B1A-4C5E-9F1E-0F6A2B3C4D5E",
    ], expected: ContactDetails(
        name: "马化腾", nameParts: NameParts(given: "化腾", family: "马"), phoneticName: PhoneticName(given: "Huateng", family: "Ma"),
        nickname: "Pony", organization: "腾讯", department: "微信事业群", jobTitle: "董事会主席",
        phones: [PhoneNumber("+86 138 0013 8000", label: .iPhone), PhoneNumber("+86 755 8601 3388", label: .work),
                 PhoneNumber("+86 755 1234 5678", label: ContactLabel("秘书"))],
        emails: [EmailAddress("pony@tencent.com", label: .work), EmailAddress("pony@qq.com", label: .home)],
        addresses: [PostalAddress(label: .work, street: "科技中一路 腾讯大厦", city: "深圳", region: "广东", postcode: "518057",
                                  country: "中国", countryCode: "cn"),
                    PostalAddress(label: .home, street: "滨海大道 1 号", city: "深圳", region: "广东", postcode: "518000",
                                  country: "中国", countryCode: "cn")],
        urls: [Website("https://www.tencent.com", label: .homePage)],
        instantMessages: [ServiceHandle(service: "WeChat", handle: "ponyma"), ServiceHandle(service: "QQ", handle: "10001", label: .home)],
        socialProfiles: [ServiceHandle(service: "Weibo", handle: "ponyma")],
        birthday: CalendarDate(year: nil, month: 10, day: 29),
        dates: [LabelledDate(CalendarDate(year: 1998, month: 11, day: 11), label: .anniversary)],
        relatedNames: [RelatedName("张志东", label: .friend), RelatedName("王小明", label: ContactLabel("老板的助理"))],
        note: "第一行\n第二行"))

    /// macOS Contacts, a card marked "Company": no person's name, listed by the company.
    static let macCompany = ClientCard(client: "macOS Contacts, company card", version: "3.0", lines: [
        "PRODID:-//Apple Inc.//macOS 15.1//EN", "N:;;;;", "FN:腾讯", "ORG:腾讯;", "X-ABShowAs:COMPANY",
        "TEL;type=MAIN;type=pref:+86 755 8601 3388",
        "item1.URL;type=pref:https://www.tencent.com", "item1.X-ABLabel:_$!<HomePage>!$_",
    ], expected: ContactDetails(
        name: "腾讯", organization: "腾讯", isCompany: true, phones: [PhoneNumber("+86 755 8601 3388", label: .main)],
        urls: [Website("https://www.tencent.com", label: .homePage)]))

    /// Google Contacts' vCard export.
    static let google = ClientCard(client: "Google Contacts", version: "3.0", lines: [
        "FN:Jane Doe", "N:Doe;Jane;Q.;Dr.;PhD", "NICKNAME:JD",
        "EMAIL;TYPE=INTERNET;TYPE=HOME:jane@example.com", "EMAIL;TYPE=INTERNET;TYPE=WORK:jane@corp.example",
        "TEL;TYPE=CELL:+1 650-555-0100", "TEL;TYPE=WORK:+1 650-555-0199", "TEL;TYPE=HOME,FAX:+1 650-555-0123",
        "ADR;TYPE=HOME:;;1600 Amphitheatre Pkwy;Mountain View;CA;94043;United States",
        "ORG:Google;Cloud", "TITLE:Staff Engineer", "BDAY:1985-04-12",
        "item1.URL:https\\://jane.example/blog", "item1.X-ABLabel:blog",
        "item2.X-ABDATE:2010-06-05", "item2.X-ABLabel:_$!<Anniversary>!$_",
        "item3.X-ABRELATEDNAMES:John Doe", "item3.X-ABLabel:_$!<Spouse>!$_",
        "item4.IMPP:skype:jane.doe", "item4.X-ABLabel:Skype",
        "CATEGORIES:myContacts,Friends",
    ], expected: ContactDetails(
        name: "Jane Doe", nameParts: NameParts(prefix: "Dr.", given: "Jane", middle: "Q.", family: "Doe", suffix: "PhD"),
        nickname: "JD", organization: "Google", department: "Cloud", jobTitle: "Staff Engineer",
        phones: [PhoneNumber("+1 650-555-0100", label: .mobile), PhoneNumber("+1 650-555-0199", label: .work),
                 PhoneNumber("+1 650-555-0123", label: .homeFax)],
        emails: [EmailAddress("jane@example.com", label: .home), EmailAddress("jane@corp.example", label: .work)],
        addresses: [PostalAddress(label: .home, street: "1600 Amphitheatre Pkwy", city: "Mountain View", region: "CA",
                                  postcode: "94043", country: "United States")],
        urls: [Website("https://jane.example/blog", label: ContactLabel("blog"))],
        instantMessages: [ServiceHandle(service: "Skype", handle: "jane.doe", label: ContactLabel("Skype"))],
        birthday: CalendarDate(year: 1985, month: 4, day: 12),
        dates: [LabelledDate(CalendarDate(year: 2010, month: 6, day: 5), label: .anniversary)],
        relatedNames: [RelatedName("John Doe", label: .spouse)]))

    /// Outlook's vCard 2.1, with its own properties for the people around a contact.
    static let outlook = ClientCard(client: "Outlook", version: "2.1", lines: [
        "N;LANGUAGE=en-us:Smith;John", "FN:John Smith", "ORG:Contoso;Sales", "TITLE:Account Manager",
        "TEL;WORK;VOICE:(425) 555-0100", "TEL;CELL;VOICE:(425) 555-0111", "TEL;WORK;FAX:(425) 555-0199",
        "ADR;WORK;PREF:;;One Microsoft Way;Redmond;WA;98052;United States of America",
        "URL;WORK:http://www.contoso.com", "EMAIL;PREF;INTERNET:john@contoso.com",
        "X-MS-IMADDRESS:john@contoso.com", "X-MS-MANAGER:Jane Manager", "X-MS-ASSISTANT:Bob Helper",
        "X-MS-SPOUSE;N:Mary Smith", "X-MS-ANNIVERSARY:20050605", "BDAY:19800102",
    ], expected: ContactDetails(
        name: "John Smith", nameParts: NameParts(given: "John", family: "Smith"), organization: "Contoso", department: "Sales",
        jobTitle: "Account Manager",
        phones: [PhoneNumber("(425) 555-0100", label: .work), PhoneNumber("(425) 555-0111", label: .mobile),
                 PhoneNumber("(425) 555-0199", label: .workFax)],
        emails: [EmailAddress("john@contoso.com")],
        addresses: [PostalAddress(label: .work, street: "One Microsoft Way", city: "Redmond", region: "WA", postcode: "98052",
                                  country: "United States of America")],
        urls: [Website("http://www.contoso.com", label: .work)],
        instantMessages: [ServiceHandle(service: "Other", handle: "john@contoso.com")],
        birthday: CalendarDate(year: 1980, month: 1, day: 2),
        dates: [LabelledDate(CalendarDate(year: 2005, month: 6, day: 5), label: .anniversary)],
        relatedNames: [RelatedName("Jane Manager", label: .manager), RelatedName("Bob Helper", label: .assistant),
                       RelatedName("Mary Smith", label: .spouse)]))

    /// DAVx5 on Android (ez-vcard), vCard 3.0.
    static let davx5 = ClientCard(client: "DAVx5", version: "3.0", lines: [
        "PRODID:DAVx5/4.4.2-ose ez-vcard/0.12.1", "UID:6f2b2d9e-1c1e-4d5a-8e1b-3a2b1c0d9e8f",
        "FN:李雷", "N:李;雷;;;", "X-PHONETIC-LAST-NAME:Li", "X-PHONETIC-FIRST-NAME:Lei", "NICKNAME:雷子",
        "ORG:示例公司", "TITLE:经理",
        "TEL;TYPE=cell:+86 139 0000 0000", "item1.TEL:+86 10 1234 5678", "item1.X-ABLabel:办公室",
        "EMAIL;TYPE=home:lilei@example.cn",
        "IMPP:xmpp:lilei@jabber.example", "IMPP;X-SERVICE-TYPE=WeChat:x-apple:lilei_wx",
        "ADR;TYPE=home:;;人民路 8 号;上海;;200000;中国",
        "URL;TYPE=homepage:https://lilei.example",
        "item2.X-ABDATE:2015-05-20", "item2.X-ABLabel:_$!<Anniversary>!$_",
        "item3.X-ABRELATEDNAMES:韩梅梅", "item3.X-ABLabel:_$!<Partner>!$_",
    ], expected: ContactDetails(
        name: "李雷", nameParts: NameParts(given: "雷", family: "李"), phoneticName: PhoneticName(given: "Lei", family: "Li"),
        nickname: "雷子", organization: "示例公司", jobTitle: "经理",
        phones: [PhoneNumber("+86 139 0000 0000", label: .mobile), PhoneNumber("+86 10 1234 5678", label: ContactLabel("办公室"))],
        emails: [EmailAddress("lilei@example.cn", label: .home)],
        addresses: [PostalAddress(label: .home, street: "人民路 8 号", city: "上海", postcode: "200000", country: "中国")],
        urls: [Website("https://lilei.example", label: .homePage)],
        instantMessages: [ServiceHandle(service: "Jabber", handle: "lilei@jabber.example"), ServiceHandle(service: "WeChat", handle: "lilei_wx")],
        dates: [LabelledDate(CalendarDate(year: 2015, month: 5, day: 20), label: .anniversary)],
        relatedNames: [RelatedName("韩梅梅", label: .partner)]))

    /// Thunderbird's address book (vCard 4.0 since version 102).
    static let thunderbird = ClientCard(client: "Thunderbird", version: "4.0", lines: [
        "FN:Hans Müller", "N:Müller;Hans;Peter;Dr.;", "NICKNAME:Hansi", "ORG:Beispiel GmbH;Entwicklung", "TITLE:Leiter",
        "EMAIL;PREF=1;TYPE=work:hans@beispiel.de", "EMAIL;TYPE=home:hans@privat.de",
        "TEL;TYPE=cell;VALUE=TEXT:+49 151 1234567", "TEL;TYPE=work;VALUE=TEXT:+49 30 123456",
        "ADR;TYPE=work:;;Hauptstraße 1;Berlin;BE;10115;Deutschland",
        "URL;TYPE=work;VALUE=URL:https://beispiel.de", "IMPP:xmpp:hans@jabber.de",
        "ANNIVERSARY;VALUE=DATE:20000101", "BDAY;VALUE=DATE:19700515",
        "RELATED;TYPE=spouse;VALUE=text:Anna Müller", "RELATED:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af",
        "KIND:individual", "UID:urn:uuid:9c6f0d1e-2b3a-4c5d-8e7f-1a2b3c4d5e6f",
    ], expected: ContactDetails(
        name: "Hans Müller", nameParts: NameParts(prefix: "Dr.", given: "Hans", middle: "Peter", family: "Müller"),
        nickname: "Hansi", organization: "Beispiel GmbH", department: "Entwicklung", jobTitle: "Leiter",
        phones: [PhoneNumber("+49 151 1234567", label: .mobile), PhoneNumber("+49 30 123456", label: .work)],
        emails: [EmailAddress("hans@beispiel.de", label: .work), EmailAddress("hans@privat.de", label: .home)],
        addresses: [PostalAddress(label: .work, street: "Hauptstraße 1", city: "Berlin", region: "BE", postcode: "10115",
                                  country: "Deutschland")],
        urls: [Website("https://beispiel.de", label: .work)],
        instantMessages: [ServiceHandle(service: "Jabber", handle: "hans@jabber.de")],
        birthday: CalendarDate(year: 1970, month: 5, day: 15),
        dates: [LabelledDate(CalendarDate(year: 2000, month: 1, day: 1), label: .anniversary)],
        relatedNames: [RelatedName("Anna Müller", label: .spouse)]))

    /// Evolution (GNOME), vCard 3.0 with its own properties for handles and people.
    static let evolution = ClientCard(client: "Evolution", version: "3.0", lines: [
        "FN:王芳", "N:王;芳;;;", "X-EVOLUTION-FILE-AS:王\\, 芳", "ORG:Example Ltd;;", "TITLE:Designer",
        "X-EVOLUTION-SPOUSE:陈刚", "X-EVOLUTION-MANAGER:刘总", "X-EVOLUTION-ANNIVERSARY:2012-09-09",
        "X-JABBER;X-EVOLUTION-UI-SLOT=1;TYPE=HOME:fang@jabber.example", "X-SKYPE;TYPE=WORK:wangfang.design",
        "X-QQ:123456789", "X-WECHAT:wangfang",
        "EMAIL;X-EVOLUTION-UI-SLOT=1;TYPE=WORK:fang@example.com",
        "TEL;X-EVOLUTION-UI-SLOT=1;TYPE=CELL:+86 137 0000 0000",
    ], expected: ContactDetails(
        name: "王芳", nameParts: NameParts(given: "芳", family: "王"), organization: "Example Ltd", jobTitle: "Designer",
        phones: [PhoneNumber("+86 137 0000 0000", label: .mobile)],
        emails: [EmailAddress("fang@example.com", label: .work)],
        instantMessages: [ServiceHandle(service: "Jabber", handle: "fang@jabber.example", label: .home),
                          ServiceHandle(service: "Skype", handle: "wangfang.design", label: .work),
                          ServiceHandle(service: "QQ", handle: "123456789"), ServiceHandle(service: "WeChat", handle: "wangfang")],
        dates: [LabelledDate(CalendarDate(year: 2012, month: 9, day: 9), label: .anniversary)],
        relatedNames: [RelatedName("陈刚", label: .spouse), RelatedName("刘总", label: .manager)]))
}

@Suite("Each client's card ⇄ the whole contact")
struct ClientDialectTests {
    typealias F = MappingFixtures

    @Test(arguments: ClientCard.all)
    func everyFieldIsRead(card: ClientCard) throws {
        let read = try F.details(card.lines, version: card.version)
        let differences = VCardRoundTripPropertyTests.fieldsDiffer(card.expected, read)
        #expect(differences.isEmpty, "\(card.client): \(differences)")
    }

    /// Read and written again without a change (in its own version, 2.1 as 3.0), the card keeps
    /// every property as it came.
    @Test(arguments: ClientCard.all)
    func unchangedCardIsWrittenAsItCame(card: ClientCard) throws {
        let original = try F.card(card.lines, version: card.version)
        let details = try ContactDetails(card: original)
        let stated = original.properties.first { $0.name == "UID" }?.textValue
        let written = details.vCard(uid: stated ?? "u", version: card.version == "4.0" ? .v4_0 : .v3_0)
        // Lines are kept in vCard 4.0's form, whose URI values say VALUE=uri where 3.0 said VALUE=URL.
        let expected = F.properties(of: original).map { property in
            var property = property
            property.parameters = property.parameters.map { $0.name == "VALUE" && $0.values == ["URL"] ? VCardParameter(name: "VALUE", value: "uri") : $0 }
            return property
        } + (stated == nil ? [VCardProperty(name: "UID", text: "u")] : [])
        #expect(written.properties.filter { !["FN", "N"].contains($0.name) }
            == expected.filter { !["FN", "N"].contains($0.name) })
    }

    /// Written in either version and read back, every field is the same (what a client that
    /// syncs the card from this server sees).
    @Test(arguments: ClientCard.all, VCardWriter.Version.allCases)
    func writtenAndReadBackKeepsEveryField(card: ClientCard, version: VCardWriter.Version) throws {
        let details = try F.details(card.lines, version: card.version)
        let reread = try ContactDetails(card: try F.reparsed(details.vCard(uid: "u", version: version), as: version))
        let differences = VCardRoundTripPropertyTests.fieldsDiffer(details, reread)
        #expect(differences.isEmpty, "\(card.client), \(version): \(differences)")
    }

    /// Each field made here (none of the card's own lines to keep) is written in the form the
    /// version asks for, and reads back the same.
    @Test(arguments: ClientCard.all, VCardWriter.Version.allCases)
    func madeHereIsWrittenAfreshAndReadBack(card: ClientCard, version: VCardWriter.Version) throws {
        var details = card.expected
        details.extraProperties = []
        let written = details.vCard(uid: "u", version: version)
        let reread = try ContactDetails(card: try F.reparsed(written, as: version))
        let differences = VCardRoundTripPropertyTests.fieldsDiffer(details, reread)
        #expect(differences.isEmpty, "\(card.client), \(version): \(differences)")
    }

    @Test func aContactMadeHereIsWrittenAsAppleWritesItIn30AndAsRFC6350In40() throws {
        let details = ClientCard.iPhone.expected
        func text(_ version: VCardWriter.Version) -> String {
            VCardWriter(version: version).string(for: details.vCard(uid: "u", version: version)).replacingOccurrences(of: "\r\n ", with: "")
        }
        let v3 = text(.v3_0)
        for line in [
            "ORG:腾讯;微信事业群", "TITLE:董事会主席", "NICKNAME:Pony", "X-PHONETIC-FIRST-NAME:Huateng",
            "TEL;TYPE=IPHONE,CELL:+86 138 0013 8000", "item1.TEL:+86 755 1234 5678", "item1.X-ABLABEL:秘书",
            "EMAIL;TYPE=WORK:pony@tencent.com", "IMPP;X-SERVICE-TYPE=WeChat:x-apple:ponyma",
            "X-SOCIALPROFILE;TYPE=weibo;X-USER=ponyma:x-apple:ponyma", "X-ABDATE", "X-ABLABEL:_$!<Anniversary>!$_",
            "X-ABRELATEDNAMES:张志东", "X-ABLABEL:_$!<Friend>!$_", "X-ABADR:cn",
        ] {
            #expect(v3.contains(line), "3.0 lacks \(line):\n\(v3)")
        }
        #expect(v3.contains(".ADR;TYPE=WORK:;;科技中一路 腾讯大厦;深圳;广东;518057;中国"))
        let v4 = text(.v4_0)
        #expect(v4.contains("\r\nANNIVERSARY:19981111\r\n"))
        #expect(v4.contains("\r\nRELATED;TYPE=friend;VALUE=text:张志东\r\n"))
        #expect(!v4.contains("X-ABDATE"))
        var company = ClientCard.macCompany.expected
        company.extraProperties = []
        #expect(VCardWriter(version: .v4_0).string(for: company.vCard(uid: "u", version: .v4_0)).contains("\r\nKIND:org\r\n"))
        #expect(VCardWriter(version: .v3_0).string(for: company.vCard(uid: "u", version: .v3_0)).contains("\r\nX-ABSHOWAS:COMPANY\r\n"))
    }

    /// Edits made here change only the lines they touch: a new handle is added, a removed
    /// address goes with its X-ABADR, and every other line of the phone's card stays.
    @Test func anEditChangesOnlyTheLinesItTouches() throws {
        let original = try F.card(ClientCard.iPhone.lines)
        var details = try ContactDetails(card: original)
        details.instantMessages.append(ServiceHandle(service: "Telegram", handle: "pony_tg"))
        details.addresses.removeLast()
        details.organization = "腾讯控股"
        let written = details.vCard(uid: original.uid!, version: .v3_0).properties
        let before = F.properties(of: original)
        #expect(!written.contains { $0.group?.lowercased() == "item3" })
        #expect(written.contains(VCardProperty(name: "ORG", components: [["腾讯控股"], ["微信事业群"]])))
        #expect(written.contains { $0.name == "IMPP" && $0.value == "x-apple:pony_tg" })
        let untouched = before.filter { $0.group?.lowercased() != "item3" && $0.name != "ORG" }
        #expect(untouched.allSatisfy(written.contains))
        #expect(Set(written.compactMap(\.group)) == Set(before.compactMap(\.group)).subtracting(["item3"]))
        // A new label's group is numbered past the card's own.
        details.relatedNames.append(RelatedName("马化腾的妈妈", label: .mother))
        let labelled = details.vCard(uid: original.uid!, version: .v3_0).properties
        #expect(labelled.contains(VCardProperty(group: "item8", name: "X-ABRELATEDNAMES", text: "马化腾的妈妈")))
        #expect(labelled.contains(VCardProperty(group: "item8", name: "X-ABLABEL", text: "_$!<Mother>!$_")))
    }
}
