/// A name written as a URL segment of lowercase ASCII letters, digits and hyphens: each word
/// read as `LatinReading` reads it (Han characters as toneless pinyin, accented letters folded,
/// other scripts transliterated), words joined by `-`. A run of Han characters is one word
/// (`家人` → `jiaren`), and a change between Han and other letters starts a new one
/// (`Q3计划` → `q3-jihua`); spaces, punctuation, symbols and emoji only separate words.
public enum LatinSlug {
    /// The slug of `text`, at most `maximumLength` bytes and never ending in `-`; empty when
    /// nothing in it reads as a letter or digit.
    public static func make(_ text: String, maximumLength: Int = 48) -> String {
        var words: [String] = []
        var word = ""
        var wordIsHan = false
        for character in text {
            let reading = LatinReading.reading(of: character)
            let isHan = LatinReading.isHan(character)
            if reading.isEmpty || isHan != wordIsHan {
                if !word.isEmpty { words.append(word) }
                word = ""
            }
            word += reading
            wordIsHan = isHan
        }
        if !word.isEmpty { words.append(word) }
        var slug = String(words.joined(separator: "-").prefix(maximumLength))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug
    }
}
