import Testing
@testable import ContactsCore

// Every surname of the reference list reads as its surname reading (现代汉语词典), in the simplified
// and the traditional form; those whose reading differs from the character's first reading are
// the ones SurnameReadings must hold. docs/surname-readings.md gives the choices between readings.

@Test func referenceListIsComplete() {
    #expect(singleSurnames.count >= 500)
    #expect(Set(singleSurnames.map(\.surname)).count == singleSurnames.count)
    #expect(compoundSurnames.count >= 60)
}

@Test(arguments: singleSurnames)
func singleSurnameReadsAsSurname(surname: Character, traditional: String, reading: String) {
    #expect(NameCollation.key(for: String(surname) + "明").syllables == [reading, "ming"])
    if !traditional.isEmpty {
        #expect(NameCollation.key(for: traditional + "明").syllables == [reading, "ming"], "\(traditional)")
    }
}

@Test(arguments: compoundSurnames)
func compoundSurnameReadsAsSurname(surname: String, traditional: String, syllables: [String]) {
    #expect(SurnameReadings.compound[surname] == syllables)
    #expect(NameCollation.key(for: surname + "明").syllables == syllables + ["ming"])
    if !traditional.isEmpty {
        #expect(NameCollation.key(for: traditional + "明").syllables == syllables + ["ming"], "\(traditional)")
        #expect(CardName.components(of: traditional + "明")[0] == [traditional])
    }
}

/// The check against the pinyin table: each surname whose reading is not the first reading ICU
/// gives the character must be in `SurnameReadings.single`, and each entry there must be a
/// surname of the list.
@Test func surnamesReadOtherwiseThanTheTableAreAllListed() {
    var differing: [String] = []
    for (surname, _, reading) in singleSurnames {
        let first = surname.unicodeScalars.first.flatMap(PinyinTable.reading(of:))
        if first != reading {
            differing.append("\(surname) \(reading) (table: \(first ?? "-"))")
            #expect(SurnameReadings.single[surname] == reading, "\(surname) reads \(reading), the table \(first ?? "-")")
        }
    }
    print("Surnames read otherwise than the pinyin table's first reading (\(differing.count)):", differing.joined(separator: ", "))
    let listed = Set(singleSurnames.map(\.surname))
    for surname in SurnameReadings.single.keys {
        #expect(listed.contains(surname) || surname == "査", "\(surname) is not in the reference list")
    }
}

@Test(arguments: ["適", "樸"])
func traditionalCharacterOfAnotherSurnameKeepsItsReading(character: String) {
    // 適 and 樸 simplify to 适 (Kuo) and 朴 (Piao) but are other surnames, read shi and pu.
    let everyday = NameCollation.key(for: "明" + character).syllables[1]
    #expect(NameCollation.key(for: character + "明").syllables == [everyday, "ming"])
}

