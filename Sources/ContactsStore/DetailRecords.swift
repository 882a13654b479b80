import ContactsCore

/// The details that have no column of their own, kept in the contacts table's `fields` column:
/// one record per value, records separated by U+001E, a record's parts by U+001F, its first
/// part naming what it holds. Validation takes control characters out of every value, so no
/// value holds a separator (and one that did would be cut, never misread as another field).
enum DetailRecords {
    static let recordSeparator: UInt8 = 0x1E
    static let partSeparator: UInt8 = 0x1F

    /// What each kind of record holds, by its first part.
    private enum Kind: String {
        case nameParts = "n", phonetic = "ph", nickname = "nick", work = "org", company = "company", address = "adr",
             url = "url", instantMessage = "im", socialProfile = "social", date = "date", related = "rel"
    }

    /// The column's text for the details.
    static func text(of details: ContactDetails) -> String {
        var records: [[String]] = []
        let parts = details.nameParts
        if !parts.isEmpty { records.append([Kind.nameParts.rawValue, parts.prefix, parts.given, parts.middle, parts.family, parts.suffix]) }
        let phonetic = details.phoneticName
        if !phonetic.isEmpty { records.append([Kind.phonetic.rawValue, phonetic.given, phonetic.middle, phonetic.family]) }
        if !details.nickname.isEmpty { records.append([Kind.nickname.rawValue, details.nickname]) }
        if !(details.organization + details.department + details.jobTitle).isEmpty {
            records.append([Kind.work.rawValue, details.organization, details.department, details.jobTitle])
        }
        if details.isCompany { records.append([Kind.company.rawValue]) }
        records += details.addresses.map {
            [Kind.address.rawValue, $0.label.rawValue, $0.street, $0.city, $0.region, $0.postcode, $0.country, $0.countryCode]
        }
        records += details.urls.map { [Kind.url.rawValue, $0.label.rawValue, $0.url] }
        records += details.instantMessages.map { [Kind.instantMessage.rawValue, $0.label.rawValue, $0.service, $0.handle] }
        records += details.socialProfiles.map { [Kind.socialProfile.rawValue, $0.label.rawValue, $0.service, $0.handle] }
        records += details.dates.map { [Kind.date.rawValue, $0.label.rawValue, $0.date.description] }
        records += details.relatedNames.map { [Kind.related.rawValue, $0.label.rawValue, $0.name] }
        return join(records)
    }

    /// Sets the fields the column's text holds on `details`; records it cannot read are skipped.
    static func read(_ text: String, into details: inout ContactDetails) {
        for record in split(text) {
            guard let kind = Kind(rawValue: record[0]) else { continue }
            func part(_ index: Int) -> String { index < record.count ? record[index] : "" }
            let label = ContactLabel(part(1))
            switch kind {
            case .nameParts:
                details.nameParts = NameParts(prefix: part(1), given: part(2), middle: part(3), family: part(4), suffix: part(5))
            case .phonetic: details.phoneticName = PhoneticName(given: part(1), middle: part(2), family: part(3))
            case .nickname: details.nickname = part(1)
            case .work: (details.organization, details.department, details.jobTitle) = (part(1), part(2), part(3))
            case .company: details.isCompany = true
            case .address:
                details.addresses.append(PostalAddress(label: label, street: part(2), city: part(3), region: part(4),
                                                       postcode: part(5), country: part(6), countryCode: part(7)))
            case .url: details.urls.append(Website(part(2), label: label))
            case .instantMessage: details.instantMessages.append(serviceHandle(record))
            case .socialProfile: details.socialProfiles.append(serviceHandle(record))
            case .date: if let date = CalendarDate(part(2)) { details.dates.append(LabelledDate(date, label: label)) }
            case .related: details.relatedNames.append(RelatedName(part(2), label: label))
            }
        }
    }

    /// The instant-messaging handles the column's text holds, and nothing else: what duplicate
    /// detection reads of every contact, so only those records are cut into parts.
    static func instantMessages(in text: String) -> [ServiceHandle] {
        let prefix = Array(Kind.instantMessage.rawValue.utf8) + [partSeparator]
        guard !text.isEmpty else { return [] }
        return text.utf8.split(separator: recordSeparator).filter { $0.starts(with: prefix) }.map { record in
            serviceHandle(record.split(separator: partSeparator, omittingEmptySubsequences: false).map { String(Substring($0)) })
        }
    }

    /// The handle or profile a record holds: label, service, handle after its kind.
    private static func serviceHandle(_ record: [String]) -> ServiceHandle {
        func part(_ index: Int) -> String { index < record.count ? record[index] : "" }
        return ServiceHandle(service: part(2), handle: part(3), label: ContactLabel(part(1)))
    }

    /// Labelled values (phones, emails) as the phones and emails columns hold them: label and
    /// value per record.
    static func labelled<Entry>(_ entries: [Entry], _ parts: (Entry) -> (ContactLabel, String)) -> String {
        join(entries.map { let (label, value) = parts($0); return [label.rawValue, value] })
    }

    /// The entries of a phones or emails column, made from each record's label and value; a
    /// record without a label (an emails column written before emails had labels) is labelled `other`.
    static func labelled<Entry>(_ text: String, _ entry: (ContactLabel, String) -> Entry) -> [Entry] {
        split(text).map { $0.count > 1 ? entry(ContactLabel($0[0]), $0[1]) : entry(.other, $0[0]) }
    }

    private static func join(_ records: [[String]]) -> String {
        var text = ""
        for (index, record) in records.enumerated() {
            if index > 0 { text.unicodeScalars.append(UnicodeScalar(recordSeparator)) }
            for (position, part) in record.enumerated() {
                if position > 0 { text.unicodeScalars.append(UnicodeScalar(partSeparator)) }
                if part.utf8.contains(where: isSeparator) {
                    text += String(decoding: part.utf8.map { isSeparator($0) ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
                } else {
                    text += part
                }
            }
        }
        return text
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == recordSeparator || byte == partSeparator
    }

    /// The records and their parts, comparing bytes rather than Characters (much faster).
    private static func split(_ text: String) -> [[String]] {
        guard !text.isEmpty else { return [] }
        return text.utf8.split(separator: recordSeparator, omittingEmptySubsequences: false).map { record in
            record.split(separator: partSeparator, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
    }
}
