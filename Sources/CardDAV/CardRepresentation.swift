import Blanks
import ContactsCore
import ContactsStore
import VCard

/// The form in which a client is served its cards.
///
/// Every client gets a card as it was stored — byte for byte what its client sent — and never a
/// change it did not make. Apple's Contacts (iOS, macOS) is the exception that needs one: on a
/// phone set to English it files a Chinese name without phonetic fields under `#`. It is served
/// the phonetic form: each card whose Chinese name has no reading (X-PHONETIC-*, SORT-AS,
/// SORT-STRING) gets X-PHONETIC-LAST-NAME and X-PHONETIC-FIRST-NAME added before its END:VCARD,
/// and every card has an ETag of its own in this form (the stored one with `-ph` at its end), so
/// no ETag ever names two different texts. If-Match and If-None-Match take either form.
enum CardRepresentation: Equatable, Sendable {
    /// As stored.
    case asStored
    /// With phonetic name fields added where a Chinese name has none.
    case phonetic

    private static let etagSuffix = "-ph"

    /// The form for a request from this User-Agent, for a user whose setting allows phonetic names.
    init(userAgent: String?, phoneticNames: () throws -> Bool) rethrows {
        self = try Self.isAppleContacts(userAgent) && phoneticNames() ? .phonetic : .asStored
    }

    /// Whether the User-Agent is Apple's Contacts: `iOS/18.1 (22B83) dataaccessd/1.0`,
    /// `macOS/15.1 (24B83) AddressBookCore/2498.2.1`, and older `iOS/…` and `Mac OS X/… AddressBook/…`.
    static func isAppleContacts(_ userAgent: String?) -> Bool {
        guard let agent = userAgent else { return false }
        return agent.hasPrefix("iOS/") || agent.hasPrefix("macOS/") || agent.hasPrefix("Mac OS X/") || agent.hasPrefix("Mac_OS_X/")
            || agent.contains("dataaccessd") || agent.contains("AddressBookCore") || agent.contains("AddressBook/")
    }

    /// The ETag of a card in this form, from its stored ETag.
    func etag(_ stored: String) -> String {
        guard self == .phonetic, stored.hasSuffix("\"") else { return stored }
        return stored.dropLast() + Self.etagSuffix + "\""
    }

    /// An If-Match or If-None-Match list with every ETag of the phonetic form as the stored one it stands for.
    static func storedETags(in header: String) -> String {
        header.split(separator: ",").map { item in
            let tag = item.trimmingBlanks()
            return tag.hasSuffix(etagSuffix + "\"") ? tag.dropLast(etagSuffix.count + 1) + "\"" : tag
        }.joined(separator: ", ")
    }

    /// The content lines this form adds to a card: none as stored, or for a card whose name
    /// already has a reading or is not Chinese.
    func addedLines(for contact: Contact) -> [String] {
        guard self == .phonetic, let withReading = contact.details.addingPhoneticName() else { return [] }
        return Array(withReading.extraProperties.dropFirst(contact.details.extraProperties.count))
    }

    /// `text` (one vCard) with `lines` before its END:VCARD.
    static func inserting(_ lines: [String], into text: String) -> String {
        guard !lines.isEmpty, let end = text.range(of: "END:VCARD", options: [.caseInsensitive, .backwards]) else { return text }
        return text[..<end.lowerBound] + lines.map { $0 + "\r\n" }.joined() + text[end.lowerBound...]
    }
}
