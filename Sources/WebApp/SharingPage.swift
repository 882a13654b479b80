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
            ? #"<ul class="inset-list"><li class="inset-row"><span class="inset-empty" id="no-shares">\#(HTML.escape(strings.notSharedWithAnyone))</span></li></ul>"#
            : #"<div id="shares">\#(shares.enumerated().map { row($1, number: $0 + 1, book: book, context: context) }.joined())</div>"#
        let main = """
            <section aria-labelledby="shared-with-heading"><h2 class="group-label" id="shared-with-heading">\(HTML.escape(strings.sharedWith))</h2>
            \(list)</section>
            <form class="share-form inset-form" method="post" action="\(HTML.escape(path(of: book)))" aria-labelledby="share-heading">\(context.csrfField)
            <h2 class="group-label" id="share-heading">\(HTML.escape(strings.shareWithAnotherAccount))</h2>
            \(Layout.formError(error))
            <div class="field-group">
            <div class="field"><label class="field-label" for="share-account">\(HTML.escape(strings.account))</label>\
            <input id="share-account" name="account" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="\(AccountName.maximumLength)" required value="\(HTML.escape(account))" aria-label="\(HTML.escape(strings.accountToShareWith))" placeholder="\(HTML.escape(strings.accountToShareWith))"></div>
            <div class="field"><label class="field-label" for="share-access">\(HTML.escape(strings.access))</label>\(accessChoice(id: "share-access", selected: .readOnly, label: strings.access, strings: strings))</div>
            </div>
            <p class="inset-footer">\(HTML.escape(strings.sharingHelp))</p>
            <button type="submit" class="wide primary-text" id="share-button">\(HTML.escape(strings.shareBook))</button>
            </form>
            """
        return Layout.page(title: title, bodyClass: "sharing-page", bar: bar, main: main, context: context)
    }

    /// One account with access, as a group of its own: the account, its access to change, and
    /// Stop sharing.
    private static func row(_ share: BookShare, number: Int, book: AddressBook, context: WebContext) -> String {
        let strings = context.strings
        let account = HTML.escape(share.account)
        let accountField = #"<input type="hidden" name="account" value="\#(account)">"#
        return """
            <ul class="inset-list share" aria-label="\(account)"><li class="inset-row"><span class="inset-text"><span class="inset-title share-account">\(account)</span></span></li>
            <li class="inset-row"><form class="field share-access" method="post" action="\(HTML.escape(path(of: book)))">\(context.csrfField)\(accountField)\
            <label class="field-label" for="access-\(number)">\(HTML.escape(strings.access))</label>\
            \(accessChoice(id: "access-\(number)", selected: share.access, label: "\(strings.access) · \(share.account)", strings: strings))\
            <button type="submit" class="inset-action" aria-label="\(HTML.escape(strings.changeAccess)) · \(account)">\(HTML.escape(strings.changeAccess))</button></form></li>
            <li class="inset-row"><form class="share-stop" method="post" action="/sharing/remove\(HTML.escape(bookQuery(book)))">\(context.csrfField)\(accountField)\
            <button type="submit" class="inset-action destructive" aria-label="\(HTML.escape(strings.stopSharing)) · \(account)">\(HTML.escape(strings.stopSharing))</button></form></li></ul>
            """
    }

    /// The choice of read-only or read and write.
    private static func accessChoice(id: String, selected: BookAccess, label: String, strings: any Catalogue) -> String {
        let options = [BookAccess.readOnly, .readWrite].map { access in
            #"<option value="\#(access.rawValue)"\#(access == selected ? " selected" : "")>\#(HTML.escape(strings.accessName(access)))</option>"#
        }.joined()
        return #"<select name="access" id="\#(HTML.escape(id))" aria-label="\#(HTML.escape(label))">\#(options)</select>"#
    }
}
