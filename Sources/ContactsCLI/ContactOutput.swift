import ContactsCore
import ContactsStore
import Foundation
import Wording

/// How contacts are printed: grouped text for people, JSON for programs.
enum ContactOutput {
    /// One JSON object per contact; the shape `list`, `search`, `show` and `trash` share.
    ///
    /// `phones`, `phoneLabels`, `emails` and `address` keep the plain shape scripts read since
    /// the first release (strings; the first address on one line); `phoneNumbers`,
    /// `emailAddresses` and `addresses` give the same entries with their labels and parts.
    struct JSONContact: Encodable {
        let id: Int64
        let uid: String
        let name: String
        let nameParts: JSONNameParts
        let phoneticName: JSONPhoneticName
        let nickname: String
        let organization: String
        let department: String
        let jobTitle: String
        let isCompany: Bool
        let section: String
        let phones: [String]
        let phoneLabels: [String]
        let phoneNumbers: [JSONPhone]
        let emails: [String]
        let emailAddresses: [JSONEmail]
        let addresses: [JSONAddress]
        let urls: [JSONWebsite]
        let instantMessages: [JSONHandle]
        let socialProfiles: [JSONHandle]
        let dates: [JSONDate]
        let relatedNames: [JSONRelatedName]
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
            nameParts = JSONNameParts(details.nameParts)
            phoneticName = JSONPhoneticName(details.phoneticName)
            (nickname, organization, department, jobTitle) = (details.nickname, details.organization, details.department, details.jobTitle)
            isCompany = details.isCompany
            section = contact.section
            phones = details.phones.map(\.number)
            phoneLabels = details.phones.map(\.label.rawValue)
            phoneNumbers = details.phones.map(JSONPhone.init)
            emails = details.emails.map(\.address)
            emailAddresses = details.emails.map(JSONEmail.init)
            addresses = details.addresses.map(JSONAddress.init)
            urls = details.urls.map(JSONWebsite.init)
            instantMessages = details.instantMessages.map(JSONHandle.init)
            socialProfiles = details.socialProfiles.map(JSONHandle.init)
            dates = details.dates.map(JSONDate.init)
            relatedNames = details.relatedNames.map(JSONRelatedName.init)
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

    /// Every field of one contact, one per line, each entry of a list with its label.
    static func detail(_ contact: Contact, now: Date = Date()) -> String {
        let details = contact.details
        var lines = ["Name: \(details.name)", "ID: \(contact.id)", "UID: \(contact.uid)"]
        let parts = details.nameParts, phonetic = details.phoneticName
        let texts = [("Prefix", parts.prefix), ("Given name", parts.given), ("Middle name", parts.middle),
                     ("Family name", parts.family), ("Suffix", parts.suffix), ("Phonetic given name", phonetic.given),
                     ("Phonetic middle name", phonetic.middle), ("Phonetic family name", phonetic.family),
                     ("Nickname", details.nickname), ("Organization", details.organization),
                     ("Department", details.department), ("Title", details.jobTitle)]
        lines += texts.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1)" }
        if details.isCompany { lines.append("Company contact: yes") }
        func labelled(_ field: String, _ label: ContactLabel, _ value: String) -> String { "\(field) (\(label.rawValue)): \(value)" }
        lines += details.phones.map { labelled("Phone", $0.label, $0.number) }
        lines += details.emails.map { labelled("Email", $0.label, $0.address) }
        lines += details.addresses.map { labelled("Address", $0.label, $0.singleLine) }
        lines += details.urls.map { labelled("Website", $0.label, $0.url) }
        lines += details.instantMessages.map { labelled("IM", $0.label, "\($0.service):\($0.handle)") }
        lines += details.socialProfiles.map { labelled("Profile", $0.label, "\($0.service):\($0.handle)") }
        lines += details.dates.map { labelled("Date", $0.label, $0.date.description) }
        lines += details.relatedNames.map { labelled("Related", $0.label, $0.name) }
        if details.sex != .notSet { lines.append("Sex: \(details.sex.rawValue)") }
        if let age = details.age(on: now) { lines.append("Age: \(age)") }
        if let birthday = details.birthday { lines.append("Birthday: \(birthday)") }
        if let lunar = details.lunarBirthday {
            let next = lunar.nextOccurrence(onOrAfter: now).map { ", next \($0)" } ?? ""
            lines.append("Lunar birthday: \(lunar) (\(lunar.chineseDescription)\(next))")
        }
        if !details.note.isEmpty { lines.append("Note: \(details.note)") }
        let groups = details.categories
        if !groups.isEmpty { lines.append("Groups: " + groups.joined(separator: ", ")) }
        if let photo = details.photo { lines.append("Photo: \(photo.format.mimeType), \(photo.data.count) bytes") }
        return lines.joined(separator: "\n")
    }
}
