import ContactCSV

/// The file formats an export writes, as `contacts export --format` and the web export name them.
public enum ExportFormat: String, Sendable, CaseIterable {
    case vCard = "vcard"
    case googleCSV = "google-csv"
    case outlookCSV = "outlook-csv"

    /// The CSV format written; nil for vCard.
    public var csvFormat: ContactCSVFormat? {
        switch self {
        case .vCard: nil
        case .googleCSV: .googleContacts
        case .outlookCSV: .outlook
        }
    }
}
