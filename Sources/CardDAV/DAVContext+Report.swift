import Accounts
import ContactsStore
import Foundation
import HTTP
import Wording

/// REPORT (RFC 3253 §3.6) on an address book: addressbook-multiget and addressbook-query
/// (RFC 6352 §8.6, §8.7; on a card too, §8) and sync-collection (RFC 6578 §3).
extension DAVContext {
    func report() throws -> Response {
        guard let body = try body() else { throw DAVError(400, davWording.reportNeedsBody) }
        if body.name == .dav("expand-property") { return try expandProperty(body) }
        if Self.principalReports.contains(body.name) { return try principalReport(body) }
        let book: AddressBook
        var card: String?
        switch path {
        case .addressBook(_, let name):
            book = try addressBook(named: name)
        case .card(_, let bookName, let name) where body.name != .dav("sync-collection"):
            book = try addressBook(named: bookName)
            guard !(try store.cardVersions(hrefs: [name], in: book.scope)).isEmpty else { throw DAVError(404, davWording.noCard(name)) }
            card = name
        default:
            throw DAVError(403, davWording.reportOnAddressBook, precondition: .dav("supported-report"))
        }
        switch body.name {
        case .cardDAV("addressbook-multiget"): return try multiget(body, in: book)
        case .cardDAV("addressbook-query"): return try query(body, in: book, only: card)
        case .dav("sync-collection"): return try syncCollection(body, in: book)
        default: throw DAVError(403, davWording.unsupportedReport(body.name.local), precondition: .dav("supported-report"))
        }
    }

    /// Appends a response for each live card among `names` (in that order, each once) and
    /// returns the names that have none.
    @discardableResult
    func appendCards(_ names: [String], in book: AddressBook, wanted: PropertyRequest, addressData: AddressDataRequest,
                     to responses: inout Multistatus) throws -> Set<String> {
        let written = try appendCards(versions: store.cardVersions(hrefs: names, in: book.scope), in: book, wanted: wanted,
                                      addressData: addressData, to: &responses)
        return Set(names).subtracting(written)
    }

    /// Appends a response for each of these cards and returns the names written (a card
    /// removed meanwhile is left out). Whole cards' texts come from the cache where it has
    /// them; only the others are read from the store.
    /// Every live card of the book, in display order, each written as it is read: a listing
    /// that asks for no card's text (PROPFIND Depth 1, an initial sync). Returns where the book's
    /// change log stood as they were read; nil when the book is gone.
    func appendListing(of book: AddressBook, wanted: PropertyRequest, to responses: inout Multistatus) throws -> SyncToken? {
        let template = cardTemplate(in: book, wanted: wanted)
        return try store.forEachCard(in: book.scope) { responses.append($0, using: template) }
    }

    /// The template of the responses of the book's cards (`CardResponseTemplate`).
    private func cardTemplate(in book: AddressBook, wanted: PropertyRequest) -> CardResponseTemplate {
        CardResponseTemplate(bookPath: bookPath(book), request: wanted, representation: representation,
                             withAddressData: wanted.wants(.cardDAV("address-data")), etagSalt: book.syncToken.salt) { value in
            cardProperties(in: book, request: wanted, value: value)
        }
    }

    func appendCards(versions: [CardVersion], in book: AddressBook, wanted: PropertyRequest, addressData: AddressDataRequest,
                     to responses: inout Multistatus) throws -> [String] {
        var versions = versions
        var texts: [String: String] = [:]
        if wanted.wants(.cardDAV("address-data")) {
            var uncached: [String] = []
            for version in versions {
                if let text = addressData.cachedText(of: version, in: book.scope, representation: representation, cache: server.cardTexts) {
                    texts[version.href] = text
                } else {
                    uncached.append(version.href)
                }
            }
            // Read now, a card may have changed since its version was: the card's own version wins.
            let read = Dictionary(try store.cards(hrefs: uncached, in: book.scope).map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
            versions = versions.compactMap { version in
                guard texts[version.href] == nil else { return version }
                guard let card = read[version.href] else { return nil }
                texts[card.href] = addressData.text(of: card, in: book.scope, representation: representation, cache: server.cardTexts)
                return card.version
            }
        }
        responses.reserve(texts.values.reduce(versions.count * 256) { $0 + $1.utf8.count })
        let template = cardTemplate(in: book, wanted: wanted)
        for version in versions {
            responses.append(version, addressData: texts[version.href], using: template)
        }
        return versions.map(\.href)
    }

    /// RFC 6352 §8.7: the named cards of this book; hrefs that name nothing here get a 404.
    private func multiget(_ body: XMLNode, in book: AddressBook) throws -> Response {
        let wanted = try PropertyRequest(report: body)
        let addressData = try AddressDataRequest(report: body)
        var names: [String] = []
        var elsewhere: [String] = []
        // Most hrefs name a card by this book's own path: those are read without parsing the path.
        let ownPath = bookPath(book).utf8
        for href in body.children(.dav("href")).map({ DAVPath.fromHref($0.trimmedText) }) {
            if href.utf8.starts(with: ownPath), case let name = Substring(href.utf8.dropFirst(ownPath.count)),
               !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) {
                names.append(String(name))
            } else if case .card(let owner, let bookName, let name)? = DAVPath(href),
               AccountName.key(owner) == AccountName.key(user.username), bookName == book.name {
                names.append(name)
            } else {
                elsewhere.append(href)
            }
        }
        var responses = Multistatus()
        let missing = try appendCards(names, in: book, wanted: wanted, addressData: addressData, to: &responses)
        for href in elsewhere + names.filter(missing.contains).map({ cardPath($0, in: book) }) {
            responses.appendStatus(href: href, 404)
        }
        return responses.response()
    }
}
