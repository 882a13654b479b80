import Foundation

extension ContactDetails {
    /// Limits that keep one contact a reasonable size.
    public enum Limits {
        public static let nameLength = 200
        public static let textLength = 2_000
        public static let noteLength = 10_000
        public static let entries = 50
        /// The groups one contact may be in (checked by the store, which reads a card's groups
        /// once). Each one new to the book makes a group card inside the write, so this bounds
        /// the work one card can ask of the store (real cards carry a handful: iOS, Google and
        /// Outlook users file a contact under a few labels).
        public static let groups = 100
    }

    /// Checks and tidies the details (drops control characters, trims text, drops empty phone
    /// and email entries).
    ///
    /// - Parameters:
    ///   - now: today, against which a birthday may not lie in the future.
    ///   - requirePhone: true for the add screen and `contacts add`; false for imported cards.
    /// - Throws: the first problem found, as `ContactValidationError`.
    public func validated(now: Date, requirePhone: Bool) throws(ContactValidationError) -> ContactDetails {
        var details = self
        details.name = name.withoutControlCharacters().trimmed
        details.address = address.withoutControlCharacters(keepingLineBreaks: true).trimmed
        details.note = note.withoutControlCharacters(keepingLineBreaks: true).trimmed
        details.phones = phones.map { PhoneNumber($0.number.withoutControlCharacters().trimmed, label: $0.label) }
            .filter { !$0.number.isEmpty }
        details.emails = emails.map { $0.withoutControlCharacters().trimmed }.filter { !$0.isEmpty }
        details.extraProperties = extraProperties.map { $0.withoutControlCharacters() }

        guard !details.name.isEmpty else { throw .emptyName }
        try Self.check(details.name, .name, limit: Limits.nameLength)
        if requirePhone && details.phones.isEmpty { throw .missingPhone }
        guard details.phones.count <= Limits.entries else { throw .tooMany(field: .phone, limit: Limits.entries) }
        for phone in details.phones {
            try Self.check(phone.number, .phone, limit: 100)
            guard phone.number.contains(where: { $0.isASCII && $0.isNumber }) else { throw .phoneWithoutDigits(phone.number) }
        }
        if let age, !(0...150).contains(age) { throw .ageOutOfRange }
        if age != nil && birthday != nil { throw .ageAndBirthday }
        if let birthday, let year = birthday.year {
            let today = Calendar.gregorianUTC.dateComponents([.year, .month, .day], from: now)
            if birthday > CalendarDate(year: today.year, month: today.month ?? 1, day: today.day ?? 1) {
                throw .birthdayInFuture
            }
            if let thisYear = today.year, thisYear - year > 150 { throw .ageOutOfRange }
        }
        try Self.check(details.address, .address, limit: Limits.textLength)
        guard details.emails.count <= Limits.entries else { throw .tooMany(field: .email, limit: Limits.entries) }
        for email in details.emails where !Self.isValidEmail(email) { throw .invalidEmail(email) }
        try Self.check(details.note, .note, limit: Limits.noteLength)
        return details
    }

    private static func check(_ text: String, _ field: ContactValidationError.Field, limit: Int) throws(ContactValidationError) {
        if text.count > limit { throw .tooLong(field: field, limit: limit) }
    }

    /// A practical address check: one @, a non-empty local part, a dotted domain, no spaces.
    static func isValidEmail(_ email: String) -> Bool {
        guard email.count <= 254, !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" }) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }
}
