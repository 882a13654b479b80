import ContactsCore
import SQLEngine
import VCard

/// The migration that gave contacts every field a phone keeps: each stored card is read again,
/// so what it always held (company, title, every address, handles, dates, related names) becomes
/// fields, and what a person had edited since it arrived (kept in the columns) stays as edited.
enum WholeContactMigration {
    static let name = "The whole contact: each stored card read again into the fields of company, addresses, handles, dates and more"

    static func apply(_ db: any SQLConnection) throws {
        try db.addMissingColumns(["fields"], to: Schema.table("contacts"))
        // Run again on a database whose version was rolled back, the rows are already read.
        guard try db.columnNames(of: "contacts").contains("address") else { return }
        let rows = try db.statement("SELECT id, name, phones, emails, address, extra_properties FROM contacts").rows { row in
            StoredRow(id: row.int64(0), name: row.text(1), phones: row.text(2), emails: row.text(3), address: row.text(4),
                      extraProperties: row.text(5))
        }
        let updated = try rows.parallelMap { row in (row.id, ContactRow.upgradedValues(row.details)) }
        let update = try db.statement("""
            UPDATE contacts SET phones = ?, emails = ?, fields = ?, section = ?, sort_key = ?, search_text = ? WHERE id = ?
            """)
        for (id, values) in updated { try update.execute(values + [id]) }
        try db.execute("ALTER TABLE contacts DROP COLUMN address")
    }

    /// A row as the release before stored it: its one address line, its emails without labels,
    /// its phones labelled mobile, home, work or other.
    struct StoredRow: Sendable {
        let id: Int64
        let name: String
        let phones: String
        let emails: String
        let address: String
        let extraProperties: String

        /// The details the row stands for: the card its lines hold read again, with each field
        /// the row holds otherwise (edited since the card came) as the row has it.
        var details: ContactDetails {
            let lines = extraProperties.isEmpty ? [] : extraProperties.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let card = try? VCard(parsing: "BEGIN:VCARD\r\nVERSION:4.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n")
            var details = card.flatMap { try? ContactDetails(card: $0) } ?? ContactDetails(name: name)
            details.extraProperties = lines
            details.photo = nil
            if details.name != name {
                details.name = name
                details.nameParts = NameParts()
            }
            var read = details.phones
            details.phones = ContactRow.phones(phones).map { phone in
                guard let index = read.firstIndex(where: { $0.number == phone.number && Self.earlierLabel($0.label) == phone.label })
                else { return phone }
                return read.remove(at: index)
            }
            var readEmails = details.emails
            details.emails = ContactRow.emails(emails).map { email in
                guard let index = readEmails.firstIndex(where: { $0.address == email.address }) else { return email }
                return readEmails.remove(at: index)
            }
            let firstAddress = card?.properties.first { $0.name == "ADR" }
            if firstAddress.map(Self.earlierAddressLine) ?? "" != address {
                if !details.addresses.isEmpty && firstAddress != nil { details.addresses.removeFirst() }
                if !address.isEmpty { details.addresses.insert(PostalAddress(label: .other, street: address), at: 0) }
            }
            return details
        }

        /// The label the release before read for a phone this release labels `label`.
        private static func earlierLabel(_ label: ContactLabel) -> ContactLabel {
            switch label {
            case .mobile, .iPhone: .mobile
            case .home, .work: label
            default: .other
            }
        }

        /// The one line the release before made of an address: its LABEL parameter, else its
        /// components from street to country joined by commas.
        private static func earlierAddressLine(_ property: VCardProperty) -> String {
            if let label = property.parameter(named: "LABEL")?.values.joined(separator: ","), !label.trimmed.isEmpty {
                return label.split(whereSeparator: \.isNewline).map { $0.trimmed }.filter { !$0.isEmpty }.joined(separator: ", ")
            }
            return property.structuredValue
                .map { $0.joined(separator: " ").split(whereSeparator: \.isNewline).map { $0.trimmed }.joined(separator: ", ") }
                .map(\.trimmed).filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }
}
