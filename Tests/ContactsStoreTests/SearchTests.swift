import ContactsCore
import StoreOpening
import Testing
@testable import ContactsStore

@Suite struct SearchTests {
    let directory = TemporaryDirectory()
    let store: ContactStore
    let alice: AddressBookScope
    let bob: AddressBookScope
    var ids: [String: Int64] = [:]

    init() throws {
        store = try directory.store()
        alice = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        bob = try store.defaultAddressBook(for: try store.createUser(username: "bob", password: "password1"))
        let people: [(String, String, String)] = [
            ("张三", "+86 138-0013-8000", "zhang.san@example.com"),
            ("张三丰", "(010) 6234 5678", "sanfeng@wudang.cn"),
            ("李四", "139 1234 5678", "lisi@example.com"),
            ("单田芳", "0086 137 0000 1111", "storyteller@example.com"),
            ("Émile Zola", "+33 1 42 00 00 00", "emile@zola.fr"),
            ("John Smith", "555-0100", "john@smith.org"),
        ]
        for (name, phone, email) in people {
            ids[name] = try store.addContact(.init(name: name, phones: [.init(phone)], emails: [EmailAddress(email)]), to: alice).id
        }
        _ = try store.addContact(.init(name: "张三", phones: [.init("138 0013 8000")], emails: ["other@example.com"]), to: bob)
    }

    private func names(_ query: String, in scope: AddressBookScope? = nil) throws -> [String] {
        try store.search(query, in: scope ?? alice).map(\.details.name)
    }

    @Test(arguments: [
        ("zs", ["张三", "张三丰"]), ("ZS", ["张三", "张三丰"]), ("zsf", ["张三丰"]),
        ("zhangsan", ["张三", "张三丰"]), ("zhang san", ["张三", "张三丰"]), ("zhangs", ["张三", "张三丰"]),
        ("zsan", ["张三", "张三丰"]), ("sanfeng", ["张三丰"]), ("ls", ["李四"]), ("lisi", ["李四"]),
        ("stf", ["单田芳"]), ("shantianfang", ["单田芳"]), ("dantianfang", []), ("js", ["John Smith"]),
        ("zhangx", []), ("zhangsanfengx", []),
    ])
    func pinyinFullInitialsAndMixed(query: String, expected: [String]) throws {
        #expect(try names(query) == expected)
    }

    @Test(arguments: [("张", ["张三", "张三丰"]), ("三丰", ["张三丰"]), ("emile", ["Émile Zola"]),
                      ("ÉMILE", ["Émile Zola"]), ("ola", ["Émile Zola"]), ("ohn sm", ["John Smith"])])
    func nameSubstringIgnoringCaseAndAccents(query: String, expected: [String]) throws {
        #expect(try names(query) == expected)
    }

    @Test(arguments: [
        ("13800138000", ["张三"]), ("138 0013 8000", ["张三"]), ("138-0013", ["张三"]), ("+86 138 0013 8000", ["张三"]),
        ("008613800138000", ["张三"]), ("62345678", ["张三丰"]), ("(010) 6234", ["张三丰"]), ("13700001111", ["单田芳"]),
        ("0100", ["John Smith"]), ("5678", ["李四", "张三丰"]),
    ])
    func phoneDigitsWithOrWithoutFormatting(query: String, expected: [String]) throws {
        #expect(try names(query) == expected)
    }

    @Test(arguments: [("example.com", ["李四", "单田芳", "张三"]), ("WUDANG", ["张三丰"]), ("@zola", ["Émile Zola"])])
    func emailSubstring(query: String, expected: [String]) throws {
        #expect(try names(query) == expected)
    }

    @Test func anotherUsersContactsNeverAppear() throws {
        #expect(try names("other@example.com").isEmpty)
        #expect(try names("zs", in: bob) == ["张三"])
        #expect(try names("lisi", in: bob).isEmpty)
    }

    @Test func searchSeesWritesMadeAfterTheFirstSearch() throws {
        #expect(try names("wangwu").isEmpty)
        let wang = try store.addContact(.init(name: "王五", phones: [.init("1")]), to: alice)
        #expect(try names("wangwu") == ["王五"])
        _ = try store.updateContact(id: wang.id, with: .init(name: "赵六", phones: [.init("1")]), in: alice)
        #expect(try names("wangwu").isEmpty)
        #expect(try names("zl") == ["赵六"])
        try store.deleteContact(id: wang.id, in: alice)
        #expect(try names("zl").isEmpty)
        _ = try store.restoreContact(id: wang.id, in: alice)
        #expect(try names("zl") == ["赵六"])
    }

    @Test func searchSeesWritesFromAnotherConnection() throws {
        #expect(try names("wangwu").isEmpty)
        let other = try directory.store()
        let scope = try other.defaultAddressBook(for: try other.user(named: "alice"))
        _ = try other.addContact(.init(name: "王五", phones: [.init("1")]), to: scope)
        #expect(try names("ww") == ["王五"])
    }

