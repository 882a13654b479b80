import Accounts
import ContactsCore
import ContactsStore
import HTTP

extension WebApp {
    /// How many matches of each book a search of all books shows.
    static let matchesPerBookInASearchOfAllBooks = 20

    /// The address books page (make, rename, delete to the trash, restore), a search of all
    /// books, and moving or copying a contact to another book.
    func addBookRoutes(to router: Router) {
        router.get("/books") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let books = try store.addressBooks(for: user).map { (book: $0, count: try store.count(in: $0.scope)) }
            return .html(BooksPage.render(books: books, trashed: try store.trashedAddressBooks(for: user), context: context))
        }
        router.post("/books") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let fields = request.formFields()
            let name = fields["name"] ?? ""
            let displayName = try checkedDisplayName(fields["display_name"].flatMap { $0.trimmed.isEmpty ? nil : $0 } ?? name, context)
            let book = try store.createAddressBook(named: name, displayName: displayName, for: user)
            return .redirect(to: "/contacts?book=" + HTML.urlComponent(book.name))
        }
        router.post("/books/rename") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let fields = request.formFields()
            let displayName = try checkedDisplayName(fields["display_name"] ?? "", context)
            try store.setDisplayName(displayName, of: try namedBook(fields["name"], of: user).scope)
            return .redirect(to: "/books")
        }
        router.get("/books/delete") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let book = try namedBook(request.query["name"], of: user)
            guard book.name != ContactStore.defaultAddressBookName else { throw StoreError.cannotDeleteDefaultAddressBook }
            return .html(BooksPage.confirmDeletion(of: book, contacts: try store.count(in: book.scope), context: context))
        }
        router.post("/books/delete") { [self] request, _ in
            let (_, user, _) = try request.requireLogin()
            try store.deleteAddressBook(try namedBook(request.formFields()["name"], of: user).scope)
            return .redirect(to: "/books")
        }
        router.post("/books/restore") { [self] request, _ in
            let (_, user, _) = try request.requireLogin()
            let book = try store.restoreAddressBook(named: request.formFields()["name"] ?? "", for: user)
            return .redirect(to: "/contacts?book=" + HTML.urlComponent(book.name))
        }
        router.get("/search") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let query = (request.query["q"] ?? "").trimmed
            let results = try store.searchAllBooks(query, for: user, limit: Self.matchesPerBookInASearchOfAllBooks)
            return .html(BooksPage.searchResults(results, query: query, context: context))
        }
        router.post("/contacts/:id/move") { [self] request, parameters in
            let (context, scope, id) = try contactBook(request, parameters)
            let fields = request.formFields()
            guard let user = context.user, let action = fields["operation"], ["move", "copy"].contains(action) else {
                throw HTTPError(400, context.strings.formUnreadable)
            }
            let target = try namedBook(fields["to"], of: user)
            let newIDs = action == "move" ? try store.moveContacts(ids: [id], from: scope, to: target.scope)
                : try store.copyContacts(ids: [id], from: scope, to: target.scope)
            return .redirect(to: "/contacts/\(newIDs[0])")
        }
    }

    /// The user's live book called `name`: a missing field is 400, a name of no book 404.
    private func namedBook(_ name: String?, of user: User) throws -> AddressBook {
        guard let name, !name.isEmpty else { throw HTTPError(400) }
        guard let book = try store.addressBook(named: name, for: user) else { throw StoreError.addressBookNotFound }
        return book
    }

    /// A display name as given, trimmed; empty or over 255 bytes is 400.
    private func checkedDisplayName(_ text: String, _ context: WebContext) throws -> String {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, trimmed.utf8.count <= ContactStore.maximumAddressBookNameLength else {
            throw HTTPError(400, context.strings.invalidDisplayName)
        }
        return trimmed
    }
}
