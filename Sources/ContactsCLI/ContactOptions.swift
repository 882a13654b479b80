import ContactsCore
import ContactsStore
import Foundation
import Wording

/// The options of `add` and `edit` that describe a contact, and how they change its details.
enum ContactOptions {
    /// The options that set one text field, and the field.
    private static var textFields: [(option: String, field: WritableKeyPath<ContactDetails, String>)] {
        [("--name", \.name), ("--organization", \.organization), ("--department", \.department), ("--title", \.jobTitle),
         ("--nickname", \.nickname), ("--prefix", \.nameParts.prefix), ("--given-name", \.nameParts.given),
         ("--middle-name", \.nameParts.middle), ("--family-name", \.nameParts.family), ("--suffix", \.nameParts.suffix),
         ("--phonetic-given-name", \.phoneticName.given), ("--phonetic-middle-name", \.phoneticName.middle),
         ("--phonetic-family-name", \.phoneticName.family), ("--note", \.note)]
    }
    /// The parts of one structured address, and the part each sets.
    private static var addressParts: [(option: String, part: WritableKeyPath<PostalAddress, String>)] {
        [("--address-street", \.street), ("--address-city", \.city), ("--address-region", \.region),
         ("--address-postcode", \.postcode), ("--address-country", \.country)]
    }

    /// The options `add` takes; `edit` takes these and `--remove-…`.
    static var specs: [OptionSpec] {
        textFields.map { .value($0.option) } + addressParts.map { .value($0.option) }
            + ContactEntryOption.all.map { .value("--" + $0.name, repeatable: true) }
            + [.value("--address-label"), .flag("--company-contact"), .flag("--person-contact"), .value("--sex"), .value("--age"),
               .value("--birthday"), .value("--photo"), .value("--lunar-birthday")]
    }

    /// The options only `edit` takes: one `--remove-…` per list.
    static var removalSpecs: [OptionSpec] {
        ContactEntryOption.all.map { .value("--remove-" + $0.name, repeatable: true) }
    }

    static let usage = "[--organization O] [--department D] [--title T] [--nickname N] [--prefix P] [--given-name G] "
        + "[--middle-name M] [--family-name F] [--suffix S] [--phonetic-given-name G] [--phonetic-middle-name M] "
        + "[--phonetic-family-name F] [--company-contact | --person-contact] "
        + "[--phone [LABEL:]NUMBER ...] [--email [LABEL:]ADDRESS ...] [--address [LABEL:]TEXT ...] "
        + "[--address-street S] [--address-city C] [--address-region R] [--address-postcode P] [--address-country C] "
        + "[--address-label L] [--url [LABEL:]URL ...] [--im [LABEL:]SERVICE:HANDLE ...] [--social [LABEL:]SERVICE:HANDLE ...] "
        + "[--date [LABEL:]YYYY-MM-DD ...] [--related [LABEL:]NAME ...] "
        + "[--sex male|female|other|unset] [--age A | --birthday YYYY-MM-DD] [--note T] [--photo FILE] [--lunar-birthday [YYYY-][L]M-D]"

    /// How the list options and `--lunar-birthday` are written, for the help of `add` and `edit`.
    static let notes = """
        --phone, --email, --address, --url, --im, --social, --date and --related may be given more than
        once, each adding one entry. A LABEL before the first colon is work, home, school, other, mobile,
        iPhone, main, home fax, work fax, pager, homepage, anniversary, mother, father, parent, brother,
        sister, child, friend, spouse, partner, assistant, manager (any case), or any other word as a
        label of your own. A --url is all address when what follows its first colon starts with //
        (https://example.com); work:https://example.com has the label work. --im and --social take the
        service before the handle: wechat:ponyma, qq:10001, work:wechat:ponyma. --date takes YYYY-MM-DD,
        or --MM-DD without a year: anniversary:2010-10-01. Without a label a phone is mobile, an email
        other, an address home, a website homepage, a date an anniversary. --address-street,
        --address-city, --address-region, --address-postcode and --address-country add one address in
        parts, labelled by --address-label (home without it). --company-contact lists the contact by
        its --organization; --person-contact by its name.

        --lunar-birthday takes a day of the Chinese lunar calendar (农历) as MONTH-DAY, month 1-12 and
        day 1-30: 8-15 is 农历八月十五. A leap month (闰月) takes L (or 闰) before the month: L4-15 is
        闰四月十五, the 15th of the leap month that follows the 4th. A lunar year may come first:
        2020-L4-15. The card stores it as Apple's X-ALTBDAY;CALSCALE=chinese.
        """

    /// How `edit` changes the lists, for its help.
    static let editNotes = """
        On edit, --phone, --email, --address, --url, --im, --social, --date and --related add to the
        contact's entries; --remove-phone, --remove-email, --remove-address, --remove-url, --remove-im,
        --remove-social, --remove-date and --remove-related take the same form and take away every
        entry whose value matches, whatever its label: phones by their digits (138 0013 8000 matches
        13800138000), dates by the date, handles by service and handle, the others ignoring case
        (an address as show prints it on one line).
        """

    /// Applies the options given to `details`, leaving the others as they are.
    /// - Throws: `UsageError` for malformed option values, `ContactValidationError` for bad data,
    ///   `CommandFailure` for an unreadable photo file.
    static func apply(_ arguments: Arguments, to details: inout ContactDetails) throws {
        if arguments.has("--age") && arguments.has("--birthday") {
            throw UsageError { $0.notBoth("--age", "--birthday") }
        }
        if arguments.has("--company-contact") && arguments.has("--person-contact") {
            throw UsageError { $0.notBoth("--company-contact", "--person-contact") }
        }
        for (option, field) in textFields {
            if let value = arguments.value(option) { details[keyPath: field] = value }
        }
        if arguments.has("--company-contact") { details.isCompany = true }
        if arguments.has("--person-contact") { details.isCompany = false }
        for option in ContactEntryOption.all { try option.apply(arguments, to: &details) }
        var address = PostalAddress(label: arguments.value("--address-label").map(ContactLabel.init) ?? .home)
        for (option, part) in addressParts {
            if let value = arguments.value(option) { address[keyPath: part] = value }
        }
        if !address.isEmpty { details.addresses.append(address) }
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
        if let path = arguments.value("--photo") { details.photo = try photo(at: path) }
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
