import Blanks
import ContactsCore
import ContactsStore
import HTTP
import VCard
import Wording

/// PUT of a card (RFC 4918 §9.7, RFC 6352 §6.3.2): creates or replaces it, with If-Match and
/// If-None-Match honoured and CardDAV's preconditions reported as DAV:error bodies.
extension DAVContext {
    func put() throws -> Response {
        guard case .card(_, let bookName, let name) = path else {
            throw DAVError(405, davWording.putOutsideAddressBook)
        }
        let book = try addressBook(named: bookName)
        guard request.body.count <= CardDAVServer.maximumResourceSize else { throw CardDAVServer.cardTooLarge }
        if let type = request.headers["Content-Type"]?.lowercased(), !type.hasPrefix("text/vcard"), !type.hasPrefix("text/x-vcard") {
            throw DAVError(415, davWording.sendVCard, precondition: .cardDAV("supported-address-data"))
        }
        if let refusal = Self.forbiddenCharacter(in: request.body) { throw refusal }
        let card: VCard
        let details: ContactDetails
        do {
            card = try Self.singleCard(in: request.body)
            details = try ContactDetails(card: card)
        } catch let error as DAVError {
            throw error
        } catch let error as VCardError {
            throw DAVError(400, davWording.notAValidVCard(wording.message(for: error)), precondition: .cardDAV("valid-address-data"))
        } catch let error as ContactValidationError {
            throw DAVError(400, davWording.notAValidVCard(wording.message(for: error)), precondition: .cardDAV("valid-address-data"))
        }
        // A card sent without a UID keeps the one it has; a new one is named after its resource.
        let uid = try card.uid ?? store.card(href: name, in: book.scope)?.contact.uid ?? Self.uid(fromResourceName: name)
        let precondition: ContactStore.CardPrecondition
        if let match = request.headers["If-Match"] {
            precondition = .ifMatch(CardRepresentation.storedETags(in: match))
        } else if request.headers["If-None-Match"]?.trimmingBlanks() == "*" {
            precondition = .ifNoneMatchAny
        } else {
            precondition = .none
        }
        // RFC 6352 §6.3.2.3: a card stored as it was sent is served back byte for byte, so its
        // ETag is given; one the server changed (a UID or FN supplied, a 2.1 card) is written
        // afresh and gets none. Nothing is added to a card a client
        // PUTs: Apple's Contacts gets its phonetic names in its own representation.
        let sent: SentCard? = card.uid == nil || card.property(named: "FN") == nil ? nil
            : card.version.flatMap { VCardWriter.Version(rawValue: $0.rawValue) }.flatMap { version in
                Self.servableAsSent(request.body).map { SentCard(text: $0, version: version) }
            }
        let stored: (card: ContactStore.StoredCard, created: Bool)
        do {
            stored = try store.putCard(href: name, uid: uid, details: details, in: book.scope, precondition: precondition, sent: sent)
        } catch StoreError.preconditionFailed {
            throw DAVError(412, davWording.cardChangedOrExists)
        } catch StoreError.uidConflict(let other) where other == name {
            var error = DAVError(409, davWording.cardHasAnotherUID(name), precondition: .cardDAV("no-uid-conflict"))
            error.extra = XMLOutput.href(cardPath(other, in: book))
            throw error
        } catch StoreError.uidConflict(let other) {
            var error = DAVError(409, davWording.uidTaken(uid), precondition: .cardDAV("no-uid-conflict"))
            error.extra = XMLOutput.href(cardPath(other, in: book))
            throw error
        } catch StoreError.invalid(let reason) {
            throw DAVError(403, wording.message(for: reason), precondition: .cardDAV("valid-address-data"))
        } catch StoreError.invalidUID(let uid) {
            throw DAVError(403, davWording.uidCannotNameCard(uid), precondition: .cardDAV("valid-address-data"))
        } catch StoreError.invalidHref(let name) {
            throw DAVError(400, davWording.nameCannotNameCard(name))
        }
        // RFC 9110 §9.3.4: no validator when what the client is served is not what it sent; it
        // then GETs what it is served (RFC 6352 §6.3.2.3). The store's own change in the same
        // write (a group the card's UID was already in, added to its CATEGORIES) counts too.
        var headers: HTTPHeaders = [:]
        if stored.card.sent != nil, representation.addedLines(for: stored.card.contact).isEmpty {
            headers["ETag"] = representation.etag(stored.card.etag)
        }
        return Response(status: stored.created ? 201 : 204, headers: headers)
    }

    /// The body as text when it can be served back as it came: UTF-8 without characters that
    /// no stored field or XML answer keeps (C0 controls but tab, CR and LF; DEL; U+FFFE, U+FFFF).
    private static func servableAsSent(_ body: [UInt8]) -> String? {
        guard let text = String(validating: body, as: UTF8.self),
              !text.unicodeScalars.contains(where: { scalar in
                  (scalar.value < 0x20 && !["\t", "\r", "\n"].contains(scalar)) || scalar.value == 0x7F
                      || scalar.value == 0xFFFE || scalar.value == 0xFFFF
              }) else { return nil }
        return text
    }

    /// RFC 6350 §3.3: no part of a content line may hold a control character but tab (C0
    /// controls, DEL); CR and LF only end lines. A card holding one is refused (RFC 6352
    /// §6.3.2.1, valid-address-data) rather than stored with it dropped, which would be a card
    /// other than the one sent; the refusal names the property, its line and the character.
    /// Imports (the web app, the CLI) stay lenient and drop them.
    static func forbiddenCharacter(in body: [UInt8]) -> DAVError? {
        guard let index = body.firstIndex(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else {
            return nil
        }
        // The content line it is in starts after the last line break that folding does not continue.
        var start = index
        while start > 0 {
            let before = start - 1
            if body[before] == 0x0A, start < body.count, body[start] != 0x20, body[start] != 0x09 { break }
            start = before
        }
        let line = body[..<index].filter { $0 == 0x0A }.count + 1
        let nameBytes = body[start..<index].prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ":") && $0 != 0x0D && $0 != 0x0A }
        var name = String(decoding: nameBytes.prefix(64), as: UTF8.self)
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }  // item1.EMAIL is EMAIL
        let hex = String(body[index], radix: 16, uppercase: true)
        let character = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        return DAVError(403, davWording.controlCharacter(character, property: name.isEmpty ? nil : name, line: line),
                        precondition: .cardDAV("valid-address-data"))
    }

    /// The one vCard of a PUT body (RFC 6352 §5.1: a resource holds exactly one).
    private static func singleCard(in body: [UInt8]) throws -> VCard {
        var reader = VCardReader(bytes: body)
        guard let first = reader.next() else { throw DAVError(400, davWording.noVCardInBody, precondition: .cardDAV("valid-address-data")) }
        let card = try first.get()
        guard reader.next() == nil else {
            throw DAVError(400, davWording.oneVCardPerResource, precondition: .cardDAV("valid-address-data"))
        }
        return card
    }

    /// A UID for a card that has none: its resource name without `.vcf` (the name itself when
    /// nothing else is left).
    private static func uid(fromResourceName name: String) -> String {
        name.lowercased().hasSuffix(".vcf") && name.count > 4 ? String(name.dropLast(4)) : name
    }
}
