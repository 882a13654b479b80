import ContactsCore
import ContactsStore
import Foundation
import Wording

/// The add, view and edit screens: one form, read-only when viewing.
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
        let strings = context.strings
        let contact = mode.contact
        let editing: Bool
        if case .view = mode { editing = false } else { editing = true }
        let action = context.inBook(contact.map { "/contacts/\($0.id)" } ?? "/contacts")
        let back = HTML.escape(context.inBook("/contacts"))
        let title = contact == nil ? strings.newContact : strings.contact

        var bar = ""
        switch mode {
        case .new:
            bar = #"<a class="bar-left" href="\#(back)" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(title))<div class="bar-right"><button type="submit" form="contact-form" id="submit-button" class="primary-text">\#(HTML.escape(strings.add))</button></div>"#
        case .view(let contact):
            bar = #"<a class="bar-left" href="\#(back)" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(title))<div class="bar-right">\#(context.canWriteContacts ? #"<a href="/contacts/\#(contact.id)/edit" id="edit-button" role="button">\#(HTML.escape(strings.edit))</a>"# : SharedBookViews.disabledButton(strings.edit, id: "edit-button"))<button type="button" id="cancel-button" hidden>\#(HTML.escape(strings.cancel))</button><button type="submit" form="contact-form" id="save-button" class="primary-text" hidden>\#(HTML.escape(strings.save))</button></div>"#
        case .edit(let contact):
            bar = #"<a class="bar-left" href="/contacts/\#(contact.id)" id="cancel-button" role="button">\#(HTML.escape(strings.cancel))</a>\#(Layout.title(title))<div class="bar-right"><button type="submit" form="contact-form" id="save-button" class="primary-text">\#(HTML.escape(strings.save))</button></div>"#
        }

        let links = contact.map { viewLinks($0.details) + shareLink($0, strings: strings) } ?? ""
        let deleteForm = contact.map { contact in
            #"<form class="delete-contact" method="post" action="/contacts/\#(contact.id)/delete">\#(context.csrfField)<button type="submit" class="destructive wide" id="delete-contact"\#(context.canWriteContacts ? "" : " disabled")>\#(HTML.escape(strings.deleteContact))</button></form>"#
        } ?? ""

        let form = ContactFormView.render(contact: contact, details: details, editing: editing, action: action, error: error,
                                          now: now, context: context)
        let main = """
            \(form)
            \(editing ? "" : links + (lastChange.map { SharedBookViews.lastChanged($0, context: context) } ?? ""))
            \(editing ? "" : groups)
            \(editing || !context.canWriteContacts ? "" : contact.map { moveForm($0, to: otherBooks, context: context) } ?? "")
            \(editing && contact == nil ? "" : deleteForm)
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
    private static func moveForm(_ contact: Contact, to books: [AddressBook], context: WebContext) -> String {
        guard !books.isEmpty else { return "" }
        let strings = context.strings
        let options = books.map { #"<option value="\#(HTML.escape($0.name))">\#(HTML.escape($0.displayName))</option>"# }.joined()
        return """
            <form class="move-contact" method="post" action="/contacts/\(contact.id)/move">\(context.csrfField)
            <div class="field-group"><div class="field"><label class="field-label" for="move-to">\(HTML.escape(strings.otherBook))</label><select id="move-to" name="to">\(options)</select></div></div>
            <div class="move-buttons"><button type="submit" class="wide" name="operation" value="move">\(HTML.escape(strings.moveToBook))</button><button type="submit" class="wide" name="operation" value="copy">\(HTML.escape(strings.copyToBook))</button></div></form>
            """
    }

    /// Share: the contact's card as a .vcf download, shown while viewing.
    private static func shareLink(_ contact: Contact, strings: any Catalogue) -> String {
        #"<ul class="links" id="contact-actions"><li><a href="/contacts/\#(contact.id)/vcard" id="share-link">\#(HTML.escape(strings.share))</a></li></ul>"#
    }

    /// Phone numbers as tel: links and emails as mailto: links, shown while viewing.
    private static func viewLinks(_ details: ContactDetails) -> String {
        let phones = details.phones.map { phone in
            let dial = phone.number.filter { $0.isNumber || $0 == "+" }
            return #"<li><a href="tel:\#(HTML.escape(dial))">\#(HTML.escape(phone.number))</a></li>"#
        }
        let emails = details.emails.map { #"<li><a href="mailto:\#(HTML.escape($0.address))">\#(HTML.escape($0.address))</a></li>"# }
        return #"<ul class="links" id="contact-links">\#((phones + emails).joined())</ul>"#
    }
}
