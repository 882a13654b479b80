import ContactsCore
import Foundation

/// Google Contacts' columns: the current export (`First Name`, `Labels`, `E-mail 1 - Label`) or
/// the older one (`Given Name`, `Group Membership`, `E-mail 1 - Type`). Several values of one
/// label share a cell, separated by ` ::: `; numbered groups (`Phone 1`, `Phone 2`…) hold the rest.
struct GoogleLayout: CSVLayout {
    /// The separator of several values in one cell.
    static let separator = " ::: "
    /// Labels Google gives every contact or uses for its own lists; not groups a person made.
    private static let systemLabels: Set = ["* mycontacts", "* starred", "system group: my contacts", "system group: starred"]
    /// An address group's columns after its label, as Google orders them.
    private static let addressParts = ["Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address"]

    /// The current export's name of each column the older export names otherwise. A file is
    /// read under either name (its own first), and written under its format's.
    private static let currentNames = [
        "Given Name": "First Name", "Additional Name": "Middle Name", "Family Name": "Last Name",
        "Given Name Yomi": "Phonetic First Name", "Additional Name Yomi": "Phonetic Middle Name",
        "Family Name Yomi": "Phonetic Last Name", "Group Membership": "Labels", "Organization 1 - Name": "Organization Name",
        "Organization 1 - Title": "Organization Title", "Organization 1 - Department": "Organization Department",
    ]
    /// The numbered groups of one value each, with the parts after their label, as Google orders them.
    private static let valueGroups = [("E-mail", ["Value"]), ("Phone", ["Value"]), ("IM", ["Service", "Value"]),
                                      ("Event", ["Value"]), ("Relation", ["Value"]), ("Website", ["Value"]),
                                      ("Custom Field", ["Value"])]

    let legacy: Bool

    private var labelSuffix: String { legacy ? " - Type" : " - Label" }
    private var given: String { column("Given Name") }
    private var additional: String { column("Additional Name") }
    private var family: String { column("Family Name") }
    private var phoneticGiven: String { column("Given Name Yomi") }
    private var phoneticAdditional: String { column("Additional Name Yomi") }
    private var phoneticFamily: String { column("Family Name Yomi") }
    private var labels: String { column("Group Membership") }
    private var organization: String { column("Organization 1 - Name") }
    private var title: String { column("Organization 1 - Title") }
    private var department: String { column("Organization 1 - Department") }

    /// The column's name in this format, given its older name.
    private func column(_ legacyName: String) -> String {
        legacy ? legacyName : Self.currentNames[legacyName] ?? legacyName
    }

    /// A field under this format's name of the column, else under the other export's name.
    private func cell(_ row: CSVRow, _ name: String) -> String {
        let other = Self.currentNames.first { $0.key == name || $0.value == name }.map { $0.key == name ? $0.value : $0.key }
        return other.map { row.first(name, $0) } ?? row[name]
    }

    /// The columns before the numbered groups, in the order Google writes them.
    private var leadingColumns: [String] {
        legacy
            ? ["Name", given, additional, family, "Yomi Name", phoneticGiven, phoneticAdditional, phoneticFamily,
               "Name Prefix", "Name Suffix", "Initials", "Nickname", "Short Name", "Maiden Name", "Birthday", "Gender",
               "Location", "Billing Information", "Directory Server", "Mileage", "Occupation", "Hobby", "Sensitivity",
               "Priority", "Subject", "Notes", "Language", "Photo", labels]
            : [given, additional, family, phoneticGiven, phoneticAdditional, phoneticFamily, "Name Prefix", "Name Suffix",
               "Nickname", "File As", organization, title, department, "Birthday", "Notes", "Photo", labels]
    }

