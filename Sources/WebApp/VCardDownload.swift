import ContactsStore
import Foundation
import HTTP

/// An export as a file to save: vCard (`text/vcard`) or CSV (`text/csv`), an attachment under a
/// file name, never cached.
enum VCardDownload {
    /// The whole address book, saved as `contacts.vcf`.
    static func book(_ bytes: [UInt8]) -> Response {
        response(bytes, disposition: #"attachment; filename="contacts.vcf""#)
    }

    /// The whole address book as CSV, saved as `google-contacts.csv` or `outlook-contacts.csv`.
    static func table(_ bytes: [UInt8], format: ExportFormat) -> Response {
        let name = format == .outlookCSV ? "outlook-contacts.csv" : "google-contacts.csv"
        return response(bytes, disposition: #"attachment; filename=""# + name + #"""#, type: "text/csv; charset=utf-8")
    }

    /// One contact's card, saved under the contact's name (RFC 6266: `contact.vcf` for clients
    /// that only read the ASCII `filename`, the name itself in `filename*`).
    static func card(_ bytes: [UInt8], name: String) -> Response {
        response(bytes, disposition: #"attachment; filename="contact.vcf"; filename*=UTF-8''"#
                     + HTML.urlComponent(fileName(name)) + ".vcf")
    }

    /// `name` made safe as a file name: no path separators, no characters that file systems refuse
    /// or that reorder text (controls, bidi overrides), no leading or trailing dots or spaces,
    /// at most 100 characters; "contact" when nothing is left.
    static func fileName(_ name: String) -> String {
        let refused = CharacterSet(charactersIn: #"/\:*?"<>|"#).union(.controlCharacters)
        let kept = String(String.UnicodeScalarView(name.unicodeScalars.filter { !refused.contains($0) }))
        let trimmed = String(kept.prefix(100)).trimmingCharacters(in: CharacterSet(charactersIn: ".").union(.whitespaces))
        return trimmed.isEmpty ? "contact" : trimmed
    }

    private static func response(_ bytes: [UInt8], disposition: String, type: String = "text/vcard; charset=utf-8") -> Response {
        Response(status: 200, headers: ["Content-Type": type, "Content-Disposition": disposition,
                                        "Cache-Control": "private, no-store"], body: bytes)
    }
}
