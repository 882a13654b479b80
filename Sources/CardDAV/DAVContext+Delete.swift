import ContactsStore
import HTTP
import Wording

/// DELETE (RFC 4918 §9.6) of a card (to the trash, with If-Match) or of an address book.
extension DAVContext {
    func delete() throws -> Response {
        switch path {
        case .card(_, let bookName, let name):
            let book = try addressBook(named: bookName)
            do {
                try store.deleteCard(href: name, in: book.scope, ifMatch: request.headers["If-Match"].map(CardRepresentation.storedETags))
            } catch StoreError.preconditionFailed {
                throw DAVError(412, davWording.cardChangedSince)
            } catch StoreError.cardNotFound {
                throw DAVError(404, davWording.noCard(name))
            }
            return Response(status: 204)
        case .addressBook(_, let name):
            do {
                try store.deleteAddressBook(try addressBook(named: name).scope)
            } catch StoreError.cannotDeleteDefaultAddressBook {
                throw DAVError(403, wording.message(for: StoreError.cannotDeleteDefaultAddressBook))
            }
            return Response(status: 204)
        default:
            throw DAVError(403, davWording.onlyCardsAndBooksDeleted)
        }
    }
}
