/// Why contact details were refused; a language's `Catalogue` words it for a person.
public enum ContactValidationError: Error, Sendable, Equatable, Codable {
    /// A field of the contact, as a validation message names it.
    public enum Field: Sendable, Equatable, CaseIterable, Codable {
        case name, phone, address, email, note
        /// The company, department or job title.
        case organization
        case url, instantMessage, date, relatedName
        /// The label of a phone, email or other entry.
        case label
        /// The groups a contact is in (its CATEGORIES).
        case groups
    }

    case emptyName
    /// An imported card with nothing to name the contact by.
    case cardWithoutName
    case phoneWithoutDigits(String)
    case ageOutOfRange
    case ageAndBirthday
    case invalidBirthday(String)
    case birthdayInFuture
    /// A birthday whose year is more than `ContactDetails.oldestAge` years ago.
    case birthdayTooEarly(earliestYear: Int)
    /// A labelled date (an anniversary…) that is not one; the text as given.
    case invalidDate(String)
    /// A lunar birthday without both a month 1–12 and a day 1–30; the text as given, when there was one.
    case invalidLunarBirthday(String?)
    case invalidEmail(String)
    case unsupportedImage
    case photoTooLarge
    case tooLong(field: Field, limit: Int)
    case tooMany(field: Field, limit: Int)
}
