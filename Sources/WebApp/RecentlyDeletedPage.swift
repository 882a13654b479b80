import ContactsCore
import ContactsStore
import Foundation

/// The book's contacts deleted in the last 30 days: each with its History, Restore and Delete
/// Now (which asks first), and Restore All in the bar. Plain forms; in a book shared read-only the buttons are
/// there but disabled.
enum RecentlyDeletedPage {
    static func render(_ trash: [TrashedContact], now: Date, context: WebContext) -> String {
        let strings = context.strings
        let writable = context.canWriteContacts && !trash.isEmpty
        let restoreAll = writable
            ? #"<button type="submit" form="restore-all-form" id="restore-all" class="primary-text">\#(HTML.escape(strings.restoreAll))</button>"#
            : SharedBookViews.disabledButton(strings.restoreAll, id: "restore-all")
        let bar = #"<a class="bar-left" href="\#(HTML.escape(context.inBook("/contacts")))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>"#
            + Layout.title(strings.recentlyDeleted, subtitle: context.bookTitle) + #"<div class="bar-right">\#(restoreAll)</div>"#
        let list = trash.isEmpty
            ? #"<p class="empty" id="trash-empty">\#(HTML.escape(strings.recentlyDeletedEmpty))</p>"#
            : #"<p class="trash-note">\#(HTML.escape(strings.recentlyDeletedNote))</p><ul class="trash-list" id="trash-list">"#
                + trash.map { row($0, now: now, context: context) }.joined() + "</ul>"
        let form = writable
            ? #"<form id="restore-all-form" method="post" action="\#(HTML.escape(context.inBook("/contacts/trash/restore")))">\#(context.csrfField)<input type="hidden" name="all" value="1"></form>"#
            : ""
        return Layout.page(title: strings.recentlyDeleted, bodyClass: "trash-page", bar: bar,
                           main: SharedBookViews.sharedWithYou(context) + list + form,
                           extra: ConfirmSheet.dialog(context: context), context: context)
    }

    /// One deleted contact: its avatar, name and days left, Restore and Delete Now.
    private static func row(_ trashed: TrashedContact, now: Date, context: WebContext) -> String {
        let strings = context.strings
        let contact = trashed.contact
        let name = contact.details.displayName
        let nameID = "trashed-\(contact.id)"
        let disabled = context.canWriteContacts ? "" : " disabled"
        func button(_ path: String, _ text: String, class classes: String, asking: String = "") -> String {
            """
            <form method="post" action="\(HTML.escape(context.inBook(path)))">\(context.csrfField)<input type="hidden" name="ids" value="\(contact.id)">\
            <button type="submit" class="\(classes)" aria-describedby="\(nameID)"\(asking)\(disabled)>\(HTML.escape(text))</button></form>
            """
        }
        return """
            <li class="trash-row" data-id="\(contact.id)">\(Avatar.render(contact))<span class="row-text"><span class="row-name" id="\(nameID)">\(HTML.escape(name))</span>\
            <span class="row-phone">\(HTML.escape(strings.daysLeft(daysLeft(trashed, now: now))))</span>\
            <a href="\(HTML.escape(HistoryPage.path(of: contact.id, context: context)))" class="trash-history" aria-describedby="\(nameID)">\(HTML.escape(strings.history))</a></span>\
            <span class="trash-actions">\(button("/contacts/trash/restore", strings.restore, class: "restore"))\
            \(button("/contacts/trash/delete", strings.deleteNow, class: "destructive",
                     asking: ConfirmSheet.attributes(confirm: strings.deleteNow, message: strings.deleteNowMessage(name))))</span></li>
            """
    }

    /// Whole days, rounded up, until the contact leaves the trash for good.
    private static func daysLeft(_ trashed: TrashedContact, now: Date) -> Int {
        let left = trashed.deletedAt.addingTimeInterval(ContactStore.trashRetention).timeIntervalSince(now)
        return max(1, Int((left / 86_400).rounded(.up)))
    }
}
