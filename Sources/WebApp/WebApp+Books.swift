import Accounts
import ContactsCore
import ContactsStore
import HTTP

extension WebApp {
    /// How many matches of each book a search of all books shows.
    static let matchesPerBookInASearchOfAllBooks = 20

    /// The address books page (make one from its name alone, rename, delete to the trash,
    /// restore), a book's own page, a search of all books, and moving or copying a contact to
    /// another book. A name another of the account's books has is refused on the form (422).
    func addBookRoutes(to router: Router) {
        router.get("/books") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            return .html(try booksPage(for: user, context: context))
        }
        router.post("/books") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let displayName = try checkedDisplayName(request.formFields()["display_name"] ?? "", context)
            do {
                let book = try store.createAddressBook(displayName: displayName, for: user)
                return .redirect(to: "/contacts?book=" + HTML.urlComponent(book.name))
            } catch let error as StoreError where error == .addressBookDisplayNameTaken(displayName) {
                return .html(try booksPage(for: user, error: context.strings.message(for: error), newName: displayName, context: context),
                             status: 422)
            }
        }
        router.get("/books/edit") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let book = try ownBook(request.query["name"], of: user)
            return .html(BooksPage.edit(book, count: try store.count(in: book.scope), context: context))
        }
        router.post("/books/rename") { [self] request, _ in
            let (context, user, _) = try request.requireLogin()
            let fields = request.formFields()
            let book = try ownBook(fields["name"], of: user)
            let displayName = try checkedDisplayName(fields["display_name"] ?? "", context)
            do {
                try store.setDisplayName(displayName, of: book.scope)
            } catch let error as StoreError where error == .addressBookDisplayNameTaken(displayName) {
                return .html(BooksPage.edit(book, count: try store.count(in: book.scope), name: displayName,
                                            error: context.strings.message(for: error), context: context), status: 422)
            }
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

    /// The books page, with `error` and `newName` on its New Address Book form.
    private func booksPage(for user: User, error: String? = nil, newName: String = "", context: WebContext) throws -> String {
        let books = try store.addressBooks(for: user).map { (book: $0, count: try store.count(in: $0.scope)) }
        return BooksPage.render(books: books, trashed: try store.trashedAddressBooks(for: user), error: error, newName: newName,
                                context: context)
    }

    /// The user's own live book called `name` (not one shared with them, which is its owner's
    /// to rename): as `namedBook`, and 403 for a shared one.
    private func ownBook(_ name: String?, of user: User) throws -> AddressBook {
        let book = try namedBook(name, of: user)
        guard book.sharedBy == nil else { throw StoreError.onlyOwnerManagesBook }
        return book
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
