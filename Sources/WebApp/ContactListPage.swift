import ContactsCore
import ContactsStore
import Foundation
import Wording

/// The contact list: sections A–Z then #, a jump index, search, edit mode and the Undo toast.
enum ContactListPage {
    /// How many rows one page (the first screen, or one scroll step) carries.
    static let pageSize = 50

    struct State {
        /// The user's address books, for the switcher (shown when there are two or more).
        var books: [AddressBook] = []
        /// The book's groups (id and name), which checked rows can be added to.
        var groups: [(id: Int64, name: String)] = []
        var contacts: [Contact]
        /// The id to continue after, when more contacts follow.
        var next: Int64?
        /// The contacts in the book, or the matches of the search.
        var total: Int
        var query: String
        /// The group the list shows, when it shows one.
        var group: ContactGroup? = nil
        var editing: Bool
        /// The contacts just deleted (one, or a selection), for the Undo toast.
        var deleted: [Int64] = []
        /// The next days' birthdays, shown above the sections on the first screen.
        var birthdays: [ContactBirthday] = []
        var today: CalendarDate
        /// The book's latest mass deletion, for the banner that offers to undo it.
        var massDeletion: MassDeletion? = nil
        /// The moment Undo changes just took the book back to, for its notice.
        var undoneTo: Date? = nil
    }

    static func render(_ state: State, context: WebContext) -> String {
        let strings = context.strings
        // What every link and request of the list carries, so it stays in its book and group.
        let link = { (path: String) in inBookAndGroup(path, state.group, context: context) }
        let filter = link("/contacts").split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let editHref = link(state.editing ? "/contacts" : "/contacts?edit=1")
        let bar = """
            \(logoutButton(strings: strings))
            \(Layout.title(context.bookTitle, subtitle: state.group?.name))
            <div class="bar-right">
            \(ListMenu.button(strings: strings))
            \(context.canWriteContacts ? """
                <a id="edit-toggle" href="\(HTML.escape(editHref))" role="button" data-edit="\(HTML.escape(strings.edit))" data-done="\(HTML.escape(strings.done))" aria-pressed="\(state.editing)">\(HTML.escape(state.editing ? strings.done : strings.edit))</a>
                """ : SharedBookViews.disabledButton(strings.edit, id: "edit-toggle"))
            \(addButton(context: context))
            </div>
            """
        let status: String
        if state.contacts.isEmpty {
            status = #"<p class="empty" id="empty" data-count="0">\#(HTML.escape(state.query.isEmpty ? strings.empty : strings.noMatches))</p>"#
        } else {
            status = #"<p class="count" id="count" data-count="\#(state.total)">\#(HTML.escape(strings.count(state.total)))</p>"#
        }
        // The localized texts the script needs to update the count and the empty state live.
        let countOther = strings.count(2).replacingOccurrences(of: "2", with: "{n}")
        let listTexts = #" data-count-one="\#(HTML.escape(strings.count(1)))" data-count-other="\#(HTML.escape(countOther))""#
            + #" data-empty="\#(HTML.escape(strings.empty))" data-no-matches="\#(HTML.escape(strings.noMatches))""#
        let more = state.next.map { next in
            let query = state.query.isEmpty ? "" : "&q=" + HTML.urlComponent(state.query)
            return #"<a class="more" id="more" href="\#(HTML.escape(link("/contacts?after=\(next)\(query)")))">\#(HTML.escape(strings.more))</a>"#
        } ?? ""
        let main = """
            \(SharedBookViews.sharedWithYou(context))
            \(state.undoneTo.map { undoNotice($0, context: context) } ?? "")
            \(state.massDeletion.map { MassDeletionBanner.render($0, context: context) } ?? "")
            \(switcher(state.books, context: context))
            \(state.group == nil ? "" : groupHeader(context: context))
            \(searchForm(id: "search", query: state.query, group: state.group, context: context))
            \(upcomingBirthdays(state, strings: strings))
            <div id="list" class="list\(state.editing ? " editing" : "")" data-next="\(state.next.map(String.init) ?? "")" data-query="\(HTML.escape(state.query))" data-filter="\(HTML.escape(filter))"\(listTexts)>
            \(sections(state.contacts, context: context, deletable: context.canWriteContacts))
            </div>
            \(bulkActions(otherBooks: state.books.filter { $0.name != context.book?.name }, groups: state.groups, shown: state.group,
                          context: context))
            \(more)
            \(status)
            \(index(link: link, strings: strings))
            """
        let toast = state.deleted.isEmpty ? #"<div class="toast" id="toast" role="status" hidden><span>\#(HTML.escape(strings.deleted))</span> · <button type="button" class="link" id="undo-button">\#(HTML.escape(strings.undo))</button></div>"#
            : """
            <div class="toast" id="toast" role="status"><span>\(HTML.escape(strings.deleted))</span> ·
            <form method="post" action="\(HTML.escape(context.inBook("/contacts/bulk")))">\(context.csrfField)<input type="hidden" name="operation" value="restore">\
            \(state.deleted.map { #"<input type="hidden" name="ids" value="\#($0)">"# }.joined())<button type="submit" class="link">\(HTML.escape(strings.undo))</button></form></div>
            """
        // The wide screen's right pane, empty until a contact is opened.
        let detail = #"<div class="detail-placeholder" aria-hidden="true">\#(HTML.escape(strings.noContactOpen))</div>"#
        return Layout.page(title: context.bookTitle, bodyClass: "list-page two-pane", bar: bar, main: main,
                           extra: toast + ListMenu.render(context: context) + LogoutSheet.render(context: context, asDialog: true)
                               + ConfirmSheet.dialog(context: context) + detail,
                           context: context)
    }

