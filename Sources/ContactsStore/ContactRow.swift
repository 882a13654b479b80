import ContactsCore
import Foundation
import SQLEngine

/// How a contact maps to a row of the contacts table.
enum ContactRow {
    /// The columns every contact query selects, in the order `contact(from:)` reads them.
    static let columns = ContactColumn.selectList

    /// The contact in a row whose first columns are `columns`.
    static func contact(from row: any SQLRow) -> Contact {
        var details = ContactDetails(
            name: row.text(.name),
            phones: phones(row.text(.phones)),
            emails: emails(row.text(.emails)),
            sex: Sex(rawValue: row.text(.sex)) ?? .notSet,
            age: row.optionalInt(.age),
            birthday: row.optionalText(.birthday).flatMap(CalendarDate.init),
            note: row.text(.note),
            extraProperties: split(row.text(.extraProperties), on: "\n"))
        DetailRecords.read(row.text(.fields), into: &details)
        return Contact(id: row.int64(.id), uid: row.text(.uid), revision: row.int64(.revision), details: details,
                       hasPhoto: row.int(.hasPhoto) != 0, section: row.text(.section),
                       createdAt: ContactStore.date(row.int64(.createdAt)), updatedAt: ContactStore.date(row.int64(.updatedAt)))
    }

    /// The phones column's numbers with their labels.
    static func phones(_ column: String) -> [PhoneNumber] {
        DetailRecords.labelled(column) { PhoneNumber($1, label: $0) }
    }

    /// The emails column's addresses with their labels.
    static func emails(_ column: String) -> [EmailAddress] {
        DetailRecords.labelled(column) { EmailAddress($1, label: $0) }
    }

    /// The values for the detail columns, in the order of `detailColumns`.
    /// - Parameters:
    ///   - isGroup: whether the details are a group card's (`CardGroups`, read once).
    ///   - hasPhoto: whether the contact has a photo: the details' own, or the stored one kept.
    static func detailValues(_ details: ContactDetails, isGroup: Bool, hasPhoto: Bool) -> [any SQLBindable] {
        let keys = nameKeys(details)
        return [
            details.name, DetailRecords.labelled(details.phones) { ($0.label, $0.number) },
            DetailRecords.labelled(details.emails) { ($0.label, $0.address) }, details.sex.rawValue, details.age,
            details.birthday?.description, DetailRecords.text(of: details), details.note,
            details.extraProperties.joined(separator: "\n"), hasPhoto, keys.section, keys.sortKey,
            keys.searchText, birthdayKey(details.birthday), lunarBirthdayKey(details.lunarBirthday), isGroup,
        ]
    }

    /// The values of the columns the whole-contact migration rewrites: phones, emails, fields,
    /// section, sort key and search text.
    static func upgradedValues(_ details: ContactDetails) -> [any SQLBindable] {
        let keys = nameKeys(details)
        return [DetailRecords.labelled(details.phones) { ($0.label, $0.number) },
                DetailRecords.labelled(details.emails) { ($0.label, $0.address) }, DetailRecords.text(of: details),
                keys.section, keys.sortKey, keys.searchText]
    }

    /// A birthday's month and day as one number (May 17 is 517), which the upcoming-birthday
    /// queries look up by range; nil without a birthday.
    static func birthdayKey(_ birthday: CalendarDate?) -> Int? {
        birthday.map { $0.month * 100 + $0.day }
    }

    /// A lunar birthday's month and day as one number, a leap month as its regular one.
    static func lunarBirthdayKey(_ birthday: LunarDate?) -> Int? {
        birthday.map { $0.month * 100 + $0.day }
    }

    /// Fills the birthday keys of every contact that has a birthday, for rows written before
    /// the keys were kept.
    static func computeBirthdayKeys(_ db: any SQLConnection) throws {
        let stored = try db.statement("""
            SELECT id, birthday, extra_properties FROM contacts WHERE birthday IS NOT NULL OR lower(extra_properties) LIKE '%altbday%'
            """).rows { row in
            let details = ContactDetails(name: "", birthday: row.optionalText(1).flatMap(CalendarDate.init),
                                         extraProperties: split(row.text(2), on: "\n"))
            return (id: row.int64(0), birthday: birthdayKey(details.birthday), lunar: lunarBirthdayKey(details.lunarBirthday))
        }
        let update = try db.statement("UPDATE contacts SET birthday_key = ?, lunar_birthday_key = ? WHERE id = ?")
        for contact in stored {
            try update.execute([contact.birthday, contact.lunar, contact.id])
        }
    }

    /// The section, sort key and search text of a contact: what depends on how names are read.
    private static func nameKeys(_ details: ContactDetails) -> (section: String, sortKey: String, searchText: String) {
        let name = details.displayName
        let key = NameCollation.key(for: name, reading: details.isCompany ? nil : details.phoneticReading)
        let others = details.searchableTexts + (name == details.name ? [] : [details.name])
        return (key.section, key.sortKey, SearchKey.text(name: name, syllables: [key.syllables] + details.otherSyllables,
                                                         phones: details.phones.map(\.number),
                                                         emails: details.emails.map(\.address), others: others))
    }

    /// Computes every contact's section, sort key and search text again, after a change to how
    /// names are read (the pinyin, surname or traditional-character tables); rows whose values
    /// stay the same are not written. Cards are unchanged, so neither revisions nor the change
    /// log move.
    static func recomputeNameKeys(_ db: any SQLConnection) throws {
        // The columns every schema since the name keys has, as an earlier migration runs this too.
        let stored = try db.statement("""
            SELECT id, name, phones, emails, extra_properties, section, sort_key, search_text FROM contacts
            """).rows { row in
            let details = ContactDetails(name: row.text(1), phones: phones(row.text(2)), emails: emails(row.text(3)),
                                         extraProperties: split(row.text(4), on: "\n"))
            return (id: row.int64(0), details: details, keys: (row.text(5), row.text(6), row.text(7)))
        }
        let update = try db.statement("UPDATE contacts SET section = ?, sort_key = ?, search_text = ? WHERE id = ?")
        for contact in stored {
            let keys = nameKeys(contact.details)
            if keys != contact.keys { try update.execute([keys.section, keys.sortKey, keys.searchText, contact.id]) }
        }
    }

    /// The columns `detailValues` fills.
    static let detailColumns = [
        "name", "phones", "emails", "sex", "age", "birthday", "fields", "note", "extra_properties",
        "has_photo", "section", "sort_key", "search_text", "birthday_key", "lunar_birthday_key", "is_group",
    ]

    /// Splits on a one-byte separator, comparing bytes rather than Characters (much faster).
    private static func split(_ text: String, on separator: String) -> [String] {
        guard !text.isEmpty else { return [] }
        let byte = separator.utf8.first!
        return text.utf8.split(separator: byte, omittingEmptySubsequences: false).map { String(Substring($0)) }
    }
}
