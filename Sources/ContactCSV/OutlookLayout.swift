import ContactsCore

/// Outlook's columns, as its desktop and web exports name them (and Outlook.com's older export:
/// `Given Name Yomi`, `Home Country`…, read as well): fixed slots for phones
/// (`Mobile Phone`, `Home Phone`…), three e-mail addresses, a business, a home and an other
/// address, and `Categories` separated by semicolons.
struct OutlookLayout: CSVLayout {
    /// The phone columns and the label of each, in the order a phone looks for a free one.
    private static let phoneColumns: [(column: String, label: String)] = [
        ("Primary Phone", ""), ("Mobile Phone", ContactLabel.mobile), ("Home Phone", ContactLabel.home),
        ("Home Phone 2", ContactLabel.home), ("Business Phone", ContactLabel.work), ("Business Phone 2", ContactLabel.work),
        ("Other Phone", ContactLabel.other), ("Home Fax", ContactLabel.homeFax), ("Business Fax", ContactLabel.workFax),
        ("Other Fax", ContactLabel.otherFax), ("Pager", ContactLabel.pager), ("Car Phone", "Car"),
        ("Company Main Phone", "Company Main"), ("Assistant's Phone", "Assistant"), ("Callback", "Callback"),
        ("Radio Phone", "Radio"), ("ISDN", "ISDN"), ("Telex", "Telex"), ("TTY/TDD Phone", "TTY/TDD"),
    ]
    private static let emailColumns = ["E-mail Address", "E-mail 2 Address", "E-mail 3 Address"]
    private static let websiteColumns: [(column: String, label: String)] = [("Web Page", ""), ("Personal Web Page", ContactLabel.home)]
    /// The address blocks (`Business Street`, `Business City`…) and the label of each.
    private static let addressBlocks: [(prefix: String, label: String)] = [
        ("Business", ContactLabel.work), ("Home", ContactLabel.home), ("Other", ContactLabel.other),
    ]
    private static let addressParts = ["Street", "Street 2", "City", "State", "Postal Code", "Country/Region", "Address PO Box"]
    /// The columns of a related person's name, and the label of each; one name each.
    private static let relationColumns: [(column: String, label: ContactsCore.ContactLabel)] = [
        ("Spouse", .spouse), ("Manager's Name", .manager), ("Assistant's Name", .assistant), ("Children", .child),
    ]
    /// The column of the one date besides the birthday that Outlook has, and its label.
    private static let anniversary = (column: "Anniversary", label: ContactsCore.ContactLabel.anniversary)
    private static let nameColumns = ["First Name", "Middle Name", "Last Name", "Title", "Suffix", "Nickname", "Given Yomi",
                                      "Surname Yomi", "Company", "Department", "Job Title"]

    func fields(from row: CSVRow) -> ContactFields {
        var fields = ContactFields()
        (fields.given, fields.additional, fields.family) = (row["First Name"], row["Middle Name"], row["Last Name"])
        (fields.prefix, fields.suffix, fields.nickname) = (row["Title"], row["Suffix"], row["Nickname"])
        (fields.phoneticGiven, fields.phoneticFamily) = (row.first("Given Yomi", "Given Name Yomi"), row.first("Surname Yomi", "Family Name Yomi"))
        (fields.organization, fields.department, fields.title) = (row["Company"], row["Department"], row["Job Title"])
        fields.birthday = CSVDate(outlook: row["Birthday"])
        fields.gender = ["male": "Male", "female": "Female"][row["Gender"].lowercased()] ?? ""
        fields.note = row["Notes"]
        fields.categories = row["Categories"].split(separator: ";").map { String($0).trimmed }.filter { !$0.isEmpty }
        fields.emails = Self.emailColumns.map { row[$0] }.filter { !$0.isEmpty }.map { ContactFields.Labelled(label: "", value: $0) }
        fields.phones = Self.phoneColumns.compactMap { slot in
            row[slot.column].isEmpty ? nil : ContactFields.Labelled(label: slot.label, value: row[slot.column])
        }
        fields.websites = Self.websiteColumns.compactMap { slot in
            row[slot.column].isEmpty ? nil : ContactFields.Labelled(label: slot.label, value: row[slot.column])
        }
        fields.addresses = Self.addressBlocks.compactMap { block in
            func part(_ name: String) -> String { row["\(block.prefix) \(name)"] }
            let address = ContactFields.Address(poBox: part("Address PO Box"),
                                                extended: [part("Street 2"), part("Street 3")].filter { !$0.isEmpty }.joined(separator: "\n"),
                                                street: part("Street"), city: part("City"), region: part("State"),
                                                postalCode: part("Postal Code"), country: row.first("\(block.prefix) Country/Region", "\(block.prefix) Country"))
            return address.isEmpty ? nil : ContactFields.Labelled(label: block.label, value: address)
        }
        fields.events = CSVDate(outlook: row[Self.anniversary.column]).map { [LabelledDate($0.calendarDate, label: Self.anniversary.label)] } ?? []
        fields.relations = Self.relationColumns.compactMap { slot in row[slot.column].isEmpty ? nil : RelatedName(row[slot.column], label: slot.label) }
        return fields
    }

