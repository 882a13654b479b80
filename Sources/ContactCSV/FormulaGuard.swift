/// Keeps a spreadsheet from reading a field as a formula (CSV injection, OWASP's "CSV Formula
/// Injection"): Excel, WPS, LibreOffice and Google Sheets evaluate a cell that begins with `=`,
/// `+`, `-` or `@` (and, after a leading tab or carriage return, still do in some versions), so
/// `=HYPERLINK("http://…")` from a synced card would become a live link in the exported file.
/// Such a field is written with a `'` before it, which every one of them shows as text. Phone
/// numbers (`+86 138 0013 8000`, `-1`) are left as they are: a formula needs a letter or an
/// operator a number lacks.
///
/// `unguarded` reads back exactly what `guarded` wrote, for every text: a field that begins
/// with quotes before such a character gets one quote more, so a value that really begins with
/// `'=` survives an export and an import.
enum FormulaGuard {
    /// The characters a spreadsheet starts a formula with.
    private static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    /// What a phone number is written with: a field of these alone (with a digit) is no formula.
    private static let phoneCharacters = Set("0123456789 ()-./+".unicodeScalars)

    /// The field as it is written into a cell.
    static func guarded(_ field: String) -> String {
        needsQuote(field) ? "'" + field : field
    }

    /// The field as it was before `guarded`.
    static func unguarded(_ cell: String) -> String {
        cell.hasPrefix("'") && needsQuote(String(cell.dropFirst())) ? String(cell.dropFirst()) : cell
    }

    /// Whether `guarded` quotes `field`: after its leading quotes, it begins with a trigger,
    /// and either it had a quote already or it is not a phone number.
    private static func needsQuote(_ field: String) -> Bool {
        let scalars = field.unicodeScalars
        let rest = scalars.drop { $0 == "'" }
        guard let first = rest.first, triggers.contains(first) else { return false }
        let hadQuotes = rest.count < scalars.count
        return hadQuotes || !isPhoneNumber(rest)
    }

    private static func isPhoneNumber(_ scalars: Substring.UnicodeScalarView) -> Bool {
        scalars.allSatisfy(phoneCharacters.contains) && scalars.contains { ("0"..."9").contains($0) }
    }
}
