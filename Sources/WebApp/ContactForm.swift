import ContactsCore
import Foundation
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
    /// properties) is kept; a birthday replaces the age. Throws the validation error for
    /// unreadable age, birthday, date or photo.
    func apply(to details: ContactDetails) throws(ContactValidationError) -> ContactDetails {
        var details = details
        try apply(to: &details)
        return details
    }

    /// Applies the form's fields to `details` in place. A field that is unreadable keeps its value
    /// and the others apply, for the form to show again what was typed; the first unreadable
    /// field's error is thrown.
    func apply(to details: inout ContactDetails) throws(ContactValidationError) {
        var firstError: ContactValidationError?
        func attempt(_ step: () throws(ContactValidationError) -> Void) {
            do { try step() } catch { firstError = firstError ?? error }
        }
        applyName(to: &details)
        details.phoneticName = PhoneticName(given: value("phonetic_given"), middle: value("phonetic_middle"),
                                            family: value("phonetic_family"))
        details.nickname = value("nickname")
        details.organization = value("organization")
        details.department = value("department")
        details.jobTitle = value("job_title")
        details.isCompany = value("is_company") == "on"
        details.sex = Sex(rawValue: value("sex")) ?? .notSet
        attempt { () throws(ContactValidationError) in
            let birthday = DateParts(DateParts.fieldNames("birthday").map(value))
            details.birthday = birthday.isEmpty ? nil : try birthday.date(or: ContactValidationError.invalidBirthday)
        }
        attempt { () throws(ContactValidationError) in
            // A contact has an age or a birthday: the birthday gives the age, one typed beside it is not kept.
            let age = details.birthday == nil ? value("age").trimmed : ""
            guard age.isEmpty || Int(age) != nil else { throw .ageOutOfRange }
            details.age = Int(age)
        }
        attempt { () throws(ContactValidationError) in details.lunarBirthday = try lunarBirthday(keeping: details.lunarBirthday) }
        details.note = value("note").replacingOccurrences(of: "\r\n", with: "\n")
        for kind in FormEntryKind.all { attempt { () throws(ContactValidationError) in try kind.apply(rows(kind), &details) } }
        if removesPhoto { details.photo = nil }
        attempt { () throws(ContactValidationError) in
            if let upload = photoUpload { details.photo = try Photo(data: upload.data) }
        }
        if let firstError { throw firstError }
    }

    /// The name and its parts. The form shows the stored parts, or those the name splits into
    /// (`nameShown` says what it showed): parts changed alone spell the name; a name changed alone
    /// takes its parts along (none when none were stored); parts left as shown stay as stored.
    private func applyName(to details: inout ContactDetails) {
        let name = value("name")
        let posted = (try? JSONSerialization.jsonObject(with: Data(value("name_shown").utf8))) as? [String]
        let shown = Array(((posted ?? Self.nameShown(details)) + Array(repeating: "", count: 6)).prefix(6))
        let (shownName, shownParts) = (shown[0], Array(shown.dropFirst()))
        let partNames = ["name_prefix", "name_given", "name_middle", "name_family", "name_suffix"]
        let typed = partNames.contains { !values($0).isEmpty } ? partNames.map(value) : shownParts
        let parts = NameParts(prefix: typed[0], given: typed[1], middle: typed[2], family: typed[3], suffix: typed[4])
        switch (name != shownName, typed != shownParts) {
        case (false, true):
            details.nameParts = parts
            details.name = parts.spelled
        case (true, false):
            details.name = name
            details.nameParts = details.nameParts.isEmpty ? NameParts() : NameParts(splitting: name)
        case (true, true):
            details.name = name
            details.nameParts = parts
        case (false, false):
            details.name = name
        }
    }

    /// The name and the parts the form shows for `details`: the stored parts, or when there are
    /// none those the name splits into. The form carries them as `name_shown`, in JSON.
    static func nameShown(_ details: ContactDetails) -> [String] {
        let parts = details.nameParts.isEmpty ? NameParts(splitting: details.name) : details.nameParts
        return [details.name] + parts.all
    }

    /// The rows the form posts for a kind of entry, by index. A row's label is the picker's
    /// choice, or the typed text when the picker says custom.
    private func rows(_ kind: FormEntryKind) -> [EntryRow] {
        let columns = kind.inputs.flatMap(\.fieldNames).map { values($0) }
        let (choices, typed) = (values(kind.labelName), values(kind.customLabelName))
        return (0..<(columns.map(\.count).max() ?? 0)).map { index in
            let choice = index < choices.count ? choices[index] : ""
            let label = switch choice {
            case FormEntryKind.customChoice: ContactLabel(index < typed.count ? typed[index] : "")
            case "": ContactLabel.initial(for: kind.labels)
            default: ContactLabel(choice)
            }
            return EntryRow(label: label, values: columns.map { index < $0.count ? $0[index] : "" })
        }
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
