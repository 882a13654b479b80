import ContactsCore
import ContactsStore
import DecimalDigits
import Foundation
import VCard

/// The live properties of each kind of resource (RFC 4918 §15, RFC 3744 §5, RFC 5397,
/// RFC 6352 §6–§7, RFC 6578 §4, and the CalendarServer getctag).
extension DAVContext {
    /// What every resource says about who is asking (RFC 5397), who owns it and what they may
    /// do (RFC 3744 §5).
    private func common(_ set: inout PropertySet, access: BookAccess, sharedBy owner: String? = nil) {
        set.set(.dav("current-user-principal"), XMLOutput.href(principalPath))
        accessControlProperties(&set, access: access, sharedBy: owner)
    }

    func rootProperties() -> PropertySet {
        var set = PropertySet()
        set.set(.dav("resourcetype"), XMLOutput.element(.dav("collection")))
        set.setText(.dav("displayname"), "PersonalContacts")
        set.set(.dav("current-user-principal"), XMLOutput.href(principalPath))
        set.set(.dav("principal-URL"), XMLOutput.href(principalPath))
        return set
    }

    func principalProperties() -> PropertySet {
        var set = PropertySet()
        set.set(.dav("resourcetype"), XMLOutput.element(.dav("principal")))
        set.setText(.dav("displayname"), user.username)
        set.set(.dav("principal-URL"), XMLOutput.href(principalPath))
        set.set(.cardDAV("addressbook-home-set"), XMLOutput.href(homePath))
        principalMembership(&set)
        set.set(.dav("supported-report-set"), Self.supportedReports(Self.reportsOnAnyCollection))
        common(&set, access: .readOnly)
        return set
    }

    func homeProperties() -> PropertySet {
        var set = PropertySet()
        set.set(.dav("resourcetype"), XMLOutput.element(.dav("collection")))
        set.setText(.dav("displayname"), user.username)
        set.set(.dav("supported-report-set"), Self.supportedReports(Self.reportsOnAnyCollection))
        common(&set, access: .owner)
        return set
    }

    /// The reports answered on the principal, the home and every address book (RFC 3253 §3.1.5
    /// asks each resource to list its own): expand-property (RFC 3253 §3.8) and the RFC 3744
    /// §9 principal reports but principal-search-property-set, which is the principal
    /// collection's.
    static let reportsOnAnyCollection: [XMLName] = [.dav("expand-property")] + principalReports.filter { $0 != .dav("principal-search-property-set") }

    /// An address book's live and dead properties.
    func bookProperties(_ book: AddressBook) throws -> PropertySet {
        var set = liveBookProperties(book)
        for property in try store.deadProperties(of: book.scope) {
            set.set(property)
        }
        return set
    }

    /// The properties the server keeps for an address book (all protected but displayname).
    func liveBookProperties(_ book: AddressBook) -> PropertySet {
        var set = PropertySet()
        set.set(.dav("resourcetype"), XMLOutput.element(.dav("collection")) + XMLOutput.element(.cardDAV("addressbook")))
        set.setText(.dav("displayname"), book.displayName)
        set.setText(.calendarServer("getctag"), SyncTokenURI.string(book.syncToken))
        set.setText(.dav("sync-token"), SyncTokenURI.string(book.syncToken))
        // RFC 6352 §6.2.2: what may be stored. A 2.1 card is accepted (and stored as the 3.0/4.0
        // card it maps to) so that no client's card is lost; cards are served as 3.0 or 4.0.
        set.set(.cardDAV("supported-address-data"), ["3.0", "4.0", "2.1"].map {
            #"<card:address-data-type content-type="text/vcard" version="\#($0)"/>"#
        }.joined())
        set.setText(.cardDAV("max-resource-size"), String(CardDAVServer.maximumResourceSize))
        set.set(.dav("supported-report-set"), Self.supportedReports([.cardDAV("addressbook-multiget"), .cardDAV("addressbook-query"), .dav("sync-collection")]
                                                                    + Self.reportsOnAnyCollection))
        set.set(.cardDAV("supported-collation-set"), CardFilter.Collation.allCases.map {
            XMLOutput.text(.cardDAV("supported-collation"), $0.rawValue)
        }.joined())
        common(&set, access: book.scope.access, sharedBy: book.sharedBy)
        return set
    }

