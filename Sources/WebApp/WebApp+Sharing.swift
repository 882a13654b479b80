import Accounts
import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Wording

extension WebApp {
    /// The sharing page of the user's current book (`?book=`, their own), sharing it with an
    /// account or changing what it may do, and Stop sharing.
    ///
    /// An account name that names no account is refused with the message the CLI gives the
    /// owner ("no user named …"): only a logged-in account holder can ask, one name a request,
    /// and what they learn is no more than the accounts they could share with.
    func addSharingRoutes(to router: Router) {
        router.get("/sharing") { [self] request, _ in
            let (context, book) = try ownBook(request)
            return .html(SharingPage.render(book, shares: try store.shares(of: book.scope), context: context))
        }
        router.post("/sharing") { [self] request, _ in
            let (context, book) = try ownBook(request)
            let fields = request.formFields()
            let account = try accountField(fields, strings: context.strings)
            guard let access = fields["access"].flatMap(BookAccess.init(rawValue:)), access != .owner else {
                throw HTTPError(400, context.strings.formUnreadable)
            }
            do {
                try store.share(book.scope, with: account, access: access)
            } catch let error as StoreError where [.userNotFound(account), .cannotShareWithOwner].contains(error) {
                return .html(SharingPage.render(book, shares: try store.shares(of: book.scope), error: context.strings.message(for: error),
                                                account: account, context: context), status: 422)
            }
            return .redirect(to: SharingPage.path(of: book))
        }
        router.post("/sharing/remove") { [self] request, _ in
            let (context, book) = try ownBook(request)
            try store.unshare(book.scope, with: try accountField(request.formFields(), strings: context.strings))
            return .redirect(to: SharingPage.path(of: book))
        }
    }

    /// Who last changed the contact, for a contact in a book shared with the user or by them;
    /// nil in a book nobody else has access to.
    func lastChange(of contact: Contact, context: WebContext) throws -> ContactChange? {
        guard let book = context.book, try isShared(book) else { return nil }
        return try store.lastChange(ofContact: contact.id, in: book.scope)
    }

    /// Whether more than one account uses the book: shared with the user, or by them.
    func isShared(_ book: AddressBook) throws -> Bool {
        try book.sharedBy != nil || !store.shares(of: book.scope).isEmpty
    }

    /// The logged-in user's current book, which must be their own: sharing a book shared with
    /// them is the owner's to do (403).
    private func ownBook(_ request: Request) throws -> (WebContext, AddressBook) {
        let (context, _, _) = try request.requireLogin()
        guard let book = context.book else { throw Redirect(to: "/login") }
        guard book.sharedBy == nil else { throw StoreError.onlyOwnerManagesBook }
        return (context, book)
    }

    /// The form's account name, trimmed; a missing one or one longer than any account's is unreadable.
    private func accountField(_ fields: [String: String], strings: any Catalogue) throws -> String {
        guard let account = fields["account"]?.trimmingCharacters(in: .whitespaces), !account.isEmpty,
              account.utf8.count <= AccountName.maximumLength * 4 else { throw HTTPError(400, strings.formUnreadable) }
        return account
    }
}