/// The 百家姓 (Hundred Family Surnames), in its order, and common modern surnames it lacks: each
/// single surname with its reading, its traditional form where that differs ("" where not).
let singleSurnames: [(surname: Character, traditional: String, reading: String)] = [
    ("赵", "趙", "zhao"), ("钱", "錢", "qian"), ("孙", "孫", "sun"), ("李", "", "li"), ("周", "", "zhou"), ("吴", "吳", "wu"),
    ("郑", "鄭", "zheng"), ("王", "", "wang"), ("冯", "馮", "feng"), ("陈", "陳", "chen"), ("褚", "", "chu"), ("卫", "衛", "wei"),
    ("蒋", "蔣", "jiang"), ("沈", "", "shen"), ("韩", "韓", "han"), ("杨", "楊", "yang"), ("朱", "", "zhu"), ("秦", "", "qin"),
    ("尤", "", "you"), ("许", "許", "xu"), ("何", "", "he"), ("吕", "呂", "lv"), ("施", "", "shi"), ("张", "張", "zhang"),
    ("孔", "", "kong"), ("曹", "", "cao"), ("严", "嚴", "yan"), ("华", "華", "hua"), ("金", "", "jin"), ("魏", "", "wei"),
    ("陶", "", "tao"), ("姜", "", "jiang"), ("戚", "", "qi"), ("谢", "謝", "xie"), ("邹", "鄒", "zou"), ("喻", "", "yu"),
    ("柏", "", "bai"), ("水", "", "shui"), ("窦", "竇", "dou"), ("章", "", "zhang"), ("云", "雲", "yun"), ("苏", "蘇", "su"),
    ("潘", "", "pan"), ("葛", "", "ge"), ("奚", "", "xi"), ("范", "", "fan"), ("彭", "", "peng"), ("郎", "", "lang"),
    ("鲁", "魯", "lu"), ("韦", "韋", "wei"), ("昌", "", "chang"), ("马", "馬", "ma"), ("苗", "", "miao"), ("凤", "鳳", "feng"),
    ("花", "", "hua"), ("方", "", "fang"), ("俞", "", "yu"), ("任", "", "ren"), ("袁", "", "yuan"), ("柳", "", "liu"),
    ("酆", "", "feng"), ("鲍", "鮑", "bao"), ("史", "", "shi"), ("唐", "", "tang"), ("费", "費", "fei"), ("廉", "", "lian"),
    ("岑", "", "cen"), ("薛", "", "xue"), ("雷", "", "lei"), ("贺", "賀", "he"), ("倪", "", "ni"), ("汤", "湯", "tang"),
    ("滕", "", "teng"), ("殷", "", "yin"), ("罗", "羅", "luo"), ("毕", "畢", "bi"), ("郝", "", "hao"), ("邬", "鄔", "wu"),
    ("安", "", "an"), ("常", "", "chang"), ("乐", "樂", "yue"), ("于", "", "yu"), ("时", "時", "shi"), ("傅", "", "fu"),
    ("皮", "", "pi"), ("卞", "", "bian"), ("齐", "齊", "qi"), ("康", "", "kang"), ("伍", "", "wu"), ("余", "", "yu"),
    ("元", "", "yuan"), ("卜", "", "bu"), ("顾", "顧", "gu"), ("孟", "", "meng"), ("平", "", "ping"), ("黄", "黃", "huang"),
    ("和", "", "he"), ("穆", "", "mu"), ("萧", "蕭", "xiao"), ("尹", "", "yin"), ("姚", "", "yao"), ("邵", "", "shao"),
    ("湛", "", "zhan"), ("汪", "", "wang"), ("祁", "", "qi"), ("毛", "", "mao"), ("禹", "", "yu"), ("狄", "", "di"),
    ("米", "", "mi"), ("贝", "貝", "bei"), ("明", "", "ming"), ("臧", "", "zang"), ("计", "計", "ji"), ("伏", "", "fu"),
    ("成", "", "cheng"), ("戴", "", "dai"), ("谈", "談", "tan"), ("宋", "", "song"), ("茅", "", "mao"), ("庞", "龐", "pang"),
    ("熊", "", "xiong"), ("纪", "紀", "ji"), ("舒", "", "shu"), ("屈", "", "qu"), ("项", "項", "xiang"), ("祝", "", "zhu"),
    ("董", "", "dong"), ("梁", "", "liang"), ("杜", "", "du"), ("阮", "", "ruan"), ("蓝", "藍", "lan"), ("闵", "閔", "min"),
    ("席", "", "xi"), ("季", "", "ji"), ("麻", "", "ma"), ("强", "強", "qiang"), ("贾", "賈", "jia"), ("路", "", "lu"),
    ("娄", "婁", "lou"), ("危", "", "wei"), ("江", "", "jiang"), ("童", "", "tong"), ("颜", "顏", "yan"), ("郭", "", "guo"),
    ("梅", "", "mei"), ("盛", "", "sheng"), ("林", "", "lin"), ("刁", "", "diao"), ("钟", "鍾", "zhong"), ("徐", "", "xu"),
    ("邱", "", "qiu"), ("骆", "駱", "luo"), ("高", "", "gao"), ("夏", "", "xia"), ("蔡", "", "cai"), ("田", "", "tian"),
    ("樊", "", "fan"), ("胡", "", "hu"), ("凌", "", "ling"), ("霍", "", "huo"), ("虞", "", "yu"), ("万", "萬", "wan"),
    ("支", "", "zhi"), ("柯", "", "ke"), ("昝", "", "zan"), ("管", "", "guan"), ("卢", "盧", "lu"), ("莫", "", "mo"),
    ("经", "經", "jing"), ("房", "", "fang"), ("裘", "", "qiu"), ("缪", "繆", "miao"), ("干", "", "gan"), ("解", "", "xie"),
    ("应", "應", "ying"), ("宗", "", "zong"), ("丁", "", "ding"), ("宣", "", "xuan"), ("贲", "賁", "ben"), ("邓", "鄧", "deng"),
    ("郁", "", "yu"), ("单", "單", "shan"), ("杭", "", "hang"), ("洪", "", "hong"), ("包", "", "bao"), ("诸", "諸", "zhu"),
    ("左", "", "zuo"), ("石", "", "shi"), ("崔", "", "cui"), ("吉", "", "ji"), ("钮", "鈕", "niu"), ("龚", "龔", "gong"),
    ("程", "", "cheng"), ("嵇", "", "ji"), ("邢", "", "xing"), ("滑", "", "hua"), ("裴", "", "pei"), ("陆", "陸", "lu"),
    ("荣", "榮", "rong"), ("翁", "", "weng"), ("荀", "", "xun"), ("羊", "", "yang"), ("於", "", "yu"), ("惠", "", "hui"),
    ("甄", "", "zhen"), ("曲", "", "qu"), ("家", "", "jia"), ("封", "", "feng"), ("芮", "", "rui"), ("羿", "", "yi"),
    ("储", "儲", "chu"), ("靳", "", "jin"), ("汲", "", "ji"), ("邴", "", "bing"), ("糜", "", "mi"), ("松", "", "song"),
    ("井", "", "jing"), ("段", "", "duan"), ("富", "", "fu"), ("巫", "", "wu"), ("乌", "烏", "wu"), ("焦", "", "jiao"),
    ("巴", "", "ba"), ("弓", "", "gong"), ("牧", "", "mu"), ("隗", "", "wei"), ("山", "", "shan"), ("谷", "", "gu"),
    ("车", "車", "che"), ("侯", "", "hou"), ("宓", "", "mi"), ("蓬", "", "peng"), ("全", "", "quan"), ("郗", "", "xi"),
    ("班", "", "ban"), ("仰", "", "yang"), ("秋", "", "qiu"), ("仲", "", "zhong"), ("伊", "", "yi"), ("宫", "宮", "gong"),
    ("宁", "寧", "ning"), ("仇", "", "qiu"), ("栾", "欒", "luan"), ("暴", "", "bao"), ("甘", "", "gan"), ("钭", "鈄", "tou"),
    ("厉", "厲", "li"), ("戎", "", "rong"), ("祖", "", "zu"), ("武", "", "wu"), ("符", "", "fu"), ("刘", "劉", "liu"),
    ("景", "", "jing"), ("詹", "", "zhan"), ("束", "", "shu"), ("龙", "龍", "long"), ("叶", "葉", "ye"), ("幸", "", "xing"),
    ("司", "", "si"), ("韶", "", "shao"), ("郜", "", "gao"), ("黎", "", "li"), ("蓟", "薊", "ji"), ("薄", "", "bo"),
    ("印", "", "yin"), ("宿", "", "su"), ("白", "", "bai"), ("怀", "懷", "huai"), ("蒲", "", "pu"), ("邰", "", "tai"),
    ("从", "從", "cong"), ("鄂", "", "e"), ("索", "", "suo"), ("咸", "", "xian"), ("籍", "", "ji"), ("赖", "賴", "lai"),
    ("卓", "", "zhuo"), ("蔺", "藺", "lin"), ("屠", "", "tu"), ("蒙", "", "meng"), ("池", "", "chi"), ("乔", "喬", "qiao"),
    ("阴", "陰", "yin"), ("胥", "", "xu"), ("能", "", "nai"), ("苍", "蒼", "cang"), ("双", "雙", "shuang"), ("闻", "聞", "wen"),
    ("莘", "", "shen"), ("党", "", "dang"), ("翟", "", "zhai"), ("谭", "譚", "tan"), ("贡", "貢", "gong"), ("劳", "勞", "lao"),
    ("逄", "", "pang"), ("姬", "", "ji"), ("申", "", "shen"), ("扶", "", "fu"), ("堵", "", "du"), ("冉", "", "ran"),
    ("宰", "", "zai"), ("郦", "酈", "li"), ("雍", "", "yong"), ("郤", "", "xi"), ("璩", "", "qu"), ("桑", "", "sang"),
    ("桂", "", "gui"), ("濮", "", "pu"), ("牛", "", "niu"), ("寿", "壽", "shou"), ("通", "", "tong"), ("边", "邊", "bian"),
    ("扈", "", "hu"), ("燕", "", "yan"), ("冀", "", "ji"), ("郏", "郟", "jia"), ("浦", "", "pu"), ("尚", "", "shang"),
    ("农", "農", "nong"), ("温", "溫", "wen"), ("别", "別", "bie"), ("庄", "莊", "zhuang"), ("晏", "", "yan"), ("柴", "", "chai"),
    ("瞿", "", "qu"), ("阎", "閻", "yan"), ("充", "", "chong"), ("慕", "", "mu"), ("连", "連", "lian"), ("茹", "", "ru"),
    ("习", "習", "xi"), ("宦", "", "huan"), ("艾", "", "ai"), ("鱼", "魚", "yu"), ("容", "", "rong"), ("向", "", "xiang"),
    ("古", "", "gu"), ("易", "", "yi"), ("慎", "", "shen"), ("戈", "", "ge"), ("廖", "", "liao"), ("庾", "", "yu"),
    ("终", "終", "zhong"), ("暨", "", "ji"), ("居", "", "ju"), ("衡", "", "heng"), ("步", "", "bu"), ("都", "", "du"),
    ("耿", "", "geng"), ("满", "滿", "man"), ("弘", "", "hong"), ("匡", "", "kuang"), ("国", "國", "guo"), ("文", "", "wen"),
    ("寇", "", "kou"), ("广", "廣", "guang"), ("禄", "祿", "lu"), ("阙", "闕", "que"), ("东", "東", "dong"), ("欧", "歐", "ou"),
    ("殳", "", "shu"), ("沃", "", "wo"), ("利", "", "li"), ("蔚", "", "yu"), ("越", "", "yue"), ("夔", "", "kui"),
    ("隆", "", "long"), ("师", "師", "shi"), ("巩", "鞏", "gong"), ("厍", "厙", "she"), ("聂", "聶", "nie"), ("晁", "", "chao"),
    ("勾", "", "gou"), ("敖", "", "ao"), ("融", "", "rong"), ("冷", "", "leng"), ("訾", "", "zi"), ("辛", "", "xin"),
    ("阚", "闞", "kan"), ("那", "", "na"), ("简", "簡", "jian"), ("饶", "饒", "rao"), ("空", "", "kong"), ("曾", "", "zeng"),
    ("毋", "", "wu"), ("沙", "", "sha"), ("乜", "", "nie"), ("养", "養", "yang"), ("鞠", "", "ju"), ("须", "須", "xu"),
    ("丰", "豐", "feng"), ("巢", "", "chao"), ("关", "關", "guan"), ("蒯", "", "kuai"), ("相", "", "xiang"), ("查", "", "zha"),
    ("后", "", "hou"), ("荆", "荊", "jing"), ("红", "紅", "hong"), ("游", "", "you"), ("竺", "", "zhu"), ("权", "權", "quan"),
    ("逯", "", "lu"), ("盖", "蓋", "ge"), ("益", "", "yi"), ("桓", "", "huan"), ("公", "", "gong"), ("晋", "晉", "jin"),
    ("楚", "", "chu"), ("闫", "閆", "yan"), ("法", "", "fa"), ("汝", "", "ru"), ("鄢", "", "yan"), ("涂", "", "tu"),
    ("钦", "欽", "qin"), ("岳", "", "yue"), ("帅", "帥", "shuai"), ("缑", "緱", "gou"), ("亢", "", "kang"), ("况", "況", "kuang"),
    ("郈", "", "hou"), ("有", "", "you"), ("琴", "", "qin"), ("商", "", "shang"), ("牟", "", "mou"), ("佘", "", "she"),
    ("佴", "", "nai"), ("墨", "", "mo"), ("哈", "", "ha"), ("谯", "譙", "qiao"), ("笪", "", "da"), ("年", "", "nian"),
    ("爱", "愛", "ai"), ("阳", "陽", "yang"), ("佟", "", "tong"), ("言", "", "yan"), ("福", "", "fu"), ("肖", "", "xiao"),
    ("付", "", "fu"), ("代", "", "dai"), ("练", "練", "lian"), ("揭", "", "jie"), ("粟", "", "su"), ("麦", "麥", "mai"),
    ("邝", "鄺", "kuang"), ("苟", "", "gou"), ("敬", "", "jing"), ("兰", "蘭", "lan"), ("冼", "", "xian"), ("植", "", "zhi"),
    ("卿", "", "qing"), ("旷", "曠", "kuang"), ("母", "", "mu"), ("官", "", "guan"), ("鹿", "", "lu"), ("邸", "", "di"),
    ("矫", "矯", "jiao"), ("隋", "", "sui"), ("战", "戰", "zhan"), ("智", "", "zhi"), ("修", "", "xiu"), ("仝", "", "tong"),
    ("展", "", "zhan"), ("原", "", "yuan"), ("银", "銀", "yin"), ("门", "門", "men"), ("来", "來", "lai"), ("么", "", "yao"),
    ("降", "", "jiang"), ("栗", "", "li"), ("占", "", "zhan"), ("信", "", "xin"), ("庹", "", "tuo"), ("奉", "", "feng"),
    ("宾", "賓", "bin"), ("檀", "", "tan"), ("迟", "遲", "chi"), ("初", "", "chu"), ("苑", "", "yuan"), ("台", "", "tai"),
    ("但", "", "dan"), ("员", "員", "yun"), ("漆", "", "qi"), ("衣", "", "yi"), ("菅", "", "jian"), ("铁", "鐵", "tie"),
    ("户", "戶", "hu"), ("雒", "", "luo"), ("兀", "", "wu"), ("库", "庫", "ku"), ("买", "買", "mai"), ("郇", "", "huan"),
    ("眭", "", "sui"), ("谌", "諶", "chen"), ("甯", "", "ning"), ("沓", "", "ta"), ("重", "", "chong"), ("角", "", "jue"),
    ("行", "", "xing"), ("朝", "", "chao"), ("番", "", "pan"), ("洗", "", "xian"), ("隽", "雋", "juan"), ("蕃", "", "pi"),
    ("繁", "", "po"), ("秘", "", "bi"), ("种", "種", "chong"), ("朴", "", "piao"), ("区", "區", "ou"), ("尉", "", "wei"),
    ("长", "長", "chang"), ("藏", "", "zang"), ("禤", "", "xuan"), ("凡", "", "fan"), ("黑", "", "he"), ("撒", "", "sa"),
    ("阿", "", "a"), ("大", "", "da"), ("传", "傳", "chuan"), ("适", "", "kuo"), ("折", "", "she"), ("便", "", "pian"),
    ("句", "", "gou"), ("召", "", "shao"), ("祭", "", "zhai"), ("粘", "", "nian"), ("覃", "", "qin"), ("伞", "傘", "san"),
    ("颉", "頡", "xie"), ("恽", "惲", "yun"), ("炅", "", "gui"), ("虢", "", "guo"), ("畅", "暢", "chang"), ("弥", "彌", "mi"),
    ("禚", "", "zhuo"), ("过", "過", "guo"), ("塔", "", "ta"), ("操", "", "cao"), ("英", "", "ying"), ("革", "", "ge"),
    ("鄞", "", "yin"), ("芦", "蘆", "lu"), ("闪", "閃", "shan"), ("保", "", "bao"), ("兆", "", "zhao"), ("丛", "叢", "cong"),
    ("刀", "", "dao"), ("才", "", "cai"), ("寻", "尋", "xun"), ("招", "", "zhao"), ("蹇", "", "jian"), ("续", "續", "xu"),
    ("郄", "", "qie"), ("佀", "", "si"), ("遆", "", "ti"), ("弋", "", "yi"), ("尕", "", "ga"), ("冶", "", "ye"),
    ("达", "達", "da"), ("骞", "騫", "qian"), ("剧", "劇", "ju"), ("靖", "", "jing"), ("丘", "", "qiu"), ("揣", "", "chuai"),
    ("茆", "", "mao"), ("斯", "", "si"), ("闭", "閉", "bi"), ("吾", "", "wu"), ("普", "", "pu"), ("随", "隨", "sui"),
    ("补", "補", "bu"), ("合", "", "he"),
]