    @Test func limitKeepsTheFirstInDisplayOrder() throws {
        #expect(try store.search("example", in: alice, limit: 2).map(\.details.name) == ["李四", "单田芳"])
    }

    @Test func emptyQueryListsEverything() throws {
        #expect(try store.search("  ", in: alice).count == 6)
    }

    /// 劉德華 and 刘德华 are the same name in two scripts: either form, and the pinyin, finds both.
    @Test(arguments: [
        ("刘", ["刘德华", "劉德華"]), ("劉", ["刘德华", "劉德華"]), ("華", ["刘德华", "劉德華"]), ("德华", ["刘德华", "劉德華"]),
        ("劉德華", ["刘德华", "劉德華"]), ("liu", ["刘德华", "劉德華"]), ("ldh", ["刘德华", "劉德華"]), ("liudehua", ["刘德华", "劉德華"]),
        ("單", ["单田芳", "單田芳"]), ("单田", ["单田芳", "單田芳"]), ("shantianfang", ["单田芳", "單田芳"]), ("dantianfang", []),
        ("歐陽", ["欧阳娜娜", "歐陽娜娜"]), ("ouyang", ["欧阳娜娜", "歐陽娜娜"]), ("萬俟", ["万俟卨"]), ("moqi", ["万俟卨"]),
    ])
    func traditionalAndSimplifiedFindEachOther(query: String, expected: [String]) throws {
        let book = try store.defaultAddressBook(for: try store.createUser(username: "carol", password: "password1"))
        for name in ["劉德華", "刘德华", "單田芳", "单田芳", "歐陽娜娜", "欧阳娜娜", "万俟卨", "Amy 劉"] {
            _ = try store.addContact(.init(name: name, phones: [.init("555-0199")]), to: book)
        }
        let found = try names(query, in: book).filter { $0 != "Amy 劉" }
        #expect(found == expected)
    }

    @Test func mixedNameIsFoundByItsChinesePartInEitherScript() throws {
        _ = try store.addContact(.init(name: "Amy 劉", phones: [.init("555-0199")]), to: alice)
        #expect(try names("刘").contains("Amy 劉"))
        #expect(try names("amy").contains("Amy 劉"))
        #expect(try names("amyliu").contains("Amy 劉"))
    }

    @Test func traditionalNameEditedInPlaceIsFoundByItsNewName() throws {
        let id = try #require(ids["单田芳"])
        var details = try store.contact(id: id, in: alice).details
        details.name = "單田芳"
        _ = try store.updateContact(id: id, with: details, in: alice)
        #expect(try names("单田芳") == ["單田芳"])
        #expect(try names("stf") == ["單田芳"])
    }
}

/// Search and filing over the fields besides name, phones and emails.
@Suite struct WholeContactSearchTests {
    let directory = TemporaryDirectory()
    let store: ContactStore
    let book: AddressBookScope
    let pony: Int64
    let tencent: Int64

    init() throws {
        store = try directory.store()
        book = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        pony = try store.addContact(ContactDetails(
            name: "马化腾", nickname: "Pony", organization: "腾讯", department: "微信事业群", jobTitle: "董事会主席",
            addresses: [PostalAddress(label: .work, street: "科技中一路", city: "深圳", country: "中国")],
            urls: [Website("https://www.tencent.com")],
            instantMessages: [ServiceHandle(service: "WeChat", handle: "ponyma"), ServiceHandle(service: "QQ", handle: "10001")],
            relatedNames: [RelatedName("张志东", label: .friend)]), to: book).id
        tencent = try store.addContact(ContactDetails(name: "腾讯", organization: "腾讯", isCompany: true,
                                                      phones: [PhoneNumber("+86 755 8601 3388", label: .main)]), to: book).id
        for name in ["Alice", "Zhang Wei", "唐僧"] { _ = try store.addContact(ContactDetails(name: name), to: book) }
    }

    @Test(arguments: ["腾讯", "騰訊", "tengxun", "txu", "tx", "微信", "weixin", "董事会", "ponyma", "Pony", "tencent.com", "科技中一路", "深圳", "张志东"])
    func findsByEveryField(query: String) throws {
        let found = try store.search(query, in: book).map(\.id)
        #expect(found.contains(pony), "\(query)")
    }

    @Test func handlesAndTitlesDoNotMatchByPinyinOrPartsOfOtherFields() throws {
        #expect(try store.search("dongshi", in: book).isEmpty, "titles are found as typed, not by pinyin")
        #expect(try store.search("10001", in: book).map(\.id) == [pony], "a QQ number is found as a handle")
    }

    @Test func aCompanyIsFiledAndSortedByItsName() throws {
        let company = try store.contact(id: tencent, in: book)
        #expect(company.section == "T")
        let names = try store.contacts(in: book).map(\.details.displayName)
        #expect(names == ["Alice", "马化腾", "唐僧", "腾讯", "Zhang Wei"])
    }
}
