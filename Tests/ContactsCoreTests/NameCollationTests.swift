import Testing
@testable import ContactsCore

/// Names in the order a Chinese phone's contacts list shows them, with their section.
private let expectedOrder: [(name: String, section: String)] = [
    ("阿强", "A"), ("Aaron", "A"), ("Ågot", "A"), ("艾伦", "A"), ("Amy 劉", "A"), ("安娜", "A"), ("Ángel", "A"),
    ("白居易", "B"), ("柏杨", "B"), ("包拯", "B"), ("秘书华", "B"), ("秘書華", "B"), ("Björk", "B"), ("薄一波", "B"), ("Bob", "B"),
    ("卜算子", "B"),
    ("蔡文", "C"), ("曹操", "C"), ("单于红", "C"), ("單于紅", "C"), ("長明", "C"), ("长明", "C"), ("车晓", "C"), ("陈一", "C"),
    ("Chloé", "C"), ("种师道", "C"), ("種師道", "C"), ("重阳", "C"), ("重陽", "C"),
    ("大卫", "D"), ("戴安", "D"), ("邓超", "D"), ("Dmitri", "D"), ("Đorđe", "D"), ("都敏", "D"),
    ("鄂伦", "E"), ("Émile", "E"), ("Eve", "E"),
    ("范冰", "F"), ("方舟", "F"), ("冯巩", "F"), ("François", "F"), ("符华", "F"),
    ("盖聂", "G"), ("蓋聶", "G"), ("Gödel", "G"), ("句芒", "G"), ("炅毅", "G"), ("郭靖", "G"), ("Gustav", "G"),
    ("赫连勃勃", "H"), ("和珅", "H"), ("黑子", "H"), ("Hélène", "H"), ("华佗", "H"), ("郇山", "H"), ("黄蓉", "H"),
    ("Île", "I"), ("Ingrid", "I"), ("Ivan", "I"), ("Иван", "I"),
    ("贾宝玉", "J"), ("蒋文", "J"), ("金庸", "J"), ("José", "J"), ("角落", "J"),
    ("Kai", "K"), ("阚泽", "K"), ("Kōji", "K"), ("孔子", "K"), ("适之", "K"),
    ("Lars", "L"), ("李白", "L"), ("李Lee", "L"), ("令狐冲", "L"), ("劉Amy", "L"), ("刘备", "L"), ("刘德华", "L"), ("劉德華", "L"),
    ("陆游", "L"), ("Łukasz", "L"), ("吕布", "L"), ("闾丘露", "L"),
    ("马云", "M"), ("宓妃", "M"), ("繆斯", "M"), ("缪斯", "M"), ("万俟卨", "M"), ("萬俟卨", "M"), ("莫言", "M"), ("Müller", "M"),
    ("那英", "N"), ("能静", "N"), ("能靜", "N"), ("倪虹", "N"), ("粘罕", "N"), ("聂风", "N"), ("乜小红", "N"), ("Nuño", "N"),
    ("Olga", "O"), ("区家麟", "O"), ("區家麟", "O"), ("歐陽娜娜", "O"), ("欧阳修", "O"), ("歐陽修", "O"), ("Øyvind", "O"),
    ("Pablo", "P"), ("潘安", "P"), ("番文", "P"), ("逄蒙", "P"), ("蕃华", "P"), ("便明", "P"), ("朴树", "P"), ("朴樹", "P"),
    ("繁漪", "P"),
    ("钱钟书", "Q"), ("覃海", "Q"), ("仇英", "Q"), ("Quentin", "Q"),
    ("任盈盈", "R"), ("René", "R"), ("阮籍", "R"),
    ("さくら", "S"), ("单田芳", "S"), ("單田芳", "S"), ("召忽", "S"), ("折兰", "S"), ("折蘭", "S"), ("沈括", "S"), ("司马迁", "S"),
    ("Šimon", "S"), ("Søren", "S"), ("孙权", "S"),
    ("沓文", "T"), ("澹台明", "T"), ("唐僧", "T"), ("Thomas", "T"), ("田野", "T"), ("Tom 汤姆", "T"), ("鈄江", "T"), ("钭江", "T"),
    ("拓跋宏", "T"),
    ("Úrsula", "U"), ("Uwe", "U"),
    ("Václav", "V"), ("Vera", "V"),
    ("Walter", "W"), ("万芳", "W"), ("王五", "W"), ("尉健", "W"), ("魏征", "W"),
    ("Xavier", "X"), ("夏侯惇", "X"), ("冼星海", "X"), ("洗玉清", "X"), ("萧峰", "X"), ("頡剛", "X"), ("颉刚", "X"), ("解縉", "X"),
    ("解缙", "X"),
    ("杨过", "Y"), ("么红", "Y"), ("尉迟恭", "Y"), ("尉遲恭", "Y"), ("蔚然", "Y"), ("乐毅", "Y"), ("樂毅", "Y"), ("乐正克", "Y"),
    ("樂正克", "Y"), ("员半千", "Y"), ("員半千", "Y"), ("Yves", "Y"),
    ("藏文", "Z"), ("曾国藩", "Z"), ("曾國藩", "Z"), ("查良镛", "Z"), ("査良鏞", "Z"), ("翟志刚", "Z"), ("翟志剛", "Z"), ("祭仲", "Z"),
    ("张三", "Z"), ("张三丰", "Z"), ("長孫無忌", "Z"), ("长孙无忌", "Z"), ("赵六", "Z"), ("子車鍼虎", "Z"), ("子车针虎", "Z"), ("Zoë", "Z"),
    ("007", "#"), ("123 Team", "#"), ("(Bob)", "#"), ("#hashtag", "#"), ("@home", "#"), ("😀 Smile", "#"),
]

