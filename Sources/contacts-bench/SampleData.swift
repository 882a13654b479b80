import ContactsCore

/// Realistic contacts for measurements: Chinese names weighted like real surnames, Latin names,
/// mobile numbers and some emails. Deterministic for a given seed.
struct SampleData {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let surnames = Array("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤单仇解查区朴翟乐缪")
        .map(String.init) + ["欧阳", "司马", "诸葛", "上官", "尉迟", "长孙", "令狐"]
    private static let givenCharacters = Array("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉萍红娥玲芬建国志强海燕小红文俊晓东宇浩然子轩梓涵一诺欣怡雨桐思远嘉豪佳琪博文天佑")
        .map(String.init)
    private static let firstNames = ["James", "Mary", "Émile", "Zoë", "Øyvind", "Chloé", "Liam", "Olivia", "Noah", "Emma",
                                     "Lucas", "Sofia", "Mateo", "Léa", "Björn", "Ana", "Hiroshi", "Yuki", "Ivan", "Nadia"]
    private static let lastNames = ["Smith", "Johnson", "Müller", "García", "Martin", "Dubois", "Rossi", "Nakamura",
                                    "Kowalski", "Silva", "Brown", "Nguyen", "O'Brien", "Schmidt", "Andersen", "Lopez"]

    /// The next contact: 85% Chinese names, 15% Latin; one or two phones; an email for 40%.
    mutating func nextContact() -> ContactDetails {
        let name: String
        if random.next(100) < 85 {
            let surname = random.next(100) < 30 ? Self.surnames[random.next(10)] : Self.surnames[random.next(Self.surnames.count)]
            let length = random.next(100) < 70 ? 2 : 1
            name = surname + (0..<length).map { _ in Self.givenCharacters[random.next(Self.givenCharacters.count)] }.joined()
        } else {
            name = Self.firstNames[random.next(Self.firstNames.count)] + " " + Self.lastNames[random.next(Self.lastNames.count)]
        }
        var phones = [PhoneNumber(mobileNumber())]
        if random.next(100) < 20 { phones.append(PhoneNumber("010-" + digits(8), label: .work)) }
        let emails = random.next(100) < 40 ? [EmailAddress("user\(random.next(1_000_000))@example.com", label: .other)] : []
        // Half have a birthday, one in five of those without the year.
        let birthday = random.next(100) < 50
            ? CalendarDate(year: random.next(100) < 20 ? nil : 1950 + random.next(60), month: 1 + random.next(12), day: 1 + random.next(28))
            : nil
        return ContactDetails(name: name, phones: phones, emails: emails, birthday: birthday)
    }

    private mutating func mobileNumber() -> String {
        "1" + String(3 + random.next(7)) + digits(1) + " " + digits(4) + " " + digits(4)
    }

    private mutating func digits(_ count: Int) -> String {
        (0..<count).map { _ in String(random.next(10)) }.joined()
    }

    /// A number below `bound`.
    mutating func next(_ bound: Int) -> Int { random.next(bound) }
}

/// A small, fast, seedable generator, so every run measures the same data.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
