/// The languages the interface speaks.
public enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case chinese = "zh-Hans"
}
