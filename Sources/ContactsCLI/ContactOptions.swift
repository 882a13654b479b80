import ContactsCore
import ContactsStore
import Foundation
import Wording

/// The options of `add` and `edit` that describe a contact, and how they change its details.
enum ContactOptions {
    static let specs: [OptionSpec] = [
        .value("--name"), .value("--phone", repeatable: true), .value("--sex"), .value("--age"),
        .value("--birthday"), .value("--address"), .value("--email", repeatable: true), .value("--note"),
        .value("--photo"), .value("--lunar-birthday"),
    ]

    static let usage = "[--phone [LABEL:]NUMBER ...] [--sex male|female|other|unset] [--age A | --birthday YYYY-MM-DD] "
        + "[--address A] [--email E ...] [--note T] [--photo FILE] [--lunar-birthday [YYYY-][L]M-D]"

    /// How `--lunar-birthday` is written, for the help of `add` and `edit`.
    static let notes = """
        --lunar-birthday takes a day of the Chinese lunar calendar (农历) as MONTH-DAY, month 1-12 and
        day 1-30: 8-15 is 农历八月十五. A leap month (闰月) takes L (or 闰) before the month: L4-15 is
        闰四月十五, the 15th of the leap month that follows the 4th. A lunar year may come first:
        2020-L4-15. The card stores it as Apple's X-ALTBDAY;CALSCALE=chinese.
        """

    /// Applies the options given to `details`, leaving the others as they are.
    /// - Throws: `UsageError` for malformed option values, `ContactValidationError` for bad data,
    ///   `CommandFailure` for an unreadable photo file.
    static func apply(_ arguments: Arguments, to details: inout ContactDetails) throws {
        if arguments.has("--age") && arguments.has("--birthday") {
            throw UsageError { $0.notBoth("--age", "--birthday") }
        }
        if let name = arguments.value("--name") { details.name = name }
        if arguments.has("--phone") { details.phones = try arguments.all("--phone").map(phone) }
        if let sex = arguments.value("--sex") {
            guard let value = Sex(rawValue: sex) else {
                throw UsageError { $0.mustBeOneOf("--sex", ["male", "female", "other", "unset"], given: nil) }
            }
            details.sex = value
        }
        if let age = arguments.value("--age") {
            guard let value = Int(age.trimmed) else { throw ContactValidationError.ageOutOfRange }
            details.age = value
            details.birthday = nil
        }
        if let birthday = arguments.value("--birthday") {
            guard let date = CalendarDate(birthday) else { throw ContactValidationError.invalidBirthday(birthday) }
            details.birthday = date
            details.age = nil
        }
        if let text = arguments.value("--lunar-birthday") {
            guard let date = LunarDate(text) else { throw ContactValidationError.invalidLunarBirthday(text) }
            details.lunarBirthday = date
        }
        if let address = arguments.value("--address") { details.addresses = address.isEmpty ? [] : [PostalAddress(street: address)] }
        if arguments.has("--email") { details.emails = arguments.all("--email").map { EmailAddress($0) } }
        if let note = arguments.value("--note") { details.note = note }
        if let path = arguments.value("--photo") { details.photo = try photo(at: path) }
    }

    /// `work:010-8888` → a work number; a plain number is a mobile one.
    private static func phone(_ text: String) throws -> PhoneNumber {
        if let colon = text.firstIndex(of: ":"), case let label = ContactLabel(String(text[..<colon])), !label.isCustom {
            return PhoneNumber(String(text[text.index(after: colon)...]), label: label)
        }
        return PhoneNumber(text)
    }

    private static func photo(at path: String) throws -> Photo {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure { $0.cannotReadPhoto(path) }
        }
        return try Photo(data: Array(data))
    }
}

/// A command that failed for a reason stated in its message; exit status 1.
struct CommandFailure: Error {
    /// The message, in the language the command line speaks.
    let message: @Sendable (any Catalogue) -> String

    init(_ message: @escaping @Sendable (any Catalogue) -> String) {
        self.message = message
    }
}
