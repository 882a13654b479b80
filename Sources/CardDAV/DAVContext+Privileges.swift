import ContactsStore
import HTTP
import Wording

/// RFC 3744 §7.1.1: a method on a book shared with the user (or on a card in it) that needs a
/// privilege the share does not grant is refused before it runs, with 403 and a
/// `DAV:need-privileges` body naming the resource and the privilege. The store refuses such a
/// write again on its own.
extension DAVContext {
    /// Checks the request's method against the share the path's book is reached through, as the
    /// share stands now; the user's own books and paths outside books pass.
    func checkSharedBookPrivilege() throws {
        guard let name = path.book, SharedBookSegment(name) != nil, let writesCard = writesCard else { return }
        // MKCOL of a segment no book is shared under goes on to be refused as a name no book can have.
        if request.method == "MKCOL", try store.addressBook(named: name, for: user) == nil { return }
        let book = try addressBook(named: name)
        if writesCard, book.scope.access.canWriteContacts { return }
        let (privilege, resource) = try neededPrivilege(in: book)
        var error = DAVError(403, wording.message(for: writesCard ? StoreError.addressBookReadOnly : StoreError.onlyOwnerManagesBook),
                             precondition: .dav("need-privileges"))
        error.extra = XMLOutput.element(.dav("resource"), XMLOutput.href(resource)
            + XMLOutput.element(.dav("privilege"), XMLOutput.element(.dav(privilege))))
        throw error
    }

    /// Whether the method writes a card (true: PUT or DELETE of one) or the book, its
    /// properties or the home (false); nil for methods that only read, and for those the server
    /// does not support (405 whatever the path).
    private var writesCard: Bool? {
        switch request.method {
        case "PUT": if case .card = path { true } else { nil }  // a PUT of a collection is 405
        case "DELETE": if case .card = path { true } else { false }
        case "PROPPATCH", "ACL", "MKCOL": false
        default: nil
        }
    }

    /// The privilege the method needs and the resource it needs it on (RFC 3744 §7.1): PUT of
    /// an existing card writes its content, of a new one binds it into the book; DELETE unbinds
    /// from the parent and MKCOL binds into it, which for the book is the home.
    private func neededPrivilege(in book: AddressBook) throws -> (privilege: String, resource: String) {
        switch (request.method, path) {
        case ("PUT", .card(_, _, let name)):
            return try store.card(href: name, in: book.scope) != nil ? ("write-content", path.path) : ("bind", bookPath(book))
        case ("DELETE", .card): return ("unbind", bookPath(book))
        case ("DELETE", _): return ("unbind", homePath)
        case ("MKCOL", _): return ("bind", homePath)
        case ("PROPPATCH", _): return ("write-properties", path.path)
        default: return ("write-acl", path.path)  // ACL
        }
    }
}
