import Accounts
import ContactsCore
import ContactsStore
import HTTP
import Wording

/// What every page needs to know about the request: language, CSRF token, and who is logged in.
struct WebContext: Sendable {
    let language: Language
    /// The value forms carry in their hidden `csrf` field.
    let csrfToken: String
    /// The logged-in user, if any, with the address book the page shows: the one `?book=` names
    /// (one of the user's own or one shared with them), else the default one; nil for a name the
    /// user has no book of (the page is 404).
    let user: User?
    var book: AddressBook?
    /// The session token, for logging out.
    let sessionToken: String?

    /// Whether the user may add, change and delete contacts in the book: not in one shared
    /// with them read-only, whose write controls the pages show disabled.
    var canWriteContacts: Bool { scope?.access.canWriteContacts ?? false }

    var scope: AddressBookScope? { book?.scope }

    /// `path` in the page's book: with `book=<name>` added to its query, unless the book is the
    /// default one (whose URLs stay as they were).
    func inBook(_ path: String) -> String {
        guard let book, book.name != ContactStore.defaultAddressBookName else { return path }
        return path + (path.contains("?") ? "&" : "?") + "book=" + HTML.urlComponent(book.name)
    }

    /// The hidden field that keeps a GET form (search) in the page's book; "" for the default book.
    var bookField: String {
        guard let book, book.name != ContactStore.defaultAddressBookName else { return "" }
        return #"<input type="hidden" name="book" value="\#(HTML.escape(book.name))">"#
    }

    /// The page's book's name, as the title bar shows it (`name(of:)`).
    var bookTitle: String { book.map(name(of:)) ?? strings.defaultBookName }

    /// A book's name as the pages show it: the default book, while it keeps the store's own
    /// default name, in the page's language (通讯录, Contacts).
    func name(of book: AddressBook) -> String {
        book.name == ContactStore.defaultAddressBookName && book.displayName == ContactStore.defaultAddressBookDisplayName
            ? strings.defaultBookName : book.displayName
    }

    /// Every string the pages show, in the request's language.
    var strings: any Catalogue { language.catalogue }

    /// The hidden form field every state-changing form carries.
    var csrfField: String {
        #"<input type="hidden" name="csrf" value="\#(HTML.escape(csrfToken))">"#
    }
}

/// The request attribute holding the `WebContext`.
enum WebContextKey: RequestAttributeKey {
    typealias Value = WebContext
}

/// The request attribute holding the parts of a multipart form, parsed for the CSRF check.
enum MultipartFormKey: RequestAttributeKey {
    typealias Value = [MultipartPart]
}

extension Request {
    /// The context `WebContextMiddleware` attached.
    var context: WebContext {
        guard let context = attributes[WebContextKey.self] else {
            preconditionFailure("WebContextMiddleware must run before the web app's handlers")
        }
        return context
    }

    /// The logged-in user's address book, or a redirect to the login page (which comes back
    /// to this page after the login: `ReturnPath`).
    func requireLogin() throws -> (WebContext, User, AddressBookScope) {
        let context = context
        guard let user = context.user else { throw Redirect(to: ReturnPath.login(after: self)) }
        guard let scope = context.scope else { throw StoreError.addressBookNotFound }
        return (context, user, scope)
    }

    /// The parts of the multipart/form-data body: those the CSRF check parsed, else parsed now;
    /// throws HTTPError 400 if the body is not one.
    func formParts() throws -> [MultipartPart] {
        try attributes[MultipartFormKey.self] ?? multipartParts()
    }

    /// Whether the page's script sent this request and wants a short answer instead of a page.
    var isScripted: Bool { headers["X-Requested-With"] == "fetch" }
}

/// Thrown to answer with a 303 redirect from deep inside a handler.
struct Redirect: HTTPResponseConvertibleError {
    let location: String

    init(to location: String) { self.location = location }

    func response(for request: Request) -> Response { .redirect(to: location) }
}
