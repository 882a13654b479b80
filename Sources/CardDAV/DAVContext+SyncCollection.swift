import ContactsStore
import HTTP
import Wording

/// sync-collection (RFC 6578 §3): what changed since a token from the change log, deletions as
/// 404 responses, a new token, and `limit` answered with 507 and a token to go on from.
extension DAVContext {
    func syncCollection(_ body: XMLNode, in book: AddressBook) throws -> Response {
        try requireDepthZero(for: body.name)
        // An address book holds no collections, so infinite reaches what 1 does.
        guard ["1", "infinite"].contains(body.child(.dav("sync-level"))?.trimmedText ?? "1") else {
            throw DAVError(400, davWording.syncLevel)
        }
        let tokenText = body.child(.dav("sync-token"))?.trimmedText ?? ""
        let invalidToken = DAVError(403, davWording.invalidSyncToken, precondition: .dav("valid-sync-token"))
        var since: SyncToken?
        if !tokenText.isEmpty {
            guard let token = SyncTokenURI.token(String(tokenText)) else { throw invalidToken }
            since = token
        }
        let limit = try body.resultLimit(namespace: Namespace.dav)
        let wanted = try PropertyRequest(report: body)
        var responses = Multistatus()
        // An initial sync of every card without their texts: the book's listing, as it is read.
        if since == nil, limit == nil, !wanted.wants(.cardDAV("address-data")) {
            guard let token = try appendListing(of: book, wanted: wanted, to: &responses) else { throw invalidToken }
            responses.append(xml: XMLOutput.text(.dav("sync-token"), SyncTokenURI.string(token)))
            return responses.response()
        }
        guard let changes = try store.changes(in: book.scope, since: since, limit: limit) else { throw invalidToken }
        let addressData = try AddressDataRequest(report: body)
        // A card removed since the change log was read is left out; the next sync reports it.
        _ = try appendCards(versions: changes.written, in: book, wanted: wanted, addressData: addressData, to: &responses)
        for href in changes.removed { responses.appendStatus(href: cardPath(href, in: book), 404) }
        if changes.truncated {
            // RFC 6578 §3.6: truncated by the limit; the token lets the client ask for the rest.
            responses.appendTruncation(of: bookPath(book))
        }
        responses.append(xml: XMLOutput.text(.dav("sync-token"), SyncTokenURI.string(changes.token)))
        return responses.response()
    }
}
