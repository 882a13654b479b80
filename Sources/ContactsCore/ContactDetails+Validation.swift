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

    /// The oldest age a contact may be given, and how many years before this one a birthday may lie.
    public static let oldestAge = 150

    /// Checks and tidies the details: drops control characters, trims text, drops empty entries,
    /// and names a contact with only a company (or only the name's parts) by them.
    ///
    /// A contact needs a name or a company, as in iOS Contacts; a phone is not required (the
    /// first app's rule), since many real contacts have only an email, a WeChat or an address.
    /// - Parameter now: today, against which a birthday may not lie in the future.
    /// - Throws: the first problem found, as `ContactValidationError`.
    public func validated(now: Date) throws(ContactValidationError) -> ContactDetails {
        var details = self
        func line(_ text: String) -> String { text.withoutControlCharacters().trimmed }
        details.name = line(name)
        details.nameParts = NameParts(prefix: line(nameParts.prefix), given: line(nameParts.given), middle: line(nameParts.middle),
                                      family: line(nameParts.family), suffix: line(nameParts.suffix))
        details.phoneticName = PhoneticName(given: line(phoneticName.given), middle: line(phoneticName.middle),
                                            family: line(phoneticName.family))
        (details.nickname, details.organization, details.department, details.jobTitle) =
            (line(nickname), line(organization), line(department), line(jobTitle))
        details.note = note.withoutControlCharacters(keepingLineBreaks: true).trimmed
        details.phones = phones.map { PhoneNumber(line($0.number), label: $0.label) }.filter { !$0.number.isEmpty }
        details.emails = emails.map { EmailAddress(line($0.address), label: $0.label) }.filter { !$0.address.isEmpty }
        details.addresses = addresses.map {
            PostalAddress(label: $0.label, street: $0.street.withoutControlCharacters(keepingLineBreaks: true).trimmed,
                          city: line($0.city), region: line($0.region), postcode: line($0.postcode), country: line($0.country),
                          countryCode: line($0.countryCode).lowercased())
        }.filter { !$0.isEmpty }
        details.urls = urls.map { Website(line($0.url), label: $0.label) }.filter { !$0.url.isEmpty }
        details.instantMessages = instantMessages.map { ServiceHandle(service: line($0.service), handle: line($0.handle), label: $0.label) }
            .filter { !$0.handle.isEmpty }
        details.socialProfiles = socialProfiles.map { ServiceHandle(service: line($0.service), handle: line($0.handle), label: $0.label) }
            .filter { !$0.handle.isEmpty }
        details.dates = dates.map { LabelledDate($0.date, label: $0.label) }
        details.relatedNames = relatedNames.map { RelatedName(line($0.name), label: $0.label) }.filter { !$0.name.isEmpty }
        details.extraProperties = extraProperties.map { $0.withoutControlCharacters() }

        if details.name.isEmpty { details.name = details.nameParts.spelled }
        if details.name.isEmpty { details.name = details.organization }
        guard !details.name.isEmpty else { throw .emptyName }
        if details.isCompany && details.organization.isEmpty { details.organization = details.name }
        try Self.check(details.name, .name, limit: Limits.nameLength)
        for part in details.nameParts.all + [details.phoneticName.given, details.phoneticName.middle, details.phoneticName.family,
                                             details.nickname] where !part.isEmpty {
            try Self.check(part, .name, limit: Limits.nameLength)
        }
        for text in [details.organization, details.department, details.jobTitle] where !text.isEmpty {
            try Self.check(text, .organization, limit: Limits.nameLength)
        }
        try Self.checkCount(details.phones, .phone)
        for phone in details.phones {
            try Self.check(phone.number, .phone, limit: 100)
            guard phone.number.contains(where: { $0.isASCII && $0.isNumber }) else { throw .phoneWithoutDigits(phone.number) }
        }
        if let age, !(0...Self.oldestAge).contains(age) { throw .ageOutOfRange }
        if age != nil && birthday != nil { throw .ageAndBirthday }
        if let birthday, let year = birthday.year {
            let today = Calendar.gregorianUTC.dateComponents([.year, .month, .day], from: now)
            if birthday > CalendarDate(year: today.year, month: today.month ?? 1, day: today.day ?? 1) {
                throw .birthdayInFuture
            }
            if let thisYear = today.year, thisYear - year > Self.oldestAge { throw .birthdayTooEarly(earliestYear: thisYear - Self.oldestAge) }
        }
        try Self.checkCount(details.addresses, .address)
        for address in details.addresses { for part in address.parts { try Self.check(part, .address, limit: Limits.textLength) } }
        try Self.checkCount(details.emails, .email)
        for email in details.emails where !Self.isValidEmail(email.address) { throw .invalidEmail(email.address) }
        try Self.checkCount(details.urls, .url)
        for website in details.urls { try Self.check(website.url, .url, limit: Limits.textLength) }
        try Self.checkCount(details.instantMessages + details.socialProfiles, .instantMessage)
        for handle in details.instantMessages + details.socialProfiles {
            try Self.check(handle.handle, .instantMessage, limit: 200)
            try Self.check(handle.service, .instantMessage, limit: ContactLabel.maximumLength)
        }
        try Self.checkCount(details.dates, .date)
        try Self.checkCount(details.relatedNames, .relatedName)
        for related in details.relatedNames { try Self.check(related.name, .relatedName, limit: Limits.nameLength) }
        try Self.checkLabels(details.phones.lazy.map(\.label))
        try Self.checkLabels(details.emails.lazy.map(\.label))
        try Self.checkLabels(details.addresses.lazy.map(\.label))
        try Self.checkLabels(details.urls.lazy.map(\.label))
        try Self.checkLabels((details.instantMessages + details.socialProfiles).lazy.map(\.label))
        try Self.checkLabels(details.dates.lazy.map(\.label))
        try Self.checkLabels(details.relatedNames.lazy.map(\.label))
        try Self.check(details.note, .note, limit: Limits.noteLength)
        return details
    }

    private static func checkLabels(_ labels: some Sequence<ContactLabel>) throws(ContactValidationError) {
        for label in labels { try check(label.rawValue, .label, limit: ContactLabel.maximumLength) }
    }

    private static func checkCount<Entry>(_ entries: [Entry], _ field: ContactValidationError.Field) throws(ContactValidationError) {
        guard entries.count <= Limits.entries else { throw .tooMany(field: field, limit: Limits.entries) }
    }

    private static func check(_ text: String, _ field: ContactValidationError.Field, limit: Int) throws(ContactValidationError) {
        if !fits(text, limit: limit) { throw .tooLong(field: field, limit: limit) }
    }

    /// Whether the text has at most `limit` characters; counted only when its bytes could be more.
    static func fits(_ text: String, limit: Int) -> Bool {
        text.utf8.count <= limit || text.count <= limit
    }

    /// A practical address check: one @, a non-empty local part, a dotted domain, no spaces.
    static func isValidEmail(_ email: String) -> Bool {
        guard fits(email, limit: 254), !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" }) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }
}