    /// A card's properties, only those `request` asks for worked out; `address-data` (the
    /// card's text, XML-escaped) only when asked for by name.
    func cardProperties(of version: CardVersion, in book: AddressBook, addressData: String?, request: PropertyRequest) -> PropertySet {
        cardProperties(in: book, request: request) { value in
            switch value {
            case .etag: XMLOutput.escape(representation.etag(version.etag))
            case .lastModified: HTTPDate.string(version.updatedAt)
            case .addressData: addressData
            }
        }
    }

    /// The properties of a card of `book`, taking from `value` (as XML content) those that
    /// differ from card to card: the one description of a card's properties, which a listing's
    /// `CardResponseTemplate` is made from too.
    func cardProperties(in book: AddressBook, request: PropertyRequest, value: (CardValue) -> String?) -> PropertySet {
        var set = PropertySet(computing: request)
        set.set(.dav("resourcetype"))
        set.set(.dav("getetag"), value(.etag) ?? "")
        set.setText(.dav("getcontenttype"), "text/vcard; charset=utf-8")
        set.set(.dav("getlastmodified"), value(.lastModified) ?? "")
        set.set(.dav("supported-report-set"), Self.supportedReports([.cardDAV("addressbook-multiget"), .cardDAV("addressbook-query")]))
        accessControlProperties(&set, access: book.scope.access, sharedBy: book.sharedBy)
        if request.wants(.cardDAV("address-data")), let addressData = value(.addressData) {
            set.set(.cardDAV("address-data"), addressData)
        }
        return set
    }

    /// A `supported-report-set` value (RFC 3253 §3.1.5) naming these reports.
    static func supportedReports(_ reports: [XMLName]) -> String {
        reports.map { XMLOutput.element(.dav("supported-report"), XMLOutput.element(.dav("report"), XMLOutput.element($0))) }.joined()
    }

    /// The properties of a card read whole (a PROPFIND of the card itself).
    func cardProperties(of card: StoredCard, in book: AddressBook, request: PropertyRequest) -> PropertySet {
        let addressData = request.wants(.cardDAV("address-data"))
            ? XMLOutput.escape(AddressDataRequest().text(of: card, in: book.scope, representation: representation, cache: server.cardTexts))
            : nil
        return cardProperties(of: card.version, in: book, addressData: addressData, request: request)
    }
}

/// Sync tokens and CTags as URIs (RFC 6578 §3.2 requires a URI): the book's salt and the number
/// of its newest change, `https://personal-contacts.invalid/ns/sync/<salt>/<number>`. A token of
/// earlier releases (the prefix and a bare number) reads as no token of ours.
enum SyncTokenURI {
    static let prefix = "https://personal-contacts.invalid/ns/sync/"

    static func string(_ token: SyncToken) -> String { prefix + token.description }

    /// A token handed out earlier; nil when it is not one of ours.
    static func token(_ text: String) -> SyncToken? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix(prefix) else { return nil }
        return SyncToken(trimmed.dropFirst(prefix.count))
    }
}

/// Dates as HTTP writes them (RFC 9110 §5.6.7): `Tue, 01 Dec 2026 10:00:00 GMT`. Written by
/// hand: a PROPFIND of thousands of cards writes thousands of them.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(29)
        func append(_ value: Int32, digits: Int) {
            DecimalDigits.append(UInt64(max(value, 0)), width: digits, to: &text)
        }
        text += weekdays[Int(parts.tm_wday)].utf8
        text += ", ".utf8
        append(parts.tm_mday, digits: 2)
        text.append(UInt8(ascii: " "))
        text += months[Int(parts.tm_mon)].utf8
        text.append(UInt8(ascii: " "))
        append(parts.tm_year + 1900, digits: 4)
        text.append(UInt8(ascii: " "))
        append(parts.tm_hour, digits: 2)
        text.append(UInt8(ascii: ":"))
        append(parts.tm_min, digits: 2)
        text.append(UInt8(ascii: ":"))
        append(parts.tm_sec, digits: 2)
        text += " GMT".utf8
        return String(decoding: text, as: UTF8.self)
    }
}
