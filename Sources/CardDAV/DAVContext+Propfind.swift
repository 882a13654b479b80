import ContactsStore
import HTTP
import Wording

/// PROPFIND (RFC 4918 §9.1) on every kind of resource, Depth 0 or 1.
extension DAVContext {
    func propfind() throws -> Response {
        let wanted = try PropertyRequest(propfind: body())
        var responses = Multistatus()
        switch path {
        case .root:
            responses.append(rootProperties(), href: path.path, for: wanted)
        case .principals:
            responses.append(principalCollectionProperties(), href: path.path, for: wanted)
            // Each user sees only their own principal.
            if depth > 0 { responses.append(principalProperties(), href: principalPath, for: wanted) }
        case .principal:
            responses.append(principalProperties(), href: principalPath, for: wanted)
        case .home:
            responses.append(homeProperties(), href: homePath, for: wanted)
            if depth > 0 {
                for book in try store.addressBooks(for: user) {
                    responses.append(try bookProperties(book), href: bookPath(book), for: wanted)
                }
            }
        case .addressBook(_, let name):
            let book = try addressBook(named: name)
            responses.append(try bookProperties(book), href: bookPath(book), for: wanted)
            if depth > 0, wanted.wants(.cardDAV("address-data")) {
                _ = try appendCards(versions: store.cardList(in: book.scope), in: book, wanted: wanted,
                                    addressData: AddressDataRequest(), to: &responses)
            } else if depth > 0 {
                _ = try appendListing(of: book, wanted: wanted, to: &responses)
            }
        case .card(_, let bookName, let name):
            let book = try addressBook(named: bookName)
            guard let card = try store.card(href: name, in: book.scope) else { throw DAVError(404, davWording.noCard(name)) }
            responses.append(cardProperties(of: card, in: book, request: wanted), href: cardPath(card.href, in: book), for: wanted)
        }
        return responses.response()
    }

    func bookPath(_ book: AddressBook) -> String {
        DAVPath.addressBook(user: user.username, book: book.name).path
    }

    func cardPath(_ href: String, in book: AddressBook) -> String {
        DAVPath.card(user: user.username, book: book.name, name: href).path
    }
}