    func fields(from row: CSVRow) -> ContactFields {
        var fields = ContactFields()
        fields.fullName = legacy ? row["Name"] : ""
        (fields.given, fields.additional, fields.family) = (cell(row, given), cell(row, additional), cell(row, family))
        (fields.prefix, fields.suffix, fields.nickname) = (row["Name Prefix"], row["Name Suffix"], row["Nickname"])
        (fields.phoneticGiven, fields.phoneticAdditional, fields.phoneticFamily) =
            (cell(row, phoneticGiven), cell(row, phoneticAdditional), cell(row, phoneticFamily))
        (fields.organization, fields.title, fields.department) = (cell(row, organization), cell(row, title), cell(row, department))
        fields.birthday = CSVDate(iso: row["Birthday"])
        fields.gender = legacy ? row["Gender"].capitalized : ""
        fields.note = row["Notes"]
        fields.categories = Self.split(cell(row, labels)).filter { !Self.systemLabels.contains($0.lowercased()) }
            .map { $0.hasPrefix("* ") ? String($0.dropFirst(2)) : $0 }
        fields.emails = labelledValues("E-mail", in: row)
        fields.phones = labelledValues("Phone", in: row)
        fields.websites = labelledValues("Website", in: row)
        fields.addresses = addresses(in: row)
        fields.instantMessages = groupNumbers("IM", in: row).flatMap { number in
            let label = ContactsCore.ContactLabel(label(of: "IM", number, in: row))
            let services = Self.split(row["IM \(number) - Service"], keepingEmpty: true)
            return Self.split(row["IM \(number) - Value"], keepingEmpty: true).enumerated().compactMap { index, handle in
                handle.isEmpty ? nil : ServiceHandle(service: index < services.count ? services[index] : "", handle: handle, label: label)
            }
        }
        fields.events = labelledValues("Event", in: row).compactMap { event in
            CSVDate(iso: event.value).map { LabelledDate($0.calendarDate, label: ContactsCore.ContactLabel(event.label)) }
        }
        fields.relations = labelledValues("Relation", in: row).map { RelatedName($0.value, label: ContactsCore.ContactLabel($0.label)) }
        fields.customFields = labelledValues("Custom Field", in: row)
        return fields
    }

    func table(for contacts: [ContactFields]) -> [[String]] {
        let cells = contacts.map(cells(for:))
        // The numbered groups of a kind, as many as the contact with the most fills.
        func groups(_ kind: String, _ parts: [String]) -> [String] {
            let count = cells.map { contact in (0...).first { contact["\(kind) \($0 + 1) - \(parts[0])"] == nil } ?? 0 }.max() ?? 0
            return numberedColumns(kind, count, parts)
        }
        var header = leadingColumns
        for (kind, parts) in Self.valueGroups {
            header += groups(kind, parts)
            if kind == "Phone" { header += groups("Address", Self.addressParts) }
            if kind == "Phone" && legacy { header += ["Organization 1 - Type", organization, "Organization 1 - Yomi Name", title, department] }
        }
        return [header] + cells.map { cells in header.map { cells[$0] ?? "" } }
    }

    /// `Phone 1 - Label`, `Phone 1 - Value`, `Phone 2 - Label`…
    private func numberedColumns(_ kind: String, _ count: Int, _ parts: [String]) -> [String] {
        count == 0 ? [] : (1...count).flatMap { number in
            ["\(kind) \(number)\(labelSuffix)"] + parts.map { "\(kind) \(number) - \($0)" }
        }
    }

