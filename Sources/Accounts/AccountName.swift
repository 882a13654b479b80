import Foundation

/// Account names as the store compares them: Unicode NFC, then case-folded, so `josé` typed
/// precomposed or decomposed, `Alice` or `alice`, is one account.
public enum AccountName {
    /// The longest account name, in characters.
    public static let maximumLength = 64

    /// The form of `name` accounts are looked up and kept unique by; nil for a name no account
    /// can have: empty, longer than `maximumLength`, or holding a control or format character
    /// (NUL, line breaks, zero-width and direction marks). Checked at every way in — the login
    /// form, CardDAV Basic credentials, the CLI — before a name reaches a query or a throttle.
    public static func key(_ name: String) -> String? {
        // Measured in bytes first, so a huge name costs nothing to refuse.
        guard !name.isEmpty, name.utf8.count <= maximumLength * 16 else { return nil }
        // Printable ASCII is already NFC and folds byte by byte: no Unicode tables needed, which
        // matters as every CardDAV request and each href of a multiget compares names.
        if NameText.isPrintableASCII(name) {
            return name.utf8.count <= maximumLength ? name.lowercased() : nil
        }
        guard (1...maximumLength).contains(name.count),
              !name.unicodeScalars.contains(where: NameText.isHidden) else { return nil }
        return NameText.nfc(NameText.nfc(name).lowercased())
    }

    /// `name` as an account is created with it, NFC; throws unless it is 1–64 letters, digits,
    /// `.`, `_`, `-` and `@`.
    static func validated(_ name: String) throws(AccountError) -> (name: String, key: String) {
        let normalized = NameText.nfc(name)
        guard let key = key(normalized), normalized.allSatisfy({ $0.isLetter || $0.isNumber || "._-@".contains($0) }) else {
            throw .invalidUsername(name)
        }
        return (normalized, key)
    }
}
