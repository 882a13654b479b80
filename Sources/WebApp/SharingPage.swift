import Accounts
import ContactsStore
import Wording

/// The sharing page of a book of the user's own: the accounts it is shared with, each with its
/// access to change and Stop sharing, and a form to share it with another account.
enum SharingPage {
    /// The page's path for the book (`?book=` for any but the default one).
    static func path(of book: AddressBook) -> String {
        "/sharing" + bookQuery(book)
    }

    /// `?book=NAME` for any book but the default one, which needs none.
    static func bookQuery(_ book: AddressBook) -> String {
        book.name == ContactStore.defaultAddressBookName ? "" : "?book=" + HTML.urlComponent(book.name)
    }

    /// - Parameters:
    ///   - error: why the last form was refused, shown above the form to share.
    ///   - account: what the refused form named, kept in its field.
    static func render(_ book: AddressBook, shares: [BookShare], error: String? = nil, account: String = "",
                       context: WebContext) -> String {
        let strings = context.strings
        let title = strings.sharingTitle(book.displayName)
        let back = "/contacts" + bookQuery(book)
        let bar = #"<a class="bar-left" href="\#(HTML.escape(back))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(title))<div class="bar-right"></div>"#
        let list = shares.isEmpty
            ? #"<p class="empty" id="no-shares">\#(HTML.escape(strings.notSharedWithAnyone))</p>"#
            : #"<ul class="shares" id="shares">\#(shares.map { row($0, book: book, context: context) }.joined())</ul>"#
        let errorHTML = error.map { #"<p class="form-error" role="alert" id="form-error">\#(HTML.escape($0))</p>"# } ?? ""
        let main = """
            \(list)
            <form class="share-form" method="post" action="\(HTML.escape(path(of: book)))">\(context.csrfField)
            \(errorHTML)
            <label class="share-label" for="share-account">\(HTML.escape(strings.accountToShareWith))</label>
            <input id="share-account" name="account" autocomplete="off" autocapitalize="none" maxlength="\(AccountName.maximumLength)" required value="\(HTML.escape(account))">
            \(accessChoice(id: "share-access", selected: .readOnly, label: strings.access, strings: strings))
            <button type="submit" class="wide primary-text" id="share-button">\(HTML.escape(strings.shareBook))</button>
            </form>
            """
        return Layout.page(title: title, bodyClass: "sharing-page", bar: bar, main: main, context: context)
    }

    /// One account with access: its access to change, and Stop sharing.
    private static func row(_ share: BookShare, book: AddressBook, context: WebContext) -> String {
        let strings = context.strings
        let account = HTML.escape(share.account)
        let accountField = #"<input type="hidden" name="account" value="\#(account)">"#
        return """
            <li class="share"><span class="share-account">\(account)</span>
            <form method="post" action="\(HTML.escape(path(of: book)))">\(context.csrfField)\(accountField)\
            \(accessChoice(id: nil, selected: share.access, label: "\(strings.access) · \(share.account)", strings: strings))\
            <button type="submit" aria-label="\(HTML.escape(strings.changeAccess)) · \(account)">\(HTML.escape(strings.changeAccess))</button></form>
            <form method="post" action="/sharing/remove\(HTML.escape(bookQuery(book)))">\(context.csrfField)\(accountField)\
            <button type="submit" class="destructive" aria-label="\(HTML.escape(strings.stopSharing)) · \(account)">\(HTML.escape(strings.stopSharing))</button></form></li>
            """
    }

    /// The choice of read-only or read and write.
    private static func accessChoice(id: String?, selected: BookAccess, label: String, strings: any Catalogue) -> String {
        let options = [BookAccess.readOnly, .readWrite].map { access in
            #"<option value="\#(access.rawValue)"\#(access == selected ? " selected" : "")>\#(HTML.escape(strings.accessName(access)))</option>"#
        }.joined()
        return #"<select name="access"\#(id.map { #" id="\#($0)""# } ?? "") aria-label="\#(HTML.escape(label))">\#(options)</select>"#
    }
}
