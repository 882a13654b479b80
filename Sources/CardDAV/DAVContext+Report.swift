import ContactsStore
import HTTP

/// REPORT (RFC 3253 §3.6) on an address book: addressbook-multiget and addressbook-query
/// (RFC 6352 §8.6, §8.7) and sync-collection (RFC 6578 §3).
extension DAVContext {
    func report() throws -> Response {
        guard let body = try body() else { throw DAVError(400, "A REPORT needs a body.") }
        if body.name == .dav("expand-property") { return try expandProperty(body) }
        guard case .addressBook(_, let name) = path else {
            throw DAVError(403, "Reports are run on an address book.", precondition: .dav("supported-report"))
        }
        let book = try addressBook(named: name)
        switch body.name {
        case .cardDAV("addressbook-multiget"): return try multiget(body, in: book)
        case .cardDAV("addressbook-query"): return try query(body, in: book)
        case .dav("sync-collection"): return try syncCollection(body, in: book)
        default: throw DAVError(403, "Unsupported report \(body.name.local).", precondition: .dav("supported-report"))
        }
    }

    /// The `<d:response>` of a card with the requested properties.
    func response(for card: ContactStore.StoredCard, in book: AddressBook, wanted: PropertyRequest,
                  addressData: AddressDataRequest) -> String {
        cardProperties(scope: book.scope, href: card.href, etag: card.etag, updatedAt: card.contact.updatedAt, card: card, request: wanted,
                       addressData: addressData).response(href: cardPath(card.href, in: book), for: wanted)
    }

    /// A `<d:response>` that says only a status (a missing href, a removed card, a truncated result).
    static func statusResponse(href: String, _ status: Int) -> String {
        XMLOutput.element(.dav("response"), XMLOutput.href(href) + XMLOutput.status(status))
    }

    /// RFC 6352 §8.7: the named cards of this book; hrefs that name nothing here get a 404.
    private func multiget(_ body: XMLNode, in book: AddressBook) throws -> Response {
        let wanted = PropertyRequest(report: body)
        let addressData = try AddressDataRequest(report: body)
        let hrefs = body.children(.dav("href")).map { DAVPath.fromHref($0.text) }
        var names: [String: String] = [:]
        for href in hrefs {
            if case .card(let owner, let bookName, let name)? = DAVPath(href),
               owner.lowercased() == user.username.lowercased(), bookName == book.name {
                names[href] = name
            }
        }
        let found = Dictionary(try store.cards(hrefs: Array(Set(names.values)), in: book.scope).map { ($0.href, $0) },
                               uniquingKeysWith: { first, _ in first })
        let responses = hrefs.map { href in
            guard let name = names[href], let card = found[name] else { return Self.statusResponse(href: href, 404) }
            return response(for: card, in: book, wanted: wanted, addressData: addressData)
        }.joined()
        return Self.multistatus(responses)
    }
}
