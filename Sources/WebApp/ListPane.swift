import ContactsCore
import ContactsStore

/// The list beside a contact's page on a wide screen (the stylesheet shows it from 900 px on; a
/// phone never sees it): the list's own bar (Log out, the book's name, ⋯ and +), the book
/// switcher, a search field and one page of the list with the open contact on it, marked as
/// the current one.
enum ListPane {
    static func render(contacts: [Contact], next: Int64?, current: Int64?, books: [AddressBook], context: WebContext) -> String {
        let strings = context.strings
        let more = next.map { #"<a class="more" href="\#(HTML.escape(context.inBook("/contacts?after=\($0)")))">\#(HTML.escape(strings.more))</a>"# } ?? ""
        return """
            <aside class="list-pane" id="list-pane" aria-labelledby="list-pane-title">
            <div class="bar pane-bar">\(ContactListPage.logoutButton(strings: strings))<h2 class="bar-title" id="list-pane-title">\(HTML.escape(context.bookTitle))</h2>\
            <div class="bar-right">\(ListMenu.button(strings: strings))\(ContactListPage.addButton(context: context))</div></div>
            \(ContactListPage.switcher(books, context: context))
            \(ContactListPage.searchForm(id: "pane-search", query: "", context: context))
            <div class="list pane-list">\(ContactListPage.sections(contacts, context: context, open: current, deletable: false))</div>
            \(more)
            \(ListMenu.render(context: context))\(LogoutSheet.render(context: context, asDialog: true))
            </aside>
            """
    }
}
