import ContactsCore
import HTTP

/// The fields of the add and edit forms (multipart/form-data, so a photo can come along).
struct ContactForm {
    private let parts: [MultipartPart]

    init(_ request: Request) throws {
        do {
            parts = try request.formParts()
        } catch {
            throw HTTPError(400, request.context.strings.formUnreadable)
        }
    }

    private func values(_ name: String) -> [String] {
        parts.filter { $0.name == name && $0.filename == nil }.map(\.text)
    }

    private func value(_ name: String) -> String { values(name).first ?? "" }

    /// The revision of the contact the form was filled from, when the form carries one.
    var revision: Int64? { Int64(value("revision")) }

    /// A revision no contact has: what a form without one is taken to name.
    static let noRevision: Int64 = -1

    /// The form's fields as they were when it was filled (`FormField.snapshot`); empty when the
    /// form does not carry them.
    var base: [String: String] { FormField.fields(ofSnapshot: value("base")) }

    /// Whether the form removes the photo or brings a new one.
    var changesPhoto: Bool { removesPhoto || photoUpload != nil }

    private var removesPhoto: Bool { value("remove_photo") == "on" }

    /// The file chosen for the photo, when one was.
    private var photoUpload: MultipartPart? {
        parts.first { $0.name == "photo" && $0.filename?.isEmpty == false && !$0.data.isEmpty }
    }

    /// `details` with the form's fields applied; what the form does not show (extra vCard
    /// properties) is kept. Throws the validation error for unreadable age, birthday or photo.
    func apply(to details: ContactDetails) throws(ContactValidationError) -> ContactDetails {
        var details = details
        details.name = value("name")
        let labels = values("phone_label")
        details.phones = values("phone").enumerated().map { index, number in
            PhoneNumber(number, label: index < labels.count ? ContactLabel(labels[index]) : .mobile)
        }
        details.sex = Sex(rawValue: value("sex")) ?? .notSet
        let age = value("age").trimmed
        if age.isEmpty {
            details.age = nil
        } else {
            guard let number = Int(age) else { throw .ageOutOfRange }
            details.age = number
        }
        let birthday = value("birthday").trimmed
        if birthday.isEmpty {
            if details.birthday?.year != nil { details.birthday = nil }
        } else {
            guard let date = CalendarDate(birthday) else { throw .invalidBirthday(birthday) }
            details.birthday = date
        }
        details.lunarBirthday = try lunarBirthday(keeping: details.lunarBirthday)
        details.addresses = value("address").isEmpty ? [] : [PostalAddress(street: value("address"))]
        details.emails = values("email").map { EmailAddress($0) }
        details.note = value("note").replacingOccurrences(of: "\r\n", with: "\n")
        if removesPhoto { details.photo = nil }
        if let upload = photoUpload { details.photo = try Photo(data: upload.data) }
        return details
    }

    /// The lunar birthday the month and day selects and the leap checkbox give: nil when all
    /// three are empty; `current` (with its year) when they say what it says.
    private func lunarBirthday(keeping current: LunarDate?) throws(ContactValidationError) -> LunarDate? {
        let month = value("lunar_month").trimmed
        let day = value("lunar_day").trimmed
        let leap = value("lunar_leap") == "on"
        if month.isEmpty && day.isEmpty && !leap { return nil }
        guard let monthNumber = Int(month), let dayNumber = Int(day),
              var date = LunarDate(month: monthNumber, day: dayNumber, isLeapMonth: leap) else {
            throw .invalidLunarBirthday(nil)
        }
        if let current, current.month == date.month, current.day == date.day, current.isLeapMonth == date.isLeapMonth {
            date.year = current.year
        }
        return date
    }
}
