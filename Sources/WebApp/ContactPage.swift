import ContactsCore
import ContactsStore
import Foundation
import Wording

/// The add and edit screens: one form. Viewing shows the contact's card instead (`ContactViewPage`).
enum ContactPage {
    enum Mode {
        case new
        case view(Contact)
        case edit(Contact)

        var contact: Contact? {
            switch self {
            case .new: nil
            case .view(let contact), .edit(let contact): contact
            }
        }
    }

    /// - Parameters:
    ///   - pane: the list beside the form on a wide screen (`ListPane`).
    ///   - groups: the contact's groups panel (`GroupsPage.contactPanel`), shown when viewing.
    ///   - otherBooks: the user's other books, which a viewed contact can be moved or copied to.
    ///   - lastChange: who last changed the contact and when, shown in a shared book.
    static func render(mode: Mode, details: ContactDetails, error: String? = nil, pane: String, groups: String = "",
                       otherBooks: [AddressBook] = [], now: Date, lastChange: ContactChange? = nil, context: WebContext) -> String {
        if case .view(let contact) = mode {
            return ContactViewPage.render(contact, pane: pane, groups: groups, otherBooks: otherBooks, now: now,
                                          lastChange: lastChange, context: context)
        }
        let strings = context.strings
        let contact = mode.contact
        let action = context.inBook(contact.map { "/contacts/\($0.id)" } ?? "/contacts")
        let back = HTML.escape(context.inBook("/contacts"))
        let title = contact == nil ? strings.newContact : strings.contact
        let bar = if let contact {
            #"<a class="bar-left" href="/contacts/\#(contact.id)" id="cancel-button" role="button">\#(HTML.escape(strings.cancel))</a>\#(Layout.title(title))<div class="bar-right"><button type="submit" form="contact-form" id="save-button" class="primary-text">\#(HTML.escape(strings.save))</button></div>"#
        } else {
            #"<a class="bar-left" href="\#(back)" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(title))<div class="bar-right"><button type="submit" form="contact-form" id="submit-button" class="primary-text">\#(HTML.escape(strings.add))</button></div>"#
        }
        let main = """
            \(ContactFormView.render(contact: contact, details: details, action: action, error: error, now: now, context: context))
            \(contact.map { deleteForm($0, context: context) } ?? "")
            """
        let discard = """
            <dialog class="alert" id="discard-dialog" aria-labelledby="discard-title"><h2 id="discard-title">\(HTML.escape(strings.discardQuestion))</h2>
            <div class="alert-buttons"><button type="button" class="destructive" id="discard-button">\(HTML.escape(strings.discard))</button><button type="button" id="keep-editing-button">\(HTML.escape(strings.keepEditing))</button></div></dialog>
            """
        return Layout.page(title: title, bodyClass: "contact-page two-pane", bar: bar, main: main, extra: discard, aside: pane,
                           context: context)
    }

    /// Move or copy the contact to another of the user's books: a menu of them and two buttons;
    /// nothing when the user has one book. (A move gives the contact a new id: the answer goes to it.)
    static func moveForm(_ contact: Contact, to books: [AddressBook], context: WebContext) -> String {
        guard !books.isEmpty else { return "" }
        let strings = context.strings
        let options = books.map { #"<option value="\#(HTML.escape($0.name))">\#(HTML.escape($0.displayName))</option>"# }.joined()
        return """
            <form class="move-contact" method="post" action="/contacts/\(contact.id)/move">\(context.csrfField)
            <div class="field-group"><div class="field"><label class="field-label" for="move-to">\(HTML.escape(strings.otherBook))</label><select id="move-to" name="to">\(options)</select></div></div>
            <div class="move-buttons"><button type="submit" class="wide" name="operation" value="move">\(HTML.escape(strings.moveToBook))</button><button type="submit" class="wide" name="operation" value="copy">\(HTML.escape(strings.copyToBook))</button></div></form>
            """
    }

    /// Delete: the contact goes to the trash (disabled in a read-only share).
    static func deleteForm(_ contact: Contact, context: WebContext) -> String {
        #"<form class="delete-contact" method="post" action="/contacts/\#(contact.id)/delete">\#(context.csrfField)<button type="submit" class="destructive wide" id="delete-contact"\#(context.canWriteContacts ? "" : " disabled")>\#(HTML.escape(context.strings.deleteContact))</button></form>"#
    }
}
