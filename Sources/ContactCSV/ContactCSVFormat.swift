/// The contact CSV formats read and written here, told apart by their header rows.
public enum ContactCSVFormat: Sendable, CaseIterable {
    /// Google Contacts' export since 2021: `First Name`, `Labels`, `E-mail 1 - Label`, `E-mail 1 - Value`…
    case googleContacts
    /// Google Contacts' older export ("Google CSV"): `Name`, `Given Name`, `Group Membership`, `E-mail 1 - Type`…
    case googleLegacy
    /// Outlook's and Outlook.com's export: `First Name`, `Company`, `Mobile Phone`, `E-mail Address`, `Categories`…
    case outlook

    /// Columns only the older Google export has.
    private static let googleLegacyColumns = ["Given Name", "Family Name", "Group Membership", "E-mail 1 - Type", "Phone 1 - Type"]
    /// Columns of the current Google export that Outlook's has not.
    private static let googleColumns = ["Labels", "Organization Name", "Phonetic First Name", "File As", "Name Prefix",
                                        "E-mail 1 - Value", "Phone 1 - Value"]
    /// Columns of Outlook's export, in both its desktop and its web form.
    private static let outlookColumns = ["First Name", "Last Name", "Company", "Job Title", "E-mail Address",
                                         "Mobile Phone", "Business Phone", "Home Phone", "Categories"]

    /// The format whose columns the header names; nil when it names none of them.
    init?(header: CSVHeader) {
        if Self.googleLegacyColumns.contains(where: header.contains) {
            self = .googleLegacy
        } else if Self.googleColumns.contains(where: header.contains) {
            self = .googleContacts
        } else if Self.outlookColumns.contains(where: header.contains) {
            self = .outlook
        } else {
            return nil
        }
    }

    var layout: any CSVLayout {
        switch self {
        case .googleContacts: GoogleLayout(legacy: false)
        case .googleLegacy: GoogleLayout(legacy: true)
        case .outlook: OutlookLayout()
        }
    }
}