    func table(for contacts: [ContactFields]) -> [[String]] {
        let header = Self.nameColumns
            + Self.addressBlocks.flatMap { block in Self.addressParts.map { "\(block.prefix) \($0)" } }
            + Self.phoneColumns.map(\.column) + Self.emailColumns + Self.websiteColumns.map(\.column)
            + ["Birthday", Self.anniversary.column, "Gender", "Notes", "Categories"] + Self.relationColumns.map(\.column)
        return [header] + contacts.map { contact in
            let cells = cells(for: contact)
            return header.map { cells[$0] ?? "" }
        }
    }

    /// A contact's cells by column name. A value goes to the first free slot of its label, an
    /// unlabelled one or one whose slots are taken to the first free slot of any label; what
    /// finds no free slot is left out, as Outlook's fixed columns have no room for it.
    private func cells(for contact: ContactFields) -> [String: String] {
        var cells = [
            "First Name": contact.givenOrFullName, "Middle Name": contact.additional, "Last Name": contact.family,
            "Title": contact.prefix, "Suffix": contact.suffix, "Nickname": contact.nickname,
            "Given Yomi": contact.phoneticGiven, "Surname Yomi": contact.phoneticFamily,
            "Company": contact.organization, "Department": contact.department, "Job Title": contact.title,
            "Birthday": contact.birthday?.outlook ?? "", "Gender": contact.gender, "Notes": contact.note,
            "Categories": contact.categories.joined(separator: ";"),
        ]
        func place<Value>(_ values: [ContactFields.Labelled<Value>], in slots: [(column: String, label: String)],
                          _ write: (Value, String) -> Void) {
            var free = slots
            for value in values {
                guard let index = free.firstIndex(where: { $0.label == value.label }) ?? free.firstIndex(where: { $0.label.isEmpty }) ?? free.indices.first
                else { return }
                write(value.value, free.remove(at: index).column)
            }
        }
        cells[Self.anniversary.column] = contact.events.first { $0.label == Self.anniversary.label }.map { CSVDate($0.date).outlook }
        for slot in Self.relationColumns {
            cells[slot.column] = contact.relations.first { $0.label == slot.label }?.name
        }
        place(contact.phones, in: Self.phoneColumns) { cells[$1] = $0 }
        place(contact.websites, in: Self.websiteColumns) { cells[$1] = $0 }
        place(contact.emails, in: Self.emailColumns.map { ($0, "") }) { cells[$1] = $0 }
        place(contact.addresses, in: Self.addressBlocks.map { ($0.prefix, $0.label) }) { address, prefix in
            let parts = [address.street, address.extended, address.city, address.region, address.postalCode, address.country, address.poBox]
            for (name, text) in zip(Self.addressParts, parts) { cells["\(prefix) \(name)"] = text }
        }
        return cells
    }
}
