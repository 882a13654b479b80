/// Surnames whose reading differs from the characters' everyday reading (单 is "dan" in a word but
/// "Shan" as a surname). Compound surnames are tried before single ones.
enum SurnameReadings {
    /// Compound (two- and four-character) surnames and their syllables.
    static let compound: [String: [String]] = [
        "万俟": ["mo", "qi"], "尉迟": ["yu", "chi"], "长孙": ["zhang", "sun"], "澹台": ["tan", "tai"],
        "令狐": ["ling", "hu"], "单于": ["chan", "yu"], "乐正": ["yue", "zheng"], "子车": ["zi", "ju"],
        "仆固": ["pu", "gu"], "欧阳": ["ou", "yang"], "司马": ["si", "ma"], "上官": ["shang", "guan"],
        "诸葛": ["zhu", "ge"], "东方": ["dong", "fang"], "皇甫": ["huang", "fu"], "公孙": ["gong", "sun"],
        "慕容": ["mu", "rong"], "宇文": ["yu", "wen"], "司徒": ["si", "tu"], "夏侯": ["xia", "hou"],
        "轩辕": ["xuan", "yuan"], "钟离": ["zhong", "li"], "闻人": ["wen", "ren"], "太史": ["tai", "shi"],
        "申屠": ["shen", "tu"], "赫连": ["he", "lian"], "南宫": ["nan", "gong"], "呼延": ["hu", "yan"],
        "端木": ["duan", "mu"], "拓跋": ["tuo", "ba"], "百里": ["bai", "li"], "东郭": ["dong", "guo"],
        "西门": ["xi", "men"], "公冶": ["gong", "ye"], "宗政": ["zong", "zheng"], "濮阳": ["pu", "yang"],
        "淳于": ["chun", "yu"], "仲孙": ["zhong", "sun"], "羊舌": ["yang", "she"], "微生": ["wei", "sheng"],
        "梁丘": ["liang", "qiu"], "左丘": ["zuo", "qiu"], "东门": ["dong", "men"], "第五": ["di", "wu"],
        "亓官": ["qi", "guan"], "司寇": ["si", "kou"], "颛孙": ["zhuan", "sun"], "壤驷": ["rang", "si"],
        "公良": ["gong", "liang"], "漆雕": ["qi", "diao"], "宰父": ["zai", "fu"], "谷梁": ["gu", "liang"],
        "夹谷": ["jia", "gu"], "公西": ["gong", "xi"], "巫马": ["wu", "ma"], "段干": ["duan", "gan"],
        "司空": ["si", "kong"], "鲜于": ["xian", "yu"], "闾丘": ["lv", "qiu"], "公羊": ["gong", "yang"],
        "独孤": ["du", "gu"], "贺兰": ["he", "lan"], "完颜": ["wan", "yan"], "毌丘": ["guan", "qiu"],
        "东里": ["dong", "li"], "爱新觉罗": ["ai", "xin", "jue", "luo"],
        "叶赫那拉": ["ye", "he", "na", "la"],
    ]

    /// Single-character surnames read differently from the character's default reading.
    static let single: [Character: String] = [
        "单": "shan", "曾": "zeng", "解": "xie", "仇": "qiu", "区": "ou", "朴": "piao", "查": "zha",
        "査": "zha", "盖": "ge", "覃": "qin", "乐": "yue", "缪": "miao", "翟": "zhai", "秘": "bi",
        "召": "shao", "种": "chong", "句": "gou", "员": "yun", "黑": "he", "繁": "po", "折": "she",
        "便": "pian", "尉": "wei", "长": "chang", "藏": "zang", "隗": "wei", "蕃": "pi", "能": "nai",
        "粘": "nian", "郇": "huan", "眭": "sui", "谌": "shen", "祭": "zhai", "逄": "pang", "那": "na",
        "甯": "ning", "沓": "ta", "於": "yu", "都": "du", "贲": "ben", "厍": "she", "莘": "shen",
        "重": "chong", "曲": "qu", "车": "che", "和": "he", "角": "jue", "宿": "su", "薄": "bo",
        "柏": "bai", "万": "wan", "卜": "bu", "相": "xiang", "行": "xing", "朝": "chao", "牟": "mou",
        "番": "pan", "洗": "xian", "隽": "juan", "乜": "nie", "宓": "mi", "佴": "nai", "阿": "a",
        "沈": "shen", "陆": "lu", "大": "da", "殷": "yin", "盛": "sheng", "传": "chuan", "冼": "xian",
        "阚": "kan", "瞿": "qu", "适": "kuo",
    ]

    /// The syllables of the surname `name` starts with, and how many characters it spans.
    static func match(_ name: [Character]) -> (syllables: [String], length: Int)? {
        for length in [4, 2] where name.count >= length {
            if let syllables = compound[String(name[0..<length])] { return (syllables, length) }
        }
        if let first = name.first, let syllable = single[first] { return ([syllable], 1) }
        return nil
    }
}
