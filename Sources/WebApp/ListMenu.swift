import ContactsStore
import Wording

/// The list's menu of book-wide actions (Import, Export, Birthdays, Recently Deleted, Undo
/// changes where the user may write, Possible duplicates with their count, which a script
/// fetches when the menu opens, Sharing for a book of the user's own), then the account's
/// Devices and Settings: a popover under the bar's ⋯ button, opened and closed by the browser itself
/// (light dismiss, Escape), so it needs no script.
enum ListMenu {
    /// The bar's ⋯ button that opens the menu.
    static func button(strings: any Catalogue) -> String {
        let icon = #"<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="10.5" fill="none" stroke="currentColor" stroke-width="1.5"/><circle cx="7.2" cy="12" r="1.5" fill="currentColor"/><circle cx="12" cy="12" r="1.5" fill="currentColor"/><circle cx="16.8" cy="12" r="1.5" fill="currentColor"/></svg>"#
        return #"<button type="button" id="menu-button" class="menu-button" popovertarget="list-menu" aria-label="\#(HTML.escape(strings.menu))" title="\#(HTML.escape(strings.menu))">\#(icon)</button>"#
    }

    /// The menu itself, placed after the page's content.
    static func render(context: WebContext) -> String {
        let strings = context.strings
        let href = { (path: String) in HTML.escape(context.inBook(path)) }
        let sharing = context.book.map { book in
            book.sharedBy == nil ? #"<a href="\#(HTML.escape(SharingPage.path(of: book)))" id="sharing-link">\#(HTML.escape(strings.sharing))</a>"# : ""
        } ?? ""
        return """
        <div class="menu" id="list-menu" popover><a href="/books" id="books-link">\(HTML.escape(strings.addressBooks))</a>\
        <a href="\(href("/contacts/import"))" id="import-link">\(HTML.escape(strings.importCards))</a>\
        <a href="\(href("/contacts/export.vcf"))" id="export-link">\(HTML.escape(strings.exportAs(.vCard)))</a>\
        <a href="\(href("/contacts/export.csv?format=google-csv"))" id="export-google-link">\(HTML.escape(strings.exportAs(.googleCSV)))</a>\
        <a href="\(href("/contacts/export.csv?format=outlook-csv"))" id="export-outlook-link">\(HTML.escape(strings.exportAs(.outlookCSV)))</a>\
        <a href="\(href("/groups"))" id="groups-link">\(HTML.escape(strings.groups))</a>\
        <a href="\(href("/birthdays"))" id="birthdays-link">\(HTML.escape(strings.birthdays))</a>\
        <a href="\(href("/contacts/trash"))" id="trash-link">\(HTML.escape(strings.recentlyDeleted))</a>\
        \(context.canWriteContacts ? #"<a href="\#(href("/contacts/undo"))" id="undo-changes-link">\#(HTML.escape(strings.undoChanges))</a>"# : "")\
        <a href="\(href("/duplicates"))" id="duplicates-link">\(HTML.escape(strings.possibleDuplicates))<span class="badge" id="duplicates-count" hidden></span></a>\
        \(sharing)\
        <a href="\(DevicesPage.path)" id="devices-link">\(HTML.escape(strings.devices))</a>\
        <a href="/settings" id="settings-link">\(HTML.escape(strings.settings))</a></div>
        """
    }
}
