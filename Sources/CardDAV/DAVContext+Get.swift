import Blanks
import ContactsStore
import HTTP
import Wording

/// GET and HEAD (RFC 4918 §9.4) of a card: the vCard with its strong ETag, in the client's
/// representation (so the answer varies with the User-Agent).
extension DAVContext {
    /// The credentials check (the login throttle's too), the book and the card are one statement.
    func get() throws -> Response {
        guard case .card(_, let bookName, let name) = path else {
            throw DAVError(405, davWording.collectionsHaveNoContent)
        }
        let lookup = try store.lookUpCard(href: name, inBookNamed: bookName, of: user, checking: credentials.check)
        try credentials.confirm(lookup?.credentialsGeneration, failures: lookup?.failures)
        guard let book = lookup?.book else { throw DAVError(404, wording.noAddressBook(bookName)) }
        guard let card = lookup?.card else { throw DAVError(404, davWording.noCard(name)) }
        let etag = representation.etag(card.etag)
        if let match = request.headers["If-None-Match"], ETag.matches(CardRepresentation.storedETags(in: match), card.etag) {
            return Response(status: 304, headers: ["ETag": etag, "Vary": "User-Agent"])
        }
        guard AddressDataRequest.acceptsVCard(request.headers["Accept"]) else {
            throw DAVError(406, davWording.servedAsVCard,
                           precondition: .cardDAV("supported-address-data-conversion"))
        }
        let format = AddressDataRequest(accept: request.headers["Accept"])
        return Response(status: 200, headers: [
            "Content-Type": "text/vcard; charset=utf-8", "ETag": etag, "Vary": "User-Agent",
            "Last-Modified": HTTPDate.string(card.contact.updatedAt),
        ], body: Array(format.text(of: card, in: book.scope, form: .vCard, representation: representation, cache: server.cardTexts).utf8))
    }
}

/// Entity tags as If-Match and If-None-Match list them (RFC 9110 §13.1).
enum ETag {
    /// Whether the header's list holds `etag` (or `*`); weak tags are compared weakly.
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").map { $0.trimmingBlanks() }.contains { candidate in
            candidate == "*" || candidate == etag || candidate == "W/" + etag
        }
    }
}
