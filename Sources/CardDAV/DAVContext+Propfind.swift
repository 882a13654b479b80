import ContactsStore
import HTTP

/// PROPFIND (RFC 4918 §9.1) on every kind of resource, Depth 0 or 1.
extension DAVContext {
    func propfind() throws -> Response {
        let wanted = try PropertyRequest(propfind: body())
        var responses = ""
        switch path {
        case .root:
            responses = rootProperties().response(href: path.path, for: wanted)
        case .principal:
            responses = principalProperties().response(href: principalPath, for: wanted)
        case .home:
            responses = homeProperties().response(href: homePath, for: wanted)
            if depth > 0 {
                for book in try store.addressBooks(for: user) {
                    responses += try bookProperties(book).response(href: bookPath(book), for: wanted)
                }
            }
        case .addressBook(_, let name):
            let book = try addressBook(named: name)
            responses = try bookProperties(book).response(href: bookPath(book), for: wanted)
            if depth > 0 { responses += try cardResponses(in: book, for: wanted) }
        case .card(_, let bookName, let name):
            let book = try addressBook(named: bookName)
            guard let card = try store.card(href: name, in: book.scope) else { throw DAVError(404, "No card \(name).") }
            responses = cardProperties(scope: book.scope, href: card.href, etag: card.etag, updatedAt: card.contact.updatedAt, card: card, request: wanted)
                .response(href: cardPath(card.href, in: book), for: wanted)
        }
        return Self.multistatus(responses)
    }

    /// One response per card of the book; the cards themselves are read only when address-data is asked for.
    private func cardResponses(in book: AddressBook, for wanted: PropertyRequest) throws -> String {
        if wanted.wants(.cardDAV("address-data")) {
            let list = try store.cardList(in: book.scope)
            return try store.cards(hrefs: list.map(\.href), in: book.scope).map { card in
                cardProperties(scope: book.scope, href: card.href, etag: card.etag, updatedAt: card.contact.updatedAt, card: card, request: wanted)
                    .response(href: cardPath(card.href, in: book), for: wanted)
            }.joined()
        }
        return try store.cardList(in: book.scope).map { entry in
            cardProperties(scope: book.scope, href: entry.href, etag: entry.etag, updatedAt: entry.updatedAt, card: nil, request: wanted)
                .response(href: cardPath(entry.href, in: book), for: wanted)
        }.joined()
    }

    func bookPath(_ book: AddressBook) -> String {
        DAVPath.addressBook(user: user.username, book: book.name).path
    }

    func cardPath(_ href: String, in book: AddressBook) -> String {
        DAVPath.card(user: user.username, book: book.name, name: href).path
    }
}
