import ContactsStore
import HTTP

/// sync-collection (RFC 6578 §3): what changed since a token from the change log, deletions as
/// 404 responses, a new token, and `limit` answered with 507 and a token to go on from.
extension DAVContext {
    func syncCollection(_ body: XMLNode, in book: AddressBook) throws -> Response {
        guard (body.child(.dav("sync-level"))?.text.trimmingCharacters(in: .whitespaces) ?? "1") == "1" else {
            throw DAVError(403, "Only sync-level 1: address books hold no collections.", precondition: .dav("supported-report"))
        }
        let tokenText = body.child(.dav("sync-token"))?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let invalidToken = DAVError(403, "The sync token is not valid here; sync again from scratch.", precondition: .dav("valid-sync-token"))
        var since: Int64 = 0
        if !tokenText.isEmpty {
            guard let value = SyncToken.value(tokenText) else { throw invalidToken }
            since = value
        }
        let limit = try body.resultLimit(namespace: Namespace.dav)
        guard let changes = try store.changes(in: book.scope, since: since, limit: limit) else { throw invalidToken }
        let wanted = PropertyRequest(report: body)
        let addressData = try AddressDataRequest(report: body)
        var responses = ""
        if wanted.wants(.cardDAV("address-data")) {
            responses = try store.cards(hrefs: changes.written, in: book.scope)
                .map { response(for: $0, in: book, wanted: wanted, addressData: addressData) }.joined()
        } else {
            let written = Set(changes.written)
            responses = try store.cardList(in: book.scope).filter { written.contains($0.href) }.map { entry in
                cardProperties(scope: book.scope, href: entry.href, etag: entry.etag, updatedAt: entry.updatedAt, card: nil, request: wanted)
                    .response(href: cardPath(entry.href, in: book), for: wanted)
            }.joined()
        }
        responses += changes.removed.map { Self.statusResponse(href: cardPath($0, in: book), 404) }.joined()
        let book = try addressBook(named: book.name)
        if changes.token < book.syncToken {
            // RFC 6578 §3.6: truncated by the limit; the token lets the client ask for the rest.
            responses += Self.statusResponse(href: bookPath(book), 507)
        }
        return Self.multistatus(responses + XMLOutput.text(.dav("sync-token"), SyncToken.string(changes.token)))
    }
}