@Test func tableHasEnoughNames() {
    #expect(expectedOrder.count >= 190)
}

@Test(arguments: expectedOrder)
func sectionOf(name: String, section: String) {
    #expect(NameCollation.key(for: name).section == section, "\(name) → \(NameCollation.key(for: name).syllables)")
}

@Test func sortingByKeyThenNameGivesDisplayOrder() {
    let shuffled = expectedOrder.map(\.name).shuffled()
    let sorted = shuffled.sorted { lhs, rhs in
        let (left, right) = (NameCollation.key(for: lhs).sortKey, NameCollation.key(for: rhs).sortKey)
        return left != right ? left < right : lhs < rhs
    }
    let expected = expectedOrder.map(\.name)
    for (index, pair) in zip(sorted, expected).enumerated() where pair.0 != pair.1 {
        Issue.record("position \(index): got \(pair.0) (\(NameCollation.key(for: pair.0).sortKey)), expected \(pair.1) (\(NameCollation.key(for: pair.1).sortKey))")
        break
    }
    #expect(sorted == expected)
}

@Test(arguments: [
    ("单", "shan"), ("曾", "zeng"), ("解", "xie"), ("仇", "qiu"), ("区", "ou"), ("朴", "piao"), ("查", "zha"),
    ("盖", "ge"), ("覃", "qin"), ("乐", "yue"), ("缪", "miao"), ("翟", "zhai"), ("秘", "bi"), ("召", "shao"),
    ("种", "chong"), ("句", "gou"), ("员", "yun"), ("黑", "he"), ("繁", "po"), ("折", "she"),
])
func polyphonicSurnameReadsAsSurname(surname: String, reading: String) {
    #expect(NameCollation.key(for: surname + "明").syllables == [reading, "ming"])
}

@Test(arguments: [
    ("万俟", ["mo", "qi"]), ("尉迟", ["yu", "chi"]), ("长孙", ["zhang", "sun"]), ("澹台", ["tan", "tai"]),
    ("令狐", ["ling", "hu"]), ("单于", ["chan", "yu"]), ("萬俟", ["mo", "qi"]), ("尉遲", ["yu", "chi"]),
    ("長孫", ["zhang", "sun"]), ("單于", ["chan", "yu"]), ("歐陽", ["ou", "yang"]),
])
func compoundSurnameWinsOverSingle(surname: String, syllables: [String]) {
    #expect(NameCollation.key(for: surname + "明").syllables == syllables + ["ming"])
}

@Test func surnameReadingAppliesOnlyAtTheStart() {
    #expect(NameCollation.key(for: "简单").syllables == ["jian", "dan"])
}

@Test func otherSectionComesLast() {
    #expect(NameCollation.sections.last == "#")
    #expect(NameCollation.key(for: "😀").sortKey > NameCollation.key(for: "Zzz").sortKey)
}

@Test func surroundingWhitespaceIsIgnored() {
    #expect(NameCollation.key(for: "  张三 ") == NameCollation.key(for: "张三"))
}


@Test func mixedNamesFileByTheirFirstCharacter() {
    #expect(NameCollation.key(for: "Amy 劉").section == "A")
    #expect(NameCollation.key(for: "Amy 劉").syllables == ["amy", "liu"])
    #expect(NameCollation.key(for: "劉Amy").section == "L")
    #expect(NameCollation.key(for: "劉Amy").syllables == ["liu", "amy"])
}

@Test func givenNamesKeepTheirEverydayReading() {
    // 曾 is the surname Zeng at the start, ceng in a given name; 单 likewise Shan and dan.
    #expect(NameCollation.key(for: "曾国藩").syllables == ["zeng", "guo", "fan"])
    #expect(NameCollation.key(for: "何曾").syllables == ["he", "ceng"])
    #expect(NameCollation.key(for: "何曾").section == "H")
    #expect(NameCollation.key(for: "王单").syllables == ["wang", "dan"])
    #expect(NameCollation.key(for: "李樂").syllables == ["li", "le"])
}

@Test func traditionalNamesFileAsTheirSimplifiedForm() {
    for (traditional, simplified) in [("劉德華", "刘德华"), ("萬俟卨", "万俟卨"), ("單田芳", "单田芳"), ("歐陽娜娜", "欧阳娜娜"), ("區家麟", "区家麟")] {
        #expect(NameCollation.key(for: traditional) == NameCollation.key(for: simplified), "\(traditional)")
    }
}

@Test func simplifiedTableLeavesOtherTextAlone() {
    let text = "Zhang San 张三 😀"
    #expect(SimplifiedChinese.simplified(text) == text)
    #expect(SimplifiedChinese.simplified("劉德華 (Andy Lau)") == "刘德华 (Andy Lau)")
    // Characters that are simplified characters in their own right stay: 乾隆 is qian long.
    #expect(SimplifiedChinese.simplified("乾隆於著") == "乾隆於著")
    #expect(NameCollation.key(for: "乾隆").syllables == ["qian", "long"])
}
