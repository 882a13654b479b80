/// Why contact details were refused, with the message a person sees.
public enum ContactValidationError: Error, Sendable, Equatable {
    case emptyName
    /// An imported card with nothing to name the contact by.
    case cardWithoutName
    case missingPhone
    case phoneWithoutDigits(String)
    case ageOutOfRange
    case ageAndBirthday
    case invalidBirthday(String)
    case birthdayInFuture
    /// A lunar birthday without both a month 1–12 and a day 1–30; the text as given, when there was one.
    case invalidLunarBirthday(String?)
    case invalidEmail(String)
    case unsupportedImage
    case photoTooLarge
    case tooLong(field: String, limit: Int)
    case tooMany(field: String, limit: Int)

    /// The message in the given language (the English and Chinese forms of SCREENS.md).
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.emptyName, .english): "Enter a name"
        case (.emptyName, .chinese): "请输入姓名"
        case (.cardWithoutName, .english): "The card has no name (FN, N or ORG)"
        case (.cardWithoutName, .chinese): "名片没有姓名（FN、N 或 ORG）"
        case (.missingPhone, .english): "Enter a phone number"
        case (.missingPhone, .chinese): "请输入电话"
        case (.phoneWithoutDigits(let phone), .english): "Phone number \"\(phone)\" has no digits"
        case (.phoneWithoutDigits(let phone), .chinese): "电话号码“\(phone)”中没有数字"
        case (.ageOutOfRange, .english): "Age must be 0–150"
        case (.ageOutOfRange, .chinese): "年龄应在 0–150 之间"
        case (.ageAndBirthday, .english): "Give an age or a birthday, not both"
        case (.ageAndBirthday, .chinese): "年龄和生日只能填一个"
        case (.invalidBirthday(let text), .english): "Birthday \"\(text)\" is not a date like 1990-05-17"
        case (.invalidBirthday(let text), .chinese): "生日“\(text)”不是有效日期，例如 1990-05-17"
        case (.birthdayInFuture, .english): "Birthday is in the future"
        case (.birthdayInFuture, .chinese): "生日不能晚于今天"
        case (.invalidLunarBirthday(let text?), .english): "Lunar birthday \"\(text)\" is not a month and day like 8-15 (leap month: L4-15)"
        case (.invalidLunarBirthday(let text?), .chinese): "农历生日“\(text)”不是有效的月日，例如 8-15（闰月：L4-15）"
        case (.invalidLunarBirthday(nil), .english): "Choose both a month and a day for the lunar birthday"
        case (.invalidLunarBirthday(nil), .chinese): "农历生日请同时选择月和日"
        case (.invalidEmail(let email), .english): "\"\(email)\" is not a valid email address"
        case (.invalidEmail(let email), .chinese): "“\(email)”不是有效的邮箱地址"
        case (.unsupportedImage, .english): "Unsupported image"
        case (.unsupportedImage, .chinese): "图片格式不支持"
        case (.photoTooLarge, .english): "Photo is larger than 1 MiB"
        case (.photoTooLarge, .chinese): "图片不能超过 1 MB"
        case (.tooLong(let field, let limit), .english): "\(field) is longer than \(limit) characters"
        case (.tooLong(let field, let limit), .chinese): "\(field)不能超过 \(limit) 个字符"
        case (.tooMany(let field, let limit), .english): "At most \(limit) entries for \(field)"
        case (.tooMany(let field, let limit), .chinese): "\(field)最多 \(limit) 项"
        }
    }
}