    /// A contact's cells by column name: one value per numbered group.
    private func cells(for contact: ContactFields) -> [String: String] {
        var cells = [
            "Name": contact.fullName, given: legacy ? contact.given : contact.givenOrFullName, additional: contact.additional, family: contact.family,
            phoneticGiven: contact.phoneticGiven, phoneticAdditional: contact.phoneticAdditional, phoneticFamily: contact.phoneticFamily,
            "Name Prefix": contact.prefix, "Name Suffix": contact.suffix, "Nickname": contact.nickname,
            organization: contact.organization, title: contact.title, department: contact.department,
            "Birthday": contact.birthday?.iso ?? "", "Notes": contact.note, labels: contact.categories.joined(separator: Self.separator),
        ]
        if legacy { cells["Gender"] = contact.gender.lowercased() }
        func put<Value>(_ kind: String, _ values: [ContactFields.Labelled<Value>], _ parts: (Value) -> [String: String]) {
            for (index, value) in values.enumerated() {
                cells["\(kind) \(index + 1)\(labelSuffix)"] = ContactLabel.display(value.label)
                for (part, text) in parts(value.value) { cells["\(kind) \(index + 1) - \(part)"] = text }
            }
        }
        put("E-mail", contact.emails) { ["Value": $0] }
        put("Phone", contact.phones) { ["Value": $0] }
        put("Website", contact.websites) { ["Value": $0] }
        put("IM", contact.instantMessages.map { .init(label: $0.label.csvWord, value: $0) }) { ["Service": $0.service, "Value": $0.handle] }
        put("Event", contact.events.map { .init(label: $0.label.csvWord, value: CSVDate($0.date).iso) }) { ["Value": $0] }
        put("Relation", contact.relations.map { .init(label: $0.label.csvWord, value: $0.name) }) { ["Value": $0] }
        put("Custom Field", contact.customFields) { ["Value": $0] }
        put("Address", contact.addresses) { address in
            ["Formatted": address.formatted, "Street": address.street, "City": address.city, "PO Box": address.poBox,
             "Region": address.region, "Postal Code": address.postalCode, "Country": address.country, "Extended Address": address.extended]
        }
        return cells
    }

    /// The values of every numbered group of a kind (`E-mail 1`, `E-mail 2`…), each with its group's label.
    private func labelledValues(_ kind: String, in row: CSVRow) -> [ContactFields.Labelled<String>] {
        groupNumbers(kind, in: row).flatMap { number in
            let label = label(of: kind, number, in: row)
            return Self.split(row["\(kind) \(number) - Value"]).map { ContactFields.Labelled(label: label, value: $0) }
        }
    }

    /// The addresses of every `Address N` group; several in one group have their parts in the
    /// same order in each cell. A group with only a formatted address keeps it as the street.
    private func addresses(in row: CSVRow) -> [ContactFields.Labelled<ContactFields.Address>] {
        groupNumbers("Address", in: row).flatMap { number in
            let label = label(of: "Address", number, in: row)
            let parts = Dictionary(uniqueKeysWithValues: Self.addressParts.map { name in
                (name, Self.split(row["Address \(number) - \(name)"], keepingEmpty: true))
            })
            let count = parts.values.map(\.count).max() ?? 0
            return (0..<count).compactMap { index -> ContactFields.Labelled<ContactFields.Address>? in
                func part(_ name: String) -> String { parts[name].flatMap { index < $0.count ? $0[index] : nil } ?? "" }
                var address = ContactFields.Address(poBox: part("PO Box"), extended: part("Extended Address"), street: part("Street"),
                                                    city: part("City"), region: part("Region"), postalCode: part("Postal Code"),
                                                    country: part("Country"))
                if address.isEmpty { address.street = part("Formatted") }
                return address.isEmpty ? nil : ContactFields.Labelled(label: label, value: address)
            }
        }
    }

    /// The label of a numbered group (`Phone 1 - Label`, or the older `Phone 1 - Type`).
    private func label(of kind: String, _ number: Int, in row: CSVRow) -> String {
        ContactLabel.normalized(row.first("\(kind) \(number)\(labelSuffix)", "\(kind) \(number) - Label", "\(kind) \(number) - Type"))
    }

    /// 1, 2, … for as long as the header has `Kind N - Value` (or, for addresses, `- Formatted`).
    private func groupNumbers(_ kind: String, in row: CSVRow) -> [Int] {
        var numbers: [Int] = []
        while row.header.contains("\(kind) \(numbers.count + 1) - Value") || row.header.contains("\(kind) \(numbers.count + 1) - Formatted") {
            numbers.append(numbers.count + 1)
        }
        return numbers
    }

    /// A cell's values, split at ` ::: ` and trimmed; empty ones left out unless `keepingEmpty`
    /// (address parts, which line up by position).
    private static func split(_ cell: String, keepingEmpty: Bool = false) -> [String] {
        guard !cell.isEmpty else { return [] }
        let values = cell.components(separatedBy: separator).map(\.trimmed)
        return keepingEmpty ? values : values.filter { !$0.isEmpty }
    }
}
