import ContactsStore
import HTTP
import Wording

/// PROPPATCH (RFC 4918 §9.2) of an address book: displayname, and dead properties kept as sent
/// (content and attributes, RFC 4918 §4.3).
/// All or nothing: one protected property fails the whole request (403 for it, 424 for the rest).
extension DAVContext {
    func proppatch() throws -> Response {
        guard case .addressBook(_, let name) = path else {
            throw DAVError(403, davWording.onlyAddressBookPropertiesChange)
        }
        let book = try addressBook(named: name)
        guard let body = try body(), body.name == .dav("propertyupdate") else {
            throw DAVError(400, davWording.bodyMustBe("PROPPATCH", "DAV:propertyupdate"))
        }
        // A dead property keeps its attributes and its content as sent (RFC 4918 §4.3), which
        // the body's XMLNode does not hold: it is read again, whole.
        guard let update = XMLFragment.parse(request.body) else { throw DAVError(400, davWording.notWellFormedXML) }
        let changes: [(node: XMLFragment, remove: Bool)] = update.elements.flatMap { operation -> [(XMLFragment, Bool)] in
            guard operation.name == .dav("set") || operation.name == .dav("remove") else { return [] }
            return (operation.element(.dav("prop"))?.elements ?? []).map { ($0, operation.name == .dav("remove")) }
        }
        let protected = Set(liveBookProperties(book).values.map(\.name)).subtracting([.dav("displayname")])
        let refused = changes.filter { protected.contains($0.node.name) }
        let status = refused.isEmpty ? 200 : 424
        if refused.isEmpty {
            for change in changes {
                if change.node.name == .dav("displayname") {
                    try store.setDisplayName(change.remove ? book.name : change.node.text, of: book.scope)
                } else {
                    try store.setDeadProperty(namespace: change.node.name.namespace, name: change.node.name.local,
                                              to: change.remove ? nil : change.node.deadProperty, of: book.scope)
                }
            }
        }
        let propstats = changes.map { change in
            let code = protected.contains(change.node.name) ? 403 : status
            return XMLOutput.element(.dav("propstat"), XMLOutput.element(.dav("prop"), XMLOutput.element(change.node.name))
                + XMLOutput.status(code))
        }.joined()
        return Self.multistatus(XMLOutput.element(.dav("response"), XMLOutput.href(bookPath(book)) + propstats))
    }
}
