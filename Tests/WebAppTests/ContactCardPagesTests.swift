import ContactsCore
import ContactsStore
import Foundation
import Testing

/// The viewed contact: a card shaped like the phone's Contacts app (name, company, quick actions,
/// a labelled row for each thing the contact has), not the edit form disabled.
@Suite struct ContactCardPagesTests {
    let app: RunningApp
    let alice: WebSession

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func add(_ details: ContactDetails) throws -> Int64 {
        try app.store.addContact(details, to: try app.store.defaultAddressBook(for: try app.store.user(named: "alice"))).id
    }

    static let rich = ContactDetails(
        name: "马化腾", phoneticName: PhoneticName(given: "Huateng", family: "Ma"), nickname: "Pony", organization: "腾讯", department: "微信事业群", jobTitle: "董事会主席",
        phones: [PhoneNumber("+86 138 0013 8000", label: .mobile), PhoneNumber("0755-8601 3388", label: .work)],
        emails: [EmailAddress("pony@tencent.com", label: .work), EmailAddress("pony@qq.com", label: .home)],
        addresses: [PostalAddress(label: .work, street: "科技中一路\n腾讯大厦", city: "深圳", region: "广东", postcode: "518057", country: "中国"),
                    PostalAddress(label: .home, street: "1 Infinite Loop", city: "Cupertino", region: "CA", country: "USA")],
        urls: [Website("https://www.tencent.com", label: .work)],
        instantMessages: [ServiceHandle(service: "WeChat", handle: "ponyma"), ServiceHandle(service: "QQ", handle: "10001", label: .work)],
        dates: [LabelledDate(CalendarDate(year: 1998, month: 11, day: 11)), LabelledDate(CalendarDate(year: nil, month: 3, day: 8), label: ContactLabel("上市日"))],
        relatedNames: [RelatedName("陈一丹", label: .friend)], note: "QQ 之父")

