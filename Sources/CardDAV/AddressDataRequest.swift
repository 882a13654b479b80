import Blanks
import ContactsCore
import Foundation
import ContactsStore
import VCard
import Wording

/// How a card is written for GET (the Accept header) or inside a REPORT (`card:address-data`,
/// RFC 6352 §10.4): vCard 3.0 or 4.0, all properties or a named subset. A card is served as its
/// client sent it while that is its latest write and the version asked for is the one it has.
struct AddressDataRequest {
    /// The version asked for; nil for the card's own (a GET that names none), else 3.0.
    var version: VCardWriter.Version? = .v3_0
    /// The properties asked for; nil for the whole card.
    var propertyNames: [PropertyName]?

    init() {}

    /// From the `card:address-data` element of a REPORT's prop (the defaults when there is none).
    init(report body: XMLNode) throws {
        guard let element = body.child(.dav("prop"))?.child(.cardDAV("address-data")) else { return }
        if let type = element.attributes["content-type"], type.lowercased() != "text/vcard" {
            throw DAVError(403, davWording.servedAsVCardOnly, precondition: .cardDAV("supported-address-data"))
        }
        if let version = element.attributes["version"] {
            // RFC 6352 §6.2.2 lists 2.1 in supported-address-data: such a card may be stored
            // (as the 3.0/4.0 card it maps to), but none is written back as 2.1 (§5.1.1.1).
            if version.trimmingBlanks() == "2.1" {
                throw DAVError(403, davWording.vCard21NotServed,
                               precondition: .cardDAV("supported-address-data-conversion"))
            }
            guard let chosen = VCardWriter.Version(rawValue: version) else {
                throw DAVError(403, davWording.onlyVCard3And4Served, precondition: .cardDAV("supported-address-data"))
            }
            self.version = chosen
        }
        let names = element.children(.cardDAV("prop")).compactMap { $0.attributes["name"] }.map(PropertyName.init)
        if element.attributes["allprop"] == nil, !names.isEmpty { propertyNames = names }
    }

    /// Whether an Accept header (RFC 9110 §12.5.1) takes a vCard: no header, or one naming
    /// text/vcard, text/x-vcard, text/* or */*.
    static func acceptsVCard(_ accept: String?) -> Bool {
        guard let accept, !accept.allSatisfy(\.isWhitespace) else { return true }
        return accept.split(separator: ",").contains { range in
            let type = range.split(separator: ";").first.map { $0.trimmingBlanks().lowercased() } ?? ""
            return ["text/vcard", "text/x-vcard", "text/*", "*/*"].contains(type)
        }
    }

    /// From an Accept header: the version it names (`text/vcard; version=4.0`), or none.
    init(accept: String?) {
        guard let accept = accept?.lowercased(), !accept.isEmpty else {
            version = nil
            return
        }
        version = accept.contains("version=4.0") ? .v4_0 : accept.contains("version=3.0") ? .v3_0 : nil
    }

    /// The card as vCard text in `representation` (whole cards through the cache); a subset
    /// keeps VERSION and UID, which a card cannot do without.
    func text(of card: StoredCard, in scope: AddressBookScope, representation: CardRepresentation, cache: CardTextCache) -> String {
        // The version it is written in: the one asked for, else the one its client sent it in
        // (while that is its latest write), else 3.0.
        let written = version ?? card.sent?.version ?? .v3_0
        guard propertyNames != nil else {
            let etag = representation.etag(card.etag)
            let whole = cache.text(href: card.href, etag: etag, in: scope, version: written) {
                let stored = if let sent = card.sent, sent.version == written { sent.text } else { text(of: card.contact, version: written) }
                return CardRepresentation.inserting(representation.addedLines(for: card.contact), into: stored)
            }
            // Found without the card next time by a request that names no version (`cachedText`).
            if version == nil { cache.keep(whole, href: card.href, etag: etag, in: scope, version: nil) }
            return whole
        }
        return text(of: card.contact, version: written)
    }

    /// The whole card's text when the cache holds it (never for a subset), read without the card.
    func cachedText(of card: CardVersion, in scope: AddressBookScope, representation: CardRepresentation, cache: CardTextCache) -> String? {
        guard propertyNames == nil else { return nil }
        return cache.cachedText(href: card.href, etag: representation.etag(card.etag), in: scope, version: version)
    }

    private func text(of contact: Contact, version: VCardWriter.Version) -> String {
        var card = contact.vCard(version: version)
        if let propertyNames {
            card.properties.removeAll { property in property.name != "UID" && !propertyNames.contains { $0.matches(property) } }
        }
        return VCardWriter(version: version).string(for: card)
    }
}
