import ContactsCore

/// The languages the interface speaks. Adding one is a case here and its `Catalogue` file.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case chinese = "zh-Hans"

    /// Every piece of text a person reads, in this language.
    public var catalogue: any Catalogue {
        switch self {
        case .english: EnglishCatalogue.shared
        case .chinese: ChineseCatalogue.shared
        }
    }

    /// Where phone numbers written without a country code are taken to be from, unless a
    /// person says otherwise: China for Chinese, the United States for English.
    public var phoneRegion: PhoneRegion {
        PhoneRegion(code: self == .chinese ? "CN" : "US")!
    }

    /// The language a BCP 47 tag (`zh-CN`, `en-GB`) or POSIX locale (`zh_CN.UTF-8`) asks for, by its
    /// primary subtag, any case; nil when the interface does not speak it.
    public init?(matching tag: some StringProtocol) {
        func primary(_ tag: some StringProtocol) -> Substring {
            Substring(tag).prefix { $0 != "-" && $0 != "_" && $0 != "." && $0 != "@" }
        }
        let asked = primary(tag).lowercased()
        guard let language = Self.allCases.first(where: { primary($0.rawValue).lowercased() == asked }) else { return nil }
        self = language
    }
}
