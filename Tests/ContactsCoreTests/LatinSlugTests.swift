import Testing
@testable import ContactsCore

/// Names written as URL segments: pinyin for Han characters, words joined by hyphens.
@Suite struct LatinSlugTests {
    @Test(arguments: [
        ("家人", "jiaren"), ("通讯录", "tongxunlu"), ("Work", "work"), ("My Contacts", "my-contacts"),
        ("Q3计划", "q3-jihua"), ("同事 2024", "tongshi-2024"), ("  Família  ", "familia"), ("Ærø — Friends!", "aero-friends"),
        ("work & play", "work-play"), ("😀🎉", ""), ("", ""), ("Москва", "moskva"),
    ])
    func aNameBecomesLowercaseASCIIWords(name: String, slug: String) {
        #expect(LatinSlug.make(name) == slug)
    }

    @Test func aLongNameIsCutWithoutATrailingHyphen() {
        let slug = LatinSlug.make(String(repeating: "ab ", count: 40))
        #expect(slug.utf8.count <= 48 && !slug.hasSuffix("-") && slug.hasPrefix("ab-ab"))
        #expect(slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
    }
}