    /// The text of the card's row of one kind, tags removed.
    private static func rows(_ page: String, _ kind: String) -> [String] {
        page.components(separatedBy: #"<li class="card-row \#(kind)">"#).dropFirst().map { row in
            String(row.prefix { $0 != "\n" }.split(separator: "</li>")[0]).replacing(#/<[^>]+>/#, with: " ")
                .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }

    @Test func aRichContactShowsEachRowWithItsLabelAndTheQuickActions() throws {
        let id = try add(Self.rich)
        let page = try alice.get("/contacts/\(id)").body
        #expect(page.contains(#"<h2 class="card-name" id="card-name"><bdi>马化腾</bdi></h2>"#))
        #expect(page.contains("<bdi>董事会主席 · 微信事业群</bdi>"))
        #expect(page.contains(#"<p class="card-subtitle"><bdi>腾讯</bdi></p>"#))
        #expect(!page.contains(#"id="contact-form""#) && !page.contains("readonly"), "not the edit form")

        #expect(page.contains(#"id="call-action" href="tel:+8613800138000""#))
        #expect(page.contains(#"id="message-action" href="sms:+8613800138000""#))
        #expect(page.contains(#"id="mail-action" href="mailto:pony@tencent.com""#))
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let map = "https://maps.apple.com/?q=" + "科技中一路, 腾讯大厦, 深圳, 广东, 518057, 中国".addingPercentEncoding(withAllowedCharacters: unreserved)!
        #expect(page.contains(#"id="map-action" href="\#(map)" target="_blank" rel="noopener noreferrer">"#))

        #expect(Self.rows(page, "phone-row") == ["mobile +86 138 0013 8000", "work 0755-8601 3388"])
        #expect(page.contains(#"<a href="tel:07558601338"#))
        #expect(Self.rows(page, "email-row") == ["work pony@tencent.com", "home pony@qq.com"])
        #expect(Self.rows(page, "address-row") == ["work 科技中一路 腾讯大厦 深圳 广东 518057 中国", "home 1 Infinite Loop Cupertino CA USA"])
        #expect(page.contains("<bdi>科技中一路</bdi><br><bdi>腾讯大厦</bdi>"), "a street's lines stay lines")
        #expect(Self.rows(page, "website-row") == ["work https://www.tencent.com"])
        #expect(page.contains(#"<a href="https://www.tencent.com" target="_blank" rel="noopener noreferrer">"#))
        #expect(Self.rows(page, "handle-row") == ["WeChat ponyma Copy", "QQ · work 10001 Copy"])
        #expect(page.contains(#"data-copy="ponyma""#))
        #expect(Self.rows(page, "date-row") == ["anniversary November 11, 1998", "上市日 March 8"])
        #expect(Self.rows(page, "related-row") == ["friend 陈一丹"])
        #expect(Self.rows(page, "nickname-row") == ["Nickname Pony"])
        #expect(Self.rows(page, "phonetic-row") == ["Phonetic name Huateng Ma"])
        #expect(Self.rows(page, "note-row") == ["Note QQ 之父"])
        // Each phone and email once: in its row (its text and its link), nowhere else.
        #expect(page.components(separatedBy: "pony@qq.com").count == 3)
        #expect(page.components(separatedBy: "0755-8601 3388").count == 2)
    }

    @Test func theCardIsWordedInChinese() throws {
        let id = try add(Self.rich)
        try alice.get("/contacts?lang=zh-Hans")
        let page = try alice.get("/contacts/\(id)").body
        #expect(Self.rows(page, "phone-row").first?.hasPrefix("手机") == true)
        #expect(Self.rows(page, "date-row") == ["纪念日 1998年11月11日", "上市日 3月8日"])
        for word in ["呼叫", "信息", "邮件", "地图"] { #expect(page.contains(#"<span class="quick-action-name">\#(word)</span>"#), "\(word)") }
        #expect(page.contains(#"data-copied="已复制" hidden>复制</button>"#))
    }

    @Test func aContactWithoutPhoneOffersNoCallOrMessage() throws {
        let id = try add(ContactDetails(name: "Only Mail", emails: [EmailAddress("only@example.com")]))
        let page = try alice.get("/contacts/\(id)").body
        #expect(page.contains(#"<span class="quick-action unavailable" id="call-action" role="link" aria-disabled="true">"#))
        #expect(page.contains(#"<span class="quick-action unavailable" id="message-action" role="link" aria-disabled="true">"#))
        #expect(page.contains(#"<span class="quick-action unavailable" id="map-action" role="link" aria-disabled="true">"#))
        #expect(page.contains(#"id="mail-action" href="mailto:only"#))
        #expect(!page.contains("tel:") && !page.contains("sms:"))
        #expect(Self.rows(page, "phone-row").isEmpty)
    }

    @Test func aCompanyIsTitledByItsName() throws {
        let id = try add(ContactDetails(name: "张三", organization: "腾讯", isCompany: true))
        let page = try alice.get("/contacts/\(id)").body
        #expect(page.contains(#"id="card-name"><bdi>腾讯</bdi>"#))
        #expect(page.contains(#"<p class="card-subtitle"><bdi>张三</bdi></p>"#))
    }

    @Test func hostileValuesAreEscapedAndNotLinked() throws {
        let rtl = "\u{202E}gpj.exe"
        let id = try add(ContactDetails(
            name: #"<script>alert("x")</script>"#, organization: #""><img src=x onerror=alert(1)>"#,
            emails: [EmailAddress(#"a"onmouseover="alert(1)@example.com?cc=x"#)],
            urls: [Website("javascript:alert(1)"), Website("JavaScript://example.com/%0Aalert(1)"), Website("data:text/html,<b>x</b>"),
                   Website("http://exa\u{202E}mple.com")],
            instantMessages: [ServiceHandle(service: "WeChat", handle: #"x" onclick="alert(1)"#), ServiceHandle(service: "QQ", handle: rtl)],
            socialProfiles: [ServiceHandle(service: "Twitter", handle: "javascript:alert(2)")],
            note: "</textarea><script>alert(3)</script>"))
        let page = try alice.get("/contacts/\(id)").body
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img src=x"))
        #expect(!page.localizedCaseInsensitiveContains(#"href="javascript"#))
        #expect(!page.contains(#"href="data:"#))
        #expect(!page.contains(#"" onclick=""#) && !page.contains(#""onmouseover=""#))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(page.contains(#"data-copy="x&quot; onclick=&quot;alert(1)""#))
        #expect(Self.rows(page, "website-row").count == 4)
        #expect(page.components(separatedBy: #"<span class="unlinked">"#).count == 5, "no website is a link")
        #expect(page.contains("<bdi>\(rtl)</bdi>"), "an RTL override is isolated")
        #expect(page.contains("mailto:a%22onmouseover%3D%22alert%281%29@example.com%3Fcc%3Dx"))
    }

    @Test func editIsALinkToTheEditPageAndDisabledInAReadOnlyShare() throws {
        let id = try add(Self.rich)
        let page = try alice.get("/contacts/\(id)").body
        #expect(page.contains(#"<a href="/contacts/\#(id)/edit" id="edit-button" role="button">Edit</a>"#))
        #expect(page.contains(#"id="share-link""#) && page.contains(#"id="delete-contact""#))
    }
}
