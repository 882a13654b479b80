/// Between the one name a person types and vCard's structured N (RFC 6350 §6.2.2:
/// family; given; additional; prefixes; suffixes).
enum CardName {
    /// The name N spells: family name first and unspaced when it is Chinese ("张" "三" → "张三"),
    /// else prefix, given, additional, family and suffix separated by spaces.
    static func name(fromComponents components: [[String]]) -> String {
        func part(_ index: Int) -> String {
            index < components.count ? components[index].map(\.trimmed).filter { !$0.isEmpty }.joined(separator: " ") : ""
        }
        let (family, given) = (part(0), part(1))
        if (family + given).contains(where: LatinReading.isHan) { return family + given }
        return [part(3), given, part(2), family, part(4)].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// N's components for a typed name: a Chinese name splits after its surname (compound
    /// surnames included), a name of several words after its last word; one word is a given name.
    static func components(of name: String) -> [[String]] {
        let characters = Array(name)
        let (family, given): (String, String)
        if let first = characters.first, LatinReading.isHan(first) {
            let length = characters.count > 1 ? SurnameReadings.match(characters)?.length ?? 1 : 0
            (family, given) = (String(characters[..<length]), String(characters[length...]))
        } else {
            let words = name.split(separator: " ")
            (family, given) = words.count > 1 ? (String(words.last!), words.dropLast().joined(separator: " ")) : ("", name)
        }
        return [[family], [given], [""], [""], [""]]
    }
}
