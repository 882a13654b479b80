import ContactsStore

/// A card property whose value differs from card to card; every other property of a card is
/// the same for all the cards of a book.
enum CardValue: UInt8 {
    case etag, lastModified, addressData
}

/// The `<d:response>` of each card of a listing (PROPFIND Depth 1, multiget, query,
/// sync-collection), written from parts made once per request: the tags, the properties alike
/// for every card and the 404 propstat as bytes, with a slot for each `CardValue`. A card then
/// costs its href and its own values, where working out its whole `PropertySet` cost ten times
/// that in a listing of thousands.
///
/// The parts are cut from the response `DAVContext.cardProperties` and `PropertySet` write for
/// a card whose values are markers, so the two can never answer differently.
struct CardResponseTemplate {
    private enum Part {
        case bytes([UInt8])
        case value(CardValue)
    }

    private let parts: [Part]
    /// The book's path, percent-encoded: each card's href is this and its encoded name.
    private let bookHref: [UInt8]
    private let representation: CardRepresentation
    /// The salt of the book's entity tags, and their ends (`ContactStore.etagEnds`) in this
    /// representation, XML-escaped: a card listed with this salt costs only its revision's digits.
    private let etagSalt: String
    private let etagHead: [UInt8], etagTail: [UInt8]

    /// Marks where a value goes: a character of the Private Use Area, which no part of a card's
    /// response can hold otherwise (hrefs are percent-encoded, the other values are the server's
    /// own ASCII), then the value's number.
    private static let marker: [UInt8] = Array("\u{E000}".utf8)

    /// - Parameters:
    ///   - properties: a card's properties, given its values (`DAVContext.cardProperties`).
    ///   - withAddressData: whether the cards written have their text (a request asking for it).
    ///   - etagSalt: the salt of the book's entity tags.
    init(bookPath: String, request: PropertyRequest, representation: CardRepresentation, withAddressData: Bool,
         etagSalt: String, properties: ((CardValue) -> String?) -> PropertySet) {
        let set = properties { value in
            value == .addressData && !withAddressData ? nil : String(decoding: Self.marker, as: UTF8.self) + String(value.rawValue)
        }
        var body = XMLBuffer()
        set.writePropstats(for: request, into: &body)
        var parts: [Part] = []
        var constant: [UInt8] = XMLOutput.hrefTags.close
        let bytes = body.bytes
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: Self.marker), index + Self.marker.count < bytes.count,
               let value = CardValue(rawValue: bytes[index + Self.marker.count] &- UInt8(ascii: "0")) {
                parts += [.bytes(constant), .value(value)]
                constant = []
                index += Self.marker.count + 1
            } else {
                constant.append(bytes[index])
                index += 1
            }
        }
        parts.append(.bytes(constant + XMLOutput.responseTags.close))
        self.parts = parts
        var href = XMLBuffer()
        DAVPath.encode(bookPath, into: &href)
        self.bookHref = XMLOutput.responseTags.open + XMLOutput.hrefTags.open + href.bytes
        self.representation = representation
        self.etagSalt = etagSalt
        // The phonetic form changes a tag's end alone (`CardRepresentation.etag`), which is the tail's.
        let ends = ContactStore.etagEnds(salt: etagSalt)
        etagHead = Array(XMLOutput.escape(ends.head).utf8)
        etagTail = Array(XMLOutput.escape(representation.etag(ends.tail)).utf8)
    }

    /// Appends the response of the card `version` of the book, with its vCard text (escaped
    /// here) when the request asked for it.
    func write(_ version: CardVersion, addressData: String?, into xml: inout XMLBuffer) {
        var href = version.href
        href.withUTF8 { href in
            write(href: href, into: &xml) { value, xml in
                switch value {
                case .etag: XMLOutput.escape(representation.etag(version.etag), into: &xml)
                case .lastModified: xml += HTTPDate.string(version.updatedAt)
                case .addressData: if let addressData { XMLOutput.escape(addressData, into: &xml) }
                }
            }
        }
    }

    /// Appends the response of a card of the book as its listing reads it, from the
    /// statement's bytes (a template made without address data).
    func write(_ card: ContactStore.ListedCard, into xml: inout XMLBuffer) {
        card.withHref { href in
            write(href: href, into: &xml) { value, xml in
                switch value {
                case .etag where card.salt == etagSalt:
                    xml += etagHead
                    xml.appendDecimal(card.revision)
                    xml += etagTail
                case .etag:
                    card.withETag { XMLOutput.escape(representation.etag(String(decoding: $0, as: UTF8.self)), into: &xml) }
                case .lastModified: xml += HTTPDate.string(card.updatedAt)
                case .addressData: break
                }
            }
        }
    }

    /// The response of the card named by the UTF-8 bytes `href`, its values written by `value`.
    private func write(href: UnsafeBufferPointer<UInt8>, into xml: inout XMLBuffer, value: (CardValue, inout XMLBuffer) -> Void) {
        xml += bookHref
        DAVPath.encode(href, into: &xml)
        for part in parts {
            switch part {
            case .bytes(let bytes): xml += bytes
            case .value(let card): value(card, &xml)
            }
        }
    }
}
