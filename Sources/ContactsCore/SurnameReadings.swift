/// How surnames are read: 单 is "dan" in a word but "Shan" as a surname, 万俟 is "Moqi". Compound
/// surnames are tried before single ones. Traditional forms are looked up by their simplified form
/// (單 as 单, 萬俟 as 万俟), so the tables hold simplified characters only.
///
/// Readings are the surname readings of 现代汉语词典; where a surname has two attested readings the
/// common modern one is chosen. docs/surname-readings.md lists each entry, its alternative and why.
enum SurnameReadings {
    /// Compound surnames (all those of the 百家姓 and a few later ones) and their syllables,
    /// in the order of their pinyin. They are listed even when each character reads as usual, so
    /// that a name splits after the whole surname (欧阳 | 娜娜).
    static let compound: [String: [String]] = [
        "爱新觉罗": ["ai", "xin", "jue", "luo"], "百里": ["bai", "li"], "伯赏": ["bo", "shang"],
        "单于": ["chan", "yu"], "淳于": ["chun", "yu"], "达奚": ["da", "xi"], "第五": ["di", "wu"],
        "东方": ["dong", "fang"], "东郭": ["dong", "guo"], "东里": ["dong", "li"], "东门": ["dong", "men"],
        "独孤": ["du", "gu"], "端木": ["duan", "mu"], "段干": ["duan", "gan"], "尔朱": ["er", "zhu"],
        "哥舒": ["ge", "shu"], "公良": ["gong", "liang"], "公羊": ["gong", "yang"], "公冶": ["gong", "ye"],
        "公孙": ["gong", "sun"], "公西": ["gong", "xi"], "公输": ["gong", "shu"], "谷梁": ["gu", "liang"],
        "毌丘": ["guan", "qiu"], "归海": ["gui", "hai"], "贺兰": ["he", "lan"], "赫连": ["he", "lian"],
        "呼延": ["hu", "yan"], "斛律": ["hu", "lv"], "皇甫": ["huang", "fu"], "夹谷": ["jia", "gu"],
        "梁丘": ["liang", "qiu"], "令狐": ["ling", "hu"], "闾丘": ["lv", "qiu"], "万俟": ["mo", "qi"],
        "慕容": ["mu", "rong"], "纳兰": ["na", "lan"], "南宫": ["nan", "gong"], "南门": ["nan", "men"],
        "欧阳": ["ou", "yang"], "濮阳": ["pu", "yang"], "仆固": ["pu", "gu"], "漆雕": ["qi", "diao"],
        "亓官": ["qi", "guan"], "乞伏": ["qi", "fu"], "壤驷": ["rang", "si"], "上官": ["shang", "guan"],
        "申屠": ["shen", "tu"], "司空": ["si", "kong"], "司寇": ["si", "kou"], "司马": ["si", "ma"],
        "司徒": ["si", "tu"], "太史": ["tai", "shi"], "太叔": ["tai", "shu"], "澹台": ["tan", "tai"],
        "拓跋": ["tuo", "ba"], "完颜": ["wan", "yan"], "微生": ["wei", "sheng"], "闻人": ["wen", "ren"],
        "巫马": ["wu", "ma"], "西门": ["xi", "men"], "夏侯": ["xia", "hou"], "鲜于": ["xian", "yu"],
        "轩辕": ["xuan", "yuan"], "羊舌": ["yang", "she"], "叶赫那拉": ["ye", "he", "na", "la"],
        "尉迟": ["yu", "chi"], "宇文": ["yu", "wen"], "乐正": ["yue", "zheng"], "宰父": ["zai", "fu"],
        "长孙": ["zhang", "sun"], "仉督": ["zhang", "du"], "钟离": ["zhong", "li"], "仲孙": ["zhong", "sun"],
        "诸葛": ["zhu", "ge"], "颛孙": ["zhuan", "sun"], "子车": ["zi", "ju"], "宗政": ["zong", "zheng"],
        "左丘": ["zuo", "qiu"],
    ]

    /// Single-character surnames, in the order of their reading.
    static let single: [Character: String] = [
        // Read otherwise than the character's first reading (in brackets).
        "秘": "bi" /* mi */, "薄": "bo" /* bao */, "卜": "bu" /* bo */, "长": "chang" /* zhang */,
        "重": "chong" /* zhong */, "种": "chong" /* zhong */, "都": "du" /* dou */, "盖": "ge" /* gai */,
        "句": "gou" /* ju */, "炅": "gui" /* jiong */, "黑": "he" /* hei */, "角": "jue" /* jiao */,
        "适": "kuo" /* shi */, "缪": "miao" /* mou */, "能": "nai" /* neng */, "粘": "nian" /* zhan */,
        "乜": "nie" /* mie */, "区": "ou" /* qu */, "番": "pan" /* fan */, "蕃": "pi" /* bo */,
        "便": "pian" /* bian */, "朴": "piao" /* pu */, "繁": "po" /* fan */, "覃": "qin" /* tan */,
        "仇": "qiu" /* chou */, "单": "shan" /* dan */, "召": "shao" /* zhao */, "折": "she" /* zhe */,
        "沓": "ta" /* da */, "钭": "tou" /* dou */, "洗": "xian" /* xi */, "解": "xie" /* jie */,
        "颉": "xie" /* jie */, "么": "yao" /* me */, "蔚": "yu" /* wei */, "乐": "yue" /* le */,
        "员": "yun" /* yuan */, "藏": "zang" /* cang */, "曾": "zeng" /* ceng */, "查": "zha" /* cha */,
        "査": "zha" /* cha */, "翟": "zhai" /* di */, "祭": "zhai" /* ji */,
        // The first reading already, pinned because the character has another one.
        "阿": "a", "柏": "bai", "贲": "ben", "朝": "chao", "车": "che", "传": "chuan", "大": "da",
        "和": "he", "郇": "huan", "隽": "juan", "阚": "kan", "陆": "lu", "宓": "mi", "牟": "mou",
        "那": "na", "佴": "nai", "甯": "ning", "逄": "pang", "瞿": "qu", "曲": "qu", "厍": "she",
        "沈": "shen", "莘": "shen", "盛": "sheng", "宿": "su", "眭": "sui", "万": "wan", "隗": "wei",
        "尉": "wei", "冼": "xian", "相": "xiang", "行": "xing", "殷": "yin", "於": "yu",
    ]

    /// Traditional characters whose simplified form is a surname read otherwise, but which are
    /// not that surname: 適 (shi) simplifies to 适, the surname Kuo; 樸 (pu) to 朴, the surname
    /// Piao (written 朴 in both scripts). They keep their everyday reading.
    static let otherThanTheirSimplifiedSurname: Set<Character> = ["適", "樸"]

    /// The syllables of the surname `name` starts with, and how many characters it spans;
    /// traditional characters match as their simplified forms.
    static func match(_ name: [Character]) -> (syllables: [String], length: Int)? {
        guard let first = name.first else { return nil }
        let head = name.prefix(4).map(SimplifiedChinese.simplified)
        for length in [4, 2] where head.count >= length {
            if let syllables = compound[String(head[0..<length])] { return (syllables, length) }
        }
        if !otherThanTheirSimplifiedSurname.contains(first), let syllable = single[head[0]] { return ([syllable], 1) }
        return nil
    }
}
