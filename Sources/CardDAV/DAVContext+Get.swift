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
        let format = AddressDataRequest(accept: request.headers["Accept"])
        // A card whose text the cache holds is not read whole.
        var cachedText: String?
        let lookup = try store.lookUpCard(href: name, inBookNamed: bookName, of: user, checking: credentials.check) { book, version in
            cachedText = format.cachedText(of: version, in: book.scope, representation: representation, cache: server.cardTexts)
            return cachedText != nil
        }
        try credentials.confirm(lookup?.credentialsGeneration, failures: lookup?.failures)
        guard let book = lookup?.book else { throw DAVError(404, wording.noAddressBook(bookName)) }
        guard let version = lookup?.version else { throw DAVError(404, davWording.noCard(name)) }
        let etag = representation.etag(version.etag)
        if let match = request.headers["If-None-Match"], ETag.matches(CardRepresentation.storedETags(in: match), version.etag) {
            return Response(status: 304, headers: ["ETag": etag, "Vary": "User-Agent"])
        }
        guard AddressDataRequest.acceptsVCard(request.headers["Accept"]) else {
            throw DAVError(406, davWording.servedAsVCard,
                           precondition: .cardDAV("supported-address-data-conversion"))
        }
        // A card skipped for its cached text has it; any other was read whole.
        guard let text = cachedText ?? lookup?.card.map({
            format.text(of: $0, in: book.scope, representation: representation, cache: server.cardTexts)
        }) else { throw DAVError(404, davWording.noCard(name)) }
        return Response(status: 200, headers: [
            "Content-Type": "text/vcard; charset=utf-8", "ETag": etag, "Vary": "User-Agent",
            "Last-Modified": HTTPDate.string(version.updatedAt),
        ], body: Array(text.utf8))
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
