import ContactsStore
import HTTP
import Wording

/// MKCOL and extended MKCOL (RFC 4918 §9.3, RFC 5689, RFC 6352 §6.3.1) in the home: a new
/// address book, named by the last path segment, with the displayname the body sets.
extension DAVContext {
    func mkcol() throws -> Response {
        guard case .addressBook(_, let name) = path else {
            throw DAVError(403, davWording.booksCreatedInHome)
        }
        if try store.addressBook(named: name, for: user) != nil { throw DAVError(405, davWording.alreadyExists(name)) }
        var displayName = name
        if let body = try body() {
            guard body.name == XMLName(Namespace.dav, "mkcol") else { throw DAVError(415, davWording.unsupportedMkcolBody) }
            let properties = body.children(.dav("set")).compactMap { $0.child(.dav("prop")) }.flatMap(\.children)
            if let type = properties.first(where: { $0.name == .dav("resourcetype") }), type.child(.cardDAV("addressbook")) == nil {
                throw DAVError(403, davWording.onlyBooksCreated, precondition: .dav("valid-resourcetype"))
            }
            if let name = properties.first(where: { $0.name == .dav("displayname") })?.text, !name.isEmpty { displayName = name }
        }
        do {
            _ = try store.createAddressBook(named: name, displayName: displayName, for: user)
        } catch let error as StoreError {
            switch error {
            case .addressBookNameTaken, .addressBookDisplayNameTaken, .invalidAddressBookName: throw DAVError(403, wording.message(for: error))
            default: throw error
            }
        }
        return Response(status: 201)
    }
}