    /// "Your contacts are back as they were at …", after Undo changes.
    private static func undoNotice(_ moment: Date, context: WebContext) -> String {
        #"<p class="list-notice" id="undo-notice" role="status">\#(LocalTime.message(context.strings.changesUndone, moment, context: context))</p>"#
    }

    /// The bar's Log out, which asks first (`LogoutSheet`).
    static func logoutButton(strings: any Catalogue) -> String {
        #"<a class="bar-left" id="logout-button" href="/logout" role="button">\#(HTML.escape(strings.logOut))</a>"#
    }

    /// The bar's +, which opens a new contact (disabled in a book shared read-only).
    static func addButton(context: WebContext) -> String {
        context.canWriteContacts
            ? #"<a id="add-button" class="add" href="\#(HTML.escape(context.inBook("/contacts/new")))" role="button" aria-label="\#(HTML.escape(context.strings.add))">+</a>"#
            : SharedBookViews.disabledButton("+", id: "add-button", label: context.strings.add, class: "add")
    }

    /// What edit mode does to the rows checked (each row's checkbox belongs to this form by its
    /// `form` attribute, so no form holds another): Delete, Move or Copy to another book, Add to
    /// a group (or, in a group's list, Remove from it), Export.
    /// A plain form: it works without script; the stylesheet shows it in edit mode only.
    private static func bulkActions(otherBooks: [AddressBook], groups: [(id: Int64, name: String)], shown group: ContactGroup?,
                                    context: WebContext) -> String {
        let strings = context.strings
        let options = otherBooks.map { #"<option value="\#(HTML.escape($0.name))">\#(HTML.escape($0.displayName))</option>"# }.joined()
        let toBook = otherBooks.isEmpty ? "" : """
            <select name="to" aria-label="\(HTML.escape(strings.otherBook))">\(options)</select>\
            <button type="submit" name="operation" value="move">\(HTML.escape(strings.moveToBook))</button>\
            <button type="submit" name="operation" value="copy">\(HTML.escape(strings.copyToBook))</button>
            """
        let groupOptions = groups.map { #"<option value="\#($0.id)">\#(HTML.escape($0.name))</option>"# }.joined()
        let toGroup = groups.isEmpty ? "" : """
            <select name="group" aria-label="\(HTML.escape(strings.groups))">\(groupOptions)</select>\
            <button type="submit" name="operation" value="group">\(HTML.escape(strings.addToGroup))</button>
            """ + (group.map { #"<input type="hidden" name="from_group" value="\#($0.id)"><button type="submit" name="operation" value="ungroup">\#(HTML.escape(strings.removeFromGroup))</button>"# } ?? "")
        return """
            <form class="bulk-actions" id="bulk-form" method="post" action="\(HTML.escape(context.inBook("/contacts/bulk")))" aria-label="\(HTML.escape(strings.selectedContacts))">\(context.csrfField)\
            <button type="submit" name="operation" value="delete" class="destructive"\(ConfirmSheet.deletingContacts(strings: strings))>\(HTML.escape(strings.deleteSelected))</button>\(toBook)\(toGroup)\
            <button type="submit" name="operation" value="export">\(HTML.escape(strings.exportAs(.vCard)))</button></form>
            """
    }

    /// The user's books as links, the page's own marked current; nothing for one book alone.
    static func switcher(_ books: [AddressBook], context: WebContext) -> String {
        guard books.count > 1 else { return "" }
        let links = books.map { book in
            let current = book.name == context.book?.name ? #" aria-current="page""# : ""
            let href = book.name == ContactStore.defaultAddressBookName ? "/contacts" : "/contacts?book=" + HTML.urlComponent(book.name)
            return #"<a href="\#(HTML.escape(href))"\#(current)>\#(HTML.escape(context.name(of: book)))</a>"#
        }
        return #"<nav class="book-switcher" id="book-switcher" aria-label="\#(HTML.escape(context.strings.addressBooks))">\#(links.joined())</nav>"#
    }

    /// The search field, a form that works without script, in the page's book (and group, when given).
    static func searchForm(id: String, query: String, group: ContactGroup? = nil, context: WebContext) -> String {
        let strings = context.strings
        return """
        <form class="search" method="get" action="/contacts" role="search">\(context.bookField)\(group.map { #"<input type="hidden" name="group" value="\#($0.id)">"# } ?? "")
        <input id="\(id)" type="search" name="q" value="\(HTML.escape(query))" aria-label="\(HTML.escape(strings.search))" placeholder="\(HTML.escape(strings.search))" autocomplete="off" enterkeyhint="search">
        </form>
        """
    }

    /// The next days' birthdays above the sections (hidden while a search is typed), headed by
    /// a link to the birthday page.
    private static func upcomingBirthdays(_ state: State, strings: any Catalogue) -> String {
        guard !state.birthdays.isEmpty, state.query.isEmpty else { return "" }
        return #"<section class="upcoming-birthdays" id="upcoming-birthdays"><h2 class="section-header" id="birthdays-heading"><a href="/birthdays">\#(HTML.escape(strings.upcomingBirthdays))</a></h2>"#
            + BirthdaysPage.rows(state.birthdays, today: state.today, headingID: "birthdays-heading", strings: strings) + "</section>"
    }

    /// Rows grouped under section headers; used for the page, the script's next pages and the list
    /// pane beside a contact (`open` marks the open contact; the pane's rows have no Delete).
    static func sections(_ contacts: [Contact], context: WebContext, open: Int64? = nil, deletable: Bool = true) -> String {
        var html = ""
        var current: String?
        for contact in contacts {
            if contact.section != current {
                if current != nil { html += "</ul></section>\n" }
                current = contact.section
                let section = HTML.escape(contact.section)
                html += #"<section class="section" id="section-\#(section == "#" ? "other" : section)" data-section="\#(section)"><h2 class="section-header">\#(section)</h2><ul>"#
            }
            html += row(contact, context: context, current: contact.id == open, deletable: deletable)
        }
        if current != nil { html += "</ul></section>" }
        return html
    }

    private static func row(_ contact: Contact, context: WebContext, current: Bool, deletable: Bool) -> String {
        let name = HTML.escape(contact.details.displayName)
        let phone = contact.details.phones.first.map { #"<span class="row-phone">\#(HTML.escape($0.number))</span>"# } ?? ""
        let delete = deletable
            ? #"<form class="row-delete" method="post" action="/contacts/\#(contact.id)/delete">\#(context.csrfField)<button type="submit" class="destructive">\#(HTML.escape(context.strings.delete))</button></form>"#
            : ""
        let select = deletable
            ? #"<input type="checkbox" class="row-select" name="ids" value="\#(contact.id)" form="bulk-form" aria-label="\#(HTML.escape(context.strings.select(contact.details.displayName)))">"#
            : ""
        return """
            <li class="row" data-id="\(contact.id)">\(select)<a class="row-link" href="/contacts/\(contact.id)"\(current ? #" aria-current="page""# : "")>\(Avatar.render(contact))<span class="row-text"><span class="row-name">\(name)</span>\(phone)</span><span class="chevron" aria-hidden="true"></span></a>\(delete)</li>
            """
    }

    /// `path` in the page's book and, when the list shows one, its group.
    private static func inBookAndGroup(_ path: String, _ group: ContactGroup?, context: WebContext) -> String {
        let inBook = context.inBook(path)
        guard let group else { return inBook }
        return inBook + (inBook.contains("?") ? "&" : "?") + "group=\(group.id)"
    }

    /// The way back to all of the book's contacts from a group's (which the bar's subtitle names).
    private static func groupHeader(context: WebContext) -> String {
        let strings = context.strings
        return #"<nav class="group-filter" aria-label="\#(HTML.escape(strings.groups))"><a href="\#(HTML.escape(context.inBook("/contacts")))" id="all-contacts">\#(HTML.escape(strings.allContacts))</a></nav>"#
    }

    private static func index(link: (String) -> String, strings: any Catalogue) -> String {
        let links = NameCollation.sections.map { section in
            let anchor = section == NameCollation.otherSection ? "other" : section
            let href = HTML.escape(link("/contacts?section=" + HTML.urlComponent(section)))
            return #"<a href="\#(href)#section-\#(anchor)" data-section="\#(section)">\#(section)</a>"#
        }
        return #"<nav class="index" aria-label="\#(HTML.escape(strings.sectionIndex))">\#(links.joined())</nav>"#
    }
}

/// A round avatar: the photo, or the name's first character on a coloured disc.
enum Avatar {
    static func render(_ contact: Contact, large: Bool = false) -> String {
        let size = large ? " avatar-large" : ""
        if contact.hasPhoto {
            return #"<span class="avatar\#(size)"><img src="/contacts/\#(contact.id)/photo?v=\#(Int(contact.updatedAt.timeIntervalSince1970 * 1000))" alt="" loading="lazy"></span>"#
        }
        let initial = contact.details.displayName.first.map { String($0).uppercased() } ?? "?"
        let colour = contact.uid.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF } % 8
        return #"<span class="avatar avatar-c\#(colour)\#(size)" aria-hidden="true">\#(HTML.escape(initial))</span>"#
    }
}

/// The logout confirmation: an action sheet over the list, or a page of its own without script.
enum LogoutSheet {
    static func render(context: WebContext, asDialog: Bool) -> String {
        let strings = context.strings
        let body = """
            <div class="sheet-group"><h2 id="logout-title">\(HTML.escape(strings.logOutQuestion))</h2>
            <p id="logout-message">\(HTML.escape(strings.logOutMessage))</p>
            <form method="post" action="/logout">\(context.csrfField)<button type="submit" class="destructive" id="confirm-logout">\(HTML.escape(strings.confirmLogOut))</button></form></div>
            """
        if asDialog {
            return """
                <dialog class="sheet" id="logout-sheet" aria-labelledby="logout-title" aria-describedby="logout-message">
                \(body)<button type="button" class="cancel" id="cancel-logout">\(HTML.escape(strings.cancel))</button></dialog>
                """
        }
        return #"<div class="sheet sheet-page" role="dialog" aria-labelledby="logout-title" aria-describedby="logout-message">\#(body)<a class="cancel" href="/contacts" role="button">\#(HTML.escape(strings.cancel))</a></div>"#
    }
}
