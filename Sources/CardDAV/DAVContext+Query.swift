import ContactsCore
import ContactsStore
import HTTP
import Wording

/// addressbook-query (RFC 6352 §8.6): the cards the filter passes, at most `limit` of them
/// (then a 507 for the collection, §8.6.1); run on a card, only that card is tried. Depth 0 on
/// an address book scopes the query to the collection itself, which is no card: nothing
/// matches. Without a Depth header the members are searched, as most clients mean.
extension DAVContext {
    func query(_ body: XMLNode, in book: AddressBook, only card: String? = nil) throws -> Response {
        guard let filterNode = body.child(.cardDAV("filter")) else { throw DAVError(400, davWording.queryNeedsFilter) }
        let filter = try CardFilter(filterNode)
        let limit = try body.resultLimit(namespace: Namespace.cardDAV) ?? Int.max
        let wanted = try PropertyRequest(report: body)
        let addressData = try AddressDataRequest(report: body)
        let collectionOnly = card == nil && depthHeader == "0"
        let names = try card.map { [$0] } ?? (collectionOnly ? [] : store.cardList(in: book.scope).map(\.href))
        let cards = try store.cards(hrefs: names, in: book.scope)
            .filter { filter.matches($0.contact.vCard(version: .v3_0)) }
        var responses = Multistatus()
        _ = try appendCards(versions: cards.prefix(limit).map(\.version), in: book, wanted: wanted, addressData: addressData,
                            to: &responses)
        if cards.count > limit { responses.appendTruncation(of: bookPath(book)) }
        return responses.response()
    }
}
