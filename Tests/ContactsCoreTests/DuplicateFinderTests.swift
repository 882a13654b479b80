import ContactsCore
import Testing

/// `PhoneRegion.international` and `DuplicateFinder`: the same number however written, the same
/// email or messaging handle, the same name in any script or order, near names beside a shared number, and pairs a
/// person dismissed.
struct DuplicateFinderTests {
    private let china = PhoneRegion(code: "cn")!
    private let unitedStates = PhoneRegion(code: "US")!

    private func candidate(_ id: Int64, _ name: String, phones: [String] = [], emails: [String] = []) -> DuplicateCandidate {
        DuplicateCandidate(id: id, name: name, phones: phones, emails: emails)
    }

    private func find(_ candidates: [DuplicateCandidate], region: PhoneRegion? = nil,
                      dismissed: Set<DuplicatePair> = []) -> [DuplicateSuggestion] {
        DuplicateFinder(region: region ?? china, dismissed: dismissed).suggestions(among: candidates)
    }

    @Test func oneNumberWrittenEveryWay() {
        for written in ["+86 138 0013 8000", "13800138000", "0086-138-0013-8000", "(+86) 138-0013-8000", "+86 13800138000 ext. 12"] {
            #expect(china.international(written) == "+8613800138000", "\(written)")
        }
        #expect(china.international("１３８－００１３－８０００") == "+8613800138000", "full-width digits")
        #expect(china.international("＋86 138 0013 8000 分机 12") == "+8613800138000", "an extension in Chinese")
        #expect(china.international("010 6512 3456") == "+861065123456", "trunk prefix dropped")
        #expect(unitedStates.international("(212) 555-0123") == "+12125550123")
        #expect(unitedStates.international("1 212 555 0123") == "+12125550123")
        #expect(unitedStates.international("011 86 138 0013 8000") == "+8613800138000")
        #expect(china.international("10086") == nil, "service numbers are shared, not compared")
        #expect(china.international("none") == nil)
        #expect(PhoneRegion(code: "XX") == nil)
    }

    @Test func theSameNumberHoweverWrittenIsOneSuggestionThatSaysSo() {
        let found = find([
            candidate(1, "Alice", phones: ["+86 138 0013 8000"]),
            candidate(2, "Bob", phones: ["555 0100 999"]),
            candidate(3, "Alicia", phones: ["0086-138-0013-8000"]),
        ])
        #expect(found == [DuplicateSuggestion(ids: [1, 3], reasons: [.samePhone("+8613800138000"), .similarName])])
    }

    @Test func theRegionDecidesWhatANumberWithoutACountryCodeMeans() {
        let contacts = [candidate(1, "A", phones: ["+1 212 555 0123"]), candidate(2, "B", phones: ["2125550123"])]
        #expect(find(contacts, region: unitedStates).map(\.ids) == [[1, 2]])
        #expect(find(contacts, region: china).isEmpty, "in China 2125550123 is not a New York number")
    }

    @Test func theSameEmailWithoutCase() {
        let found = find([candidate(1, "Wang Fang", emails: ["Fang.Wang@Example.com "]), candidate(2, "Dr Fang", emails: ["fang.wang@example.com"])])
        #expect(found == [DuplicateSuggestion(ids: [1, 2], reasons: [.sameEmail("fang.wang@example.com")])])
    }

    @Test func theSameHandleOnTheSameServiceWithoutCase() {
        let found = find([
            DuplicateCandidate(id: 1, name: "Pony Ma", phones: [], emails: [], handles: [ServiceHandle(service: "WeChat", handle: "PonyMa ")]),
            DuplicateCandidate(id: 2, name: "马化腾", phones: [], emails: [], handles: [ServiceHandle(service: "weixin", handle: "ponyma", label: .work)]),
            DuplicateCandidate(id: 3, name: "Someone", phones: [], emails: [], handles: [ServiceHandle(service: "QQ", handle: "ponyma")]),
        ])
        #expect(found == [DuplicateSuggestion(ids: [1, 2], reasons: [.sameHandle(service: "WeChat", handle: "ponyma")])])
    }

    @Test func theSameNameInEveryForm() {
        let found = find([
            candidate(1, "张三"), candidate(2, "張三"), candidate(3, "Zhang San"), candidate(4, "San Zhang"),
            candidate(5, "zhāng sān"), candidate(6, "李四"),
        ])
        #expect(found == [DuplicateSuggestion(ids: [1, 2, 3, 4, 5], reasons: [.sameName])])
        let given = find([candidate(1, "张三丰"), candidate(2, "Zhang Sanfeng"), candidate(3, "Sanfeng Zhang"), candidate(4, "Zhang San-Feng")])
        #expect(given.map(\.ids) == [[1, 2, 3, 4]], "a given name of two characters is one word in pinyin, or two")
        let compound = find([candidate(1, "欧阳娜娜"), candidate(2, "Ouyang Nana")])
        #expect(compound.map(\.ids) == [[1, 2]], "a two-character surname")
    }

    @Test func namesThatOnlySoundAlikeAreDifferentPeople() {
        #expect(find([candidate(1, "张三"), candidate(2, "章三")]).isEmpty, "homophones in characters")
        #expect(find([candidate(1, "Li Lei"), candidate(2, "Li Na")]).isEmpty)
        let withPhone = find([candidate(1, "张三", phones: ["13800138000"]), candidate(2, "章三", phones: ["+8613800138000"])])
        #expect(withPhone == [DuplicateSuggestion(ids: [1, 2], reasons: [.samePhone("+8613800138000"), .similarName])])
    }

    @Test func nearNamesOnlyCountBesideASharedNumberOrAddress() {
        let found = find([
            candidate(1, "Zhang San", phones: ["13800138000"]),
            candidate(2, "Zhang Shan", phones: ["13800138000"]),
            candidate(3, "Li Lei (work)", emails: ["lilei@example.com"]),
            candidate(4, "Li Lei", emails: ["LILEI@example.com"]),
            candidate(5, "Wang Wu", phones: ["13900139000"]),
            candidate(6, "Zhao Liu", phones: ["13900139000"]),
        ])
        #expect(found.map(\.reasons) == [
            [.samePhone("+8613800138000"), .similarName],
            [.sameEmail("lilei@example.com"), .similarName],
            [.samePhone("+8613900139000")],
        ])
    }

    @Test func dismissedPairsStayApart() {
        let contacts = [candidate(10, "张三"), candidate(20, "Zhang San"), candidate(30, "李四")]
        #expect(find(contacts, dismissed: [DuplicatePair(20, 10)]).isEmpty)
        #expect(DuplicatePair(20, 10) == DuplicatePair(10, 20))
    }

    @Test func aChainOfPairsIsOneGroupInTheOrderGiven() {
        let found = find([
            candidate(7, "Zed"), candidate(5, "Amy", phones: ["13800138000"]), candidate(9, "Amy B", emails: ["amy@example.com"]),
            candidate(3, "A. B.", phones: ["+86 138 0013 8000"], emails: ["AMY@example.com"]),
        ])
        #expect(found.map(\.ids) == [[5, 9, 3]])
    }

    @Test func aNumberSharedByManyIsASwitchboardNotAPerson() {
        let office = (1...20).map { candidate(Int64($0), "Colleague \($0)", phones: ["010 6512 3456"]) }
        #expect(find(office).isEmpty)
    }
}
