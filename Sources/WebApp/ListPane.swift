import ContactsCore
import ContactsStore

/// The list beside a contact's page on a wide screen (the stylesheet shows it from 900 px on; a
/// phone never sees it): a search field and one page of the list with the open contact on it,
/// marked as the current one.
enum ListPane {
    static func render(contacts: [Contact], next: Int64?, current: Int64?, context: WebContext) -> String {
        let strings = context.strings
        let more = next.map { #"<a class="more" href="\#(HTML.escape(context.inBook("/contacts?after=\($0)")))">\#(HTML.escape(strings.more))</a>"# } ?? ""
        return """
            <aside class="list-pane" id="list-pane" aria-labelledby="list-pane-title">
            <h2 class="pane-title" id="list-pane-title">\(HTML.escape(strings.appShortName))</h2>
            \(ContactListPage.searchForm(id: "pane-search", query: "", context: context))
            <div class="list pane-list">\(ContactListPage.sections(contacts, context: context, open: current, deletable: false))</div>
            \(more)
            </aside>
            """
    }
}
