import ContactsCore
import ContactsStore
import Foundation

/// The view screen: Back and Edit in the bar, the contact's card (`ContactCardView`), then
/// Share and History, who last changed it, its groups, moving it to another book, and Delete.
enum ContactViewPage {
    /// - Parameters:
    ///   - pane: the list beside the card on a wide screen (`ListPane`).
    ///   - groups: the contact's groups panel (`GroupsPage.contactPanel`).
    ///   - otherBooks: the user's other books, which the contact can be moved or copied to.
    ///   - lastChange: who last changed the contact and when, shown in a shared book.
    static func render(_ contact: Contact, pane: String, groups: String, otherBooks: [AddressBook], now: Date,
                       lastChange: ContactChange?, context: WebContext) -> String {
        let strings = context.strings
        let back = HTML.escape(context.inBook("/contacts"))
        let edit = context.canWriteContacts
            ? #"<a href="\#(HTML.escape(context.inBook("/contacts/\(contact.id)/edit")))" id="edit-button" role="button">\#(HTML.escape(strings.edit))</a>"#
            : SharedBookViews.disabledButton(strings.edit, id: "edit-button")
        let bar = #"<a class="bar-left" href="\#(back)" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.contact))<div class="bar-right">\#(edit)</div>"#
        let share = #"<ul class="links" id="contact-actions"><li><a href="/contacts/\#(contact.id)/vcard" id="share-link">\#(HTML.escape(strings.share))</a></li>"#
            + #"<li><a href="\#(HTML.escape(HistoryPage.path(of: contact.id, context: context)))" id="history-link">\#(HTML.escape(strings.history))</a></li></ul>"#
        let main = """
            \(ContactCardView.render(contact, now: now, strings: strings))
            \(share)\(lastChange.map { SharedBookViews.lastChanged($0, context: context) } ?? "")
            \(groups)
            \(context.canWriteContacts ? ContactPage.moveForm(contact, to: otherBooks, context: context) : "")
            \(ContactPage.deleteForm(contact, context: context))
            """
        return Layout.page(title: strings.contact, bodyClass: "contact-page contact-view-page two-pane", bar: bar, main: main,
                           aside: pane, context: context)
    }
}
