import Foundation

/// A stored contact: its details plus the identity and times the store gives it.
public struct Contact: Sendable, Equatable {
    /// The row id, unique within the whole store and used in URLs and the CLI.
    public var id: Int64
    /// The stable UID (the vCard UID; cards made here are also named `<UID>.vcf` over CardDAV).
    public var uid: String
    /// The number of the change that last wrote it in its address book's log: what an edit
    /// started from names, so a save can tell whether someone else changed it in between.
    public var revision: Int64
    public var details: ContactDetails
    /// Whether a photo is stored; listings leave `details.photo` empty to stay light.
    public var hasPhoto: Bool
    /// Section letter ("A"…"Z", "#") as stored at the last write.
    public var section: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64, uid: String, revision: Int64, details: ContactDetails, hasPhoto: Bool, section: String,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.uid = uid
        self.revision = revision
        self.details = details
        self.hasPhoto = hasPhoto
        self.section = section
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Everything a person enters about a contact: every field iOS and Google Contacts offer.
public struct ContactDetails: Sendable, Equatable {
    /// The name as shown (vCard's FN); for a company, its name.
    public var name: String
    /// The name's parts (vCard's N); empty parts when only `name` is known.
    public var nameParts: NameParts
    /// How the name is said: the phonetic given, middle and family names.
    public var phoneticName: PhoneticName
    public var nickname: String
    public var organization: String
    public var department: String
    public var jobTitle: String
    /// Whether the contact is a company rather than a person: listed and sorted by `organization`.
    public var isCompany: Bool
    public var phones: [PhoneNumber]
    public var emails: [EmailAddress]
    public var addresses: [PostalAddress]
    public var urls: [Website]
    public var instantMessages: [ServiceHandle]
    public var socialProfiles: [ServiceHandle]
    public var sex: Sex
    /// An age given directly; nil when unknown or when a birthday gives it.
    public var age: Int?
    public var birthday: CalendarDate?
    /// Labelled dates besides the birthday: anniversaries and any a person names.
    public var dates: [LabelledDate]
    public var relatedNames: [RelatedName]
    public var note: String
    public var photo: Photo?
    /// vCard property lines this model does not interpret, kept verbatim so an import loses nothing.
    public var extraProperties: [String]

    public init(name: String, nameParts: NameParts = NameParts(), phoneticName: PhoneticName = PhoneticName(),
                nickname: String = "", organization: String = "", department: String = "", jobTitle: String = "",
                isCompany: Bool = false, phones: [PhoneNumber] = [], emails: [EmailAddress] = [],
                addresses: [PostalAddress] = [], urls: [Website] = [], instantMessages: [ServiceHandle] = [],
                socialProfiles: [ServiceHandle] = [], sex: Sex = .notSet, age: Int? = nil, birthday: CalendarDate? = nil,
                dates: [LabelledDate] = [], relatedNames: [RelatedName] = [], note: String = "", photo: Photo? = nil,
                extraProperties: [String] = []) {
        self.name = name
        self.nameParts = nameParts
        self.phoneticName = phoneticName
        self.nickname = nickname
        self.organization = organization
        self.department = department
        self.jobTitle = jobTitle
        self.isCompany = isCompany
        self.phones = phones
        self.emails = emails
        self.addresses = addresses
        self.urls = urls
        self.instantMessages = instantMessages
        self.socialProfiles = socialProfiles
        self.sex = sex
        self.age = age
        self.birthday = birthday
        self.dates = dates
        self.relatedNames = relatedNames
        self.note = note
        self.photo = photo
        self.extraProperties = extraProperties
    }

    /// The name the contact is listed, sorted and greeted by: the company's for a company, else `name`.
    public var displayName: String {
        isCompany && !organization.isEmpty ? organization : name
    }

    /// The age on `date`: the given age, or the whole years since the birthday.
    public func age(on date: Date, calendar: Calendar = .gregorianUTC) -> Int? {
        if let age { return age }
        guard let birthday, let year = birthday.year else { return nil }
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        guard let thisYear = today.year, let month = today.month, let day = today.day else { return nil }
        let hadBirthday = (month, day) >= (birthday.month, birthday.day)
        return thisYear - year - (hadBirthday ? 0 : 1)
    }
}

/// A phone number with its label.
public struct PhoneNumber: Sendable, Equatable, Hashable {
    public var label: ContactLabel
    public var number: String

    public init(_ number: String, label: ContactLabel = .mobile) {
        self.number = number
        self.label = label
    }
}

/// A contact's sex, as the add screen offers it.
public enum Sex: String, Sendable, CaseIterable {
    case male, female, other
    case notSet = "unset"
}

/// A day of the year, with the year when known (vCard allows a birthday without one).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int?
    public var month: Int
    public var day: Int

    public init(year: Int?, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` or `--MM-DD`; nil when the text is not a real calendar date.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let yearless = text.hasPrefix("--")
        let numbers = parts.filter { !$0.isEmpty }
        guard (yearless && parts.count == 4 && numbers.count == 2) || (!yearless && parts.count == 3),
              numbers.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let month = Int(numbers[numbers.count - 2]), let day = Int(numbers[numbers.count - 1]),
              numbers[numbers.count - 2].count == 2, numbers[numbers.count - 1].count == 2 else { return nil }
        let year = yearless ? nil : (numbers[0].count == 4 ? Int(numbers[0]) : nil)
        guard yearless || year != nil else { return nil }
        guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year ?? 2000)).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The days of a month of the (proleptic) Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`, or `--MM-DD` without a year.
    public var description: String {
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return (year.map { digits($0, 4) } ?? "-") + "-" + digits(month, 2) + "-" + digits(day, 2)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year ?? 0, lhs.month, lhs.day) < (rhs.year ?? 0, rhs.month, rhs.day)
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC, so dates don't shift with the server's time zone.
    public static let gregorianUTC: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