/// The compound surnames of the 百家姓, then later ones (Xianbei, Manchu), with their syllables.
let compoundSurnames: [(surname: String, traditional: String, syllables: [String])] = [
    ("万俟", "萬俟", ["mo", "qi"]), ("司马", "司馬", ["si", "ma"]), ("上官", "", ["shang", "guan"]), ("欧阳", "歐陽", ["ou", "yang"]),
    ("夏侯", "", ["xia", "hou"]), ("诸葛", "諸葛", ["zhu", "ge"]), ("闻人", "聞人", ["wen", "ren"]), ("东方", "東方", ["dong", "fang"]),
    ("赫连", "赫連", ["he", "lian"]), ("皇甫", "", ["huang", "fu"]), ("尉迟", "尉遲", ["yu", "chi"]), ("公羊", "", ["gong", "yang"]),
    ("澹台", "", ["tan", "tai"]), ("公冶", "", ["gong", "ye"]), ("宗政", "", ["zong", "zheng"]), ("濮阳", "濮陽", ["pu", "yang"]),
    ("淳于", "", ["chun", "yu"]), ("单于", "單于", ["chan", "yu"]), ("太叔", "", ["tai", "shu"]), ("申屠", "", ["shen", "tu"]),
    ("公孙", "公孫", ["gong", "sun"]), ("仲孙", "仲孫", ["zhong", "sun"]), ("轩辕", "軒轅", ["xuan", "yuan"]), ("令狐", "", ["ling", "hu"]),
    ("钟离", "鍾離", ["zhong", "li"]), ("宇文", "", ["yu", "wen"]), ("长孙", "長孫", ["zhang", "sun"]), ("慕容", "", ["mu", "rong"]),
    ("鲜于", "鮮于", ["xian", "yu"]), ("闾丘", "閭丘", ["lv", "qiu"]), ("司徒", "", ["si", "tu"]), ("司空", "", ["si", "kong"]),
    ("亓官", "", ["qi", "guan"]), ("司寇", "", ["si", "kou"]), ("仉督", "", ["zhang", "du"]), ("子车", "子車", ["zi", "ju"]),
    ("颛孙", "顓孫", ["zhuan", "sun"]), ("端木", "", ["duan", "mu"]), ("巫马", "巫馬", ["wu", "ma"]), ("公西", "", ["gong", "xi"]),
    ("漆雕", "", ["qi", "diao"]), ("乐正", "樂正", ["yue", "zheng"]), ("壤驷", "壤駟", ["rang", "si"]), ("公良", "", ["gong", "liang"]),
    ("拓跋", "", ["tuo", "ba"]), ("夹谷", "夾谷", ["jia", "gu"]), ("宰父", "", ["zai", "fu"]), ("谷梁", "", ["gu", "liang"]),
    ("段干", "", ["duan", "gan"]), ("百里", "", ["bai", "li"]), ("东郭", "東郭", ["dong", "guo"]), ("南门", "南門", ["nan", "men"]),
    ("呼延", "", ["hu", "yan"]), ("归海", "歸海", ["gui", "hai"]), ("羊舌", "", ["yang", "she"]), ("微生", "", ["wei", "sheng"]),
    ("梁丘", "", ["liang", "qiu"]), ("左丘", "", ["zuo", "qiu"]), ("东门", "東門", ["dong", "men"]), ("西门", "西門", ["xi", "men"]),
    ("伯赏", "伯賞", ["bo", "shang"]), ("南宫", "南宮", ["nan", "gong"]), ("第五", "", ["di", "wu"]), ("爱新觉罗", "愛新覺羅", ["ai", "xin", "jue", "luo"]),
    ("达奚", "達奚", ["da", "xi"]), ("东里", "東里", ["dong", "li"]), ("独孤", "獨孤", ["du", "gu"]), ("尔朱", "爾朱", ["er", "zhu"]),
    ("哥舒", "", ["ge", "shu"]), ("公输", "公輸", ["gong", "shu"]), ("毌丘", "", ["guan", "qiu"]), ("贺兰", "賀蘭", ["he", "lan"]),
    ("斛律", "", ["hu", "lv"]), ("纳兰", "納蘭", ["na", "lan"]), ("仆固", "僕固", ["pu", "gu"]), ("乞伏", "", ["qi", "fu"]),
    ("太史", "", ["tai", "shi"]), ("完颜", "完顏", ["wan", "yan"]), ("叶赫那拉", "葉赫那拉", ["ye", "he", "na", "la"]),
]
