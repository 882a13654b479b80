import ContactsCore
import ContactsStore
import HTTP

/// addressbook-query (RFC 6352 §8.6): the cards the filter passes, at most `limit` of them
/// (then a 507 for the collection, §8.6.1).
extension DAVContext {
    func query(_ body: XMLNode, in book: AddressBook) throws -> Response {
        guard let filterNode = body.child(.cardDAV("filter")) else { throw DAVError(400, "addressbook-query needs a filter.") }
        let filter = try CardFilter(filterNode)
        let limit = try body.resultLimit(namespace: Namespace.cardDAV) ?? Int.max
        let wanted = PropertyRequest(report: body)
        let addressData = try AddressDataRequest(report: body)
        let cards = try store.cards(hrefs: try store.cardList(in: book.scope).map(\.href), in: book.scope)
            .filter { filter.matches($0.contact.vCard(version: .v3_0)) }
        var responses = Multistatus()
        try appendCards(cards.prefix(limit).map(\.href), in: book, wanted: wanted, addressData: addressData, to: &responses)
        if cards.count > limit { responses.appendStatus(href: bookPath(book), 507) }
        return responses.response()
    }
}
