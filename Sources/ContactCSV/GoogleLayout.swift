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

    let legacy: Bool

    private var labelSuffix: String { legacy ? " - Type" : " - Label" }
    private var given: String { legacy ? "Given Name" : "First Name" }
    private var additional: String { legacy ? "Additional Name" : "Middle Name" }
    private var family: String { legacy ? "Family Name" : "Last Name" }
    private var phoneticGiven: String { legacy ? "Given Name Yomi" : "Phonetic First Name" }
    private var phoneticAdditional: String { legacy ? "Additional Name Yomi" : "Phonetic Middle Name" }
    private var phoneticFamily: String { legacy ? "Family Name Yomi" : "Phonetic Last Name" }
    private var labels: String { legacy ? "Group Membership" : "Labels" }
    private var organization: String { legacy ? "Organization 1 - Name" : "Organization Name" }
    private var title: String { legacy ? "Organization 1 - Title" : "Organization Title" }
    private var department: String { legacy ? "Organization 1 - Department" : "Organization Department" }

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
        (fields.given, fields.additional, fields.family) = (row[given], row[additional], row[family])
        (fields.prefix, fields.suffix, fields.nickname) = (row["Name Prefix"], row["Name Suffix"], row["Nickname"])
        (fields.phoneticGiven, fields.phoneticAdditional, fields.phoneticFamily) = (row[phoneticGiven], row[phoneticAdditional], row[phoneticFamily])
        (fields.organization, fields.title, fields.department) = (row[organization], row[title], row[department])
        fields.birthday = CSVDate(iso: row["Birthday"])
        fields.gender = legacy ? row["Gender"].capitalized : ""
        fields.note = row["Notes"]
        fields.categories = Self.split(row[labels]).filter { !Self.systemLabels.contains($0.lowercased()) }
            .map { $0.hasPrefix("* ") ? String($0.dropFirst(2)) : $0 }
        fields.emails = labelledValues("E-mail", in: row)
        fields.phones = labelledValues("Phone", in: row)
        fields.websites = labelledValues("Website", in: row)
        fields.addresses = addresses(in: row)
        return fields
    }

    func table(for contacts: [ContactFields]) -> [[String]] {
        let counts = (emails: contacts.map(\.emails.count).max() ?? 0, phones: contacts.map(\.phones.count).max() ?? 0,
                      addresses: contacts.map(\.addresses.count).max() ?? 0, websites: contacts.map(\.websites.count).max() ?? 0)
        var header = leadingColumns + numberedColumns("E-mail", counts.emails, ["Value"]) + numberedColumns("Phone", counts.phones, ["Value"])
            + numberedColumns("Address", counts.addresses, Self.addressParts)
        if legacy { header += ["Organization 1 - Type", organization, "Organization 1 - Yomi Name", title, department] }
        header += numberedColumns("Website", counts.websites, ["Value"])
        return [header] + contacts.map { contact in
            let cells = cells(for: contact)
            return header.map { cells[$0] ?? "" }
        }
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
        put("Address", contact.addresses) { address in
            ["Formatted": address.formatted, "Street": address.street, "City": address.city, "PO Box": address.poBox,
             "Region": address.region, "Postal Code": address.postalCode, "Country": address.country, "Extended Address": address.extended]
        }
        return cells
    }

    /// The values of every numbered group of a kind (`E-mail 1`, `E-mail 2`…), each with its group's label.
    private func labelledValues(_ kind: String, in row: CSVRow) -> [ContactFields.Labelled<String>] {
        groupNumbers(kind, in: row).flatMap { number in
            let label = ContactLabel.normalized(row["\(kind) \(number)\(labelSuffix)"])
            return Self.split(row["\(kind) \(number) - Value"]).map { ContactFields.Labelled(label: label, value: $0) }
        }
    }

    /// The addresses of every `Address N` group; several in one group have their parts in the
    /// same order in each cell. A group with only a formatted address keeps it as the street.
    private func addresses(in row: CSVRow) -> [ContactFields.Labelled<ContactFields.Address>] {
        groupNumbers("Address", in: row).flatMap { number in
            let label = ContactLabel.normalized(row["Address \(number)\(labelSuffix)"])
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
