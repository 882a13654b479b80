import ContactsCore
import ContactsStore
import Foundation
import Wording

/// How contacts are printed: grouped text for people, JSON for programs.
enum ContactOutput {
    /// One JSON object per contact; the shape `list`, `search`, `show` and `trash` share.
    struct JSONContact: Encodable {
        let id: Int64
        let uid: String
        let name: String
        let section: String
        let phones: [String]
        let phoneLabels: [String]
        let emails: [String]
        let sex: String?
        let age: Int?
        let birthday: String?
        /// The lunar birthday as `--lunar-birthday` takes it: `08-15`, `L04-15`, `2020-L04-15`.
        let lunarBirthday: String?
        let address: String
        let note: String
        let hasPhoto: Bool
        /// The groups the contact is in (its CATEGORIES).
        let groups: [String]
        let createdAt: Date
        let updatedAt: Date
        let deletedAt: Date?

        init(_ contact: Contact, deletedAt: Date? = nil, now: Date = Date()) {
            let details = contact.details
            id = contact.id
            uid = contact.uid
            name = details.name
            section = contact.section
            phones = details.phones.map(\.number)
            phoneLabels = details.phones.map(\.label.rawValue)
            emails = details.emails.map(\.address)
            sex = details.sex == .notSet ? nil : details.sex.rawValue
            age = details.age(on: now)
            birthday = details.birthday?.description
            lunarBirthday = details.lunarBirthday?.description
            address = details.addresses.first?.singleLine ?? ""
            note = details.note
            hasPhoto = contact.hasPhoto
            groups = details.categories
            createdAt = contact.createdAt
            updatedAt = contact.updatedAt
            self.deletedAt = deletedAt
        }
    }

    /// The contacts as one JSON array, in the order given.
    static func json(_ contacts: [JSONContact]) throws -> String {
        try encode(contacts)
    }

    /// A value as the CLI prints JSON: indented, keys sorted, dates in ISO 8601.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The contacts under their section headers, one line each: id, name, first phone.
    static func grouped(_ contacts: [Contact], _ catalogue: any Catalogue) -> String {
        guard !contacts.isEmpty else { return catalogue.noContacts }
        var lines: [String] = []
        var section: String?
        for contact in contacts {
            if contact.section != section {
                section = contact.section
                lines.append(contact.section)
            }
            lines.append(row(contact))
        }
        lines.append(catalogue.count(contacts.count))
        return lines.joined(separator: "\n")
    }

    /// One line: id, name and first phone.
    static func row(_ contact: Contact) -> String {
        let phone = contact.details.phones.first.map { "  " + $0.number } ?? ""
        return "  \(contact.id)\t\(contact.details.name)\(phone)"
    }

    /// Every field of one contact, one per line.
    static func detail(_ contact: Contact, now: Date = Date()) -> String {
        let details = contact.details
        var lines = ["Name: \(details.name)", "ID: \(contact.id)", "UID: \(contact.uid)"]
        lines += details.phones.map { "Phone (\($0.label.rawValue)): \($0.number)" }
        if details.sex != .notSet { lines.append("Sex: \(details.sex.rawValue)") }
        if let age = details.age(on: now) { lines.append("Age: \(age)") }
        if let birthday = details.birthday { lines.append("Birthday: \(birthday)") }
        if let lunar = details.lunarBirthday {
            let next = lunar.nextOccurrence(onOrAfter: now).map { ", next \($0)" } ?? ""
            lines.append("Lunar birthday: \(lunar) (\(lunar.chineseDescription)\(next))")
        }
        lines += details.addresses.map { "Address: \($0.singleLine)" }
        lines += details.emails.map { "Email: \($0.address)" }
        if !details.note.isEmpty { lines.append("Note: \(details.note)") }
        let groups = details.categories
        if !groups.isEmpty { lines.append("Groups: " + groups.joined(separator: ", ")) }
        if let photo = details.photo { lines.append("Photo: \(photo.format.mimeType), \(photo.data.count) bytes") }
        return lines.joined(separator: "\n")
    }
}
