import ContactsStore
import HTTP

/// A 207 Multi-Status body (RFC 4918 §13), written response by response into one buffer.
struct Multistatus {
    private var xml = XMLBuffer(capacity: 4096)

    init() {
        xml += XMLOutput.prologue
        XMLOutput.open(.dav("multistatus"), declaringNamespaces: true, into: &xml)
    }

    /// Makes room for about `bytes` more, when the caller knows what it will append.
    mutating func reserve(_ bytes: Int) {
        xml.reserve(bytes)
    }

    /// A `<d:response>` with the properties `request` asks for.
    mutating func append(_ properties: PropertySet, href: String, for request: PropertyRequest) {
        properties.write(href: href, for: request, into: &xml)
    }

    /// The `<d:response>` of a card of a listing, written from the listing's template.
    mutating func append(_ card: CardVersion, addressData: String?, using template: CardResponseTemplate) {
        template.write(card, addressData: addressData, into: &xml)
    }

    /// The `<d:response>` of a card as its book's listing reads it, written from the listing's template.
    mutating func append(_ card: ContactStore.ListedCard, using template: CardResponseTemplate) {
        template.write(card, into: &xml)
    }

    /// A `<d:response>` that says only a status (a missing href, a removed card), and a
    /// precondition or postcondition element for a `<d:error>` when there is one.
    mutating func appendStatus(href: String, _ status: Int, error: XMLName? = nil) {
        let condition = error.map { XMLOutput.element(.dav("error"), XMLOutput.element($0)) } ?? ""
        XMLOutput.write(.dav("response"), XMLOutput.href(href) + XMLOutput.status(status) + condition, into: &xml)
    }

    /// The 507 for the collection when a limit cut the answer short (RFC 6352 §8.6.2, RFC 6578 §3.6).
    mutating func appendTruncation(of collection: String) {
        appendStatus(href: collection, 507, error: .dav("number-of-matches-within-limits"))
    }

    /// XML written elsewhere (a sync-token, a PROPPATCH's response).
    mutating func append(xml fragment: String) {
        xml += fragment
    }

    /// The 207 response.
    consuming func response() -> Response {
        XMLOutput.close(.dav("multistatus"), into: &xml)
        xml += "\n"
        return Response(status: 207, headers: ["Content-Type": "application/xml; charset=utf-8"], body: xml.bytes)
    }
}
