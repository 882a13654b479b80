import ContactsCore
import ContactsStore
import Wording

/// The address books page (the user's own books, each with its count and URL segment, opening
/// its list, with Edit; those shared with the user; New Address Book, which asks only for a
/// name; Recently Deleted with Restore; the search of all books), a book's own page (rename,
/// its CardDAV address, Delete), Delete's confirmation, and the results of a search of all
/// books, each under its book. Plain forms: no script needed.
enum BooksPage {
    /// - Parameters:
    ///   - error: why the last New Address Book form was refused, shown above it.
    ///   - newName: what that form named, kept in its field.
    static func render(books: [(book: AddressBook, count: Int)], trashed: [TrashedAddressBook], error: String? = nil,
                       newName: String = "", context: WebContext) -> String {
        let strings = context.strings
        let own = books.filter { $0.book.sharedBy == nil }
        let shared = books.filter { $0.book.sharedBy != nil }
        let sharedSection = shared.isEmpty ? "" : section("shared-books", heading: strings.sharedWithMe,
                                                          rows: shared.map { sharedRow($0.book, count: $0.count, context: context) })
        let recentlyDeleted = trashed.isEmpty ? "" : section("trash", heading: strings.recentlyDeletedBooks,
                                                             rows: trashed.map { restoreRow($0.book, context: context) })
        let main = """
            \(searchForm(query: "", strings: strings))
            \(section("my-books", heading: strings.myAddressBooks, rows: own.map { ownRow($0.book, count: $0.count, context: context) }))
            \(sharedSection)
            <form class="new-book inset-form" method="post" action="/books" aria-labelledby="new-book-heading">\(context.csrfField)
            <h2 class="group-label" id="new-book-heading">\(HTML.escape(strings.newAddressBook))</h2>
            \(Layout.formError(error))
            <div class="field-group"><div class="field"><label class="field-label" for="new-book-name">\(HTML.escape(strings.bookNameLabel))</label><input id="new-book-name" name="display_name" value="\(HTML.escape(newName))" placeholder="\(HTML.escape(strings.bookNameExample))" maxlength="255" required autocomplete="off"></div></div>
            <button type="submit" class="wide primary-text" id="create-book">\(HTML.escape(strings.create))</button></form>
            \(recentlyDeleted)
            """
        return Layout.page(title: strings.addressBooks, bodyClass: "books-page", bar: bar(strings.addressBooks, strings: strings),
                           main: main, context: context)
    }

    /// A book's own page: its name to change, its CardDAV address, its contacts, and Delete but
    /// for the default book.
    /// - Parameters:
    ///   - error: why the last rename was refused; `name` is then what it asked for.
    static func edit(_ book: AddressBook, count: Int, name: String? = nil, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let user = context.user?.username ?? ""
        let address = "/dav/addressbooks/\(HTML.urlComponent(user))/\(HTML.urlComponent(book.name))/"
        let delete = book.name == ContactStore.defaultAddressBookName ? ""
            : #"<a class="wide destructive" id="delete-book" href="/books/delete?name=\#(HTML.urlComponent(book.name))" role="button">\#(HTML.escape(strings.deleteBook))</a>"#
        let main = """
            <form class="book-rename inset-form" method="post" action="/books/rename">\(context.csrfField)<input type="hidden" name="name" value="\(HTML.escape(book.name))">
            \(Layout.formError(error))
            <div class="field-group"><div class="field"><label class="field-label" for="book-name">\(HTML.escape(strings.bookNameLabel))</label><input id="book-name" name="display_name" value="\(HTML.escape(name ?? context.name(of: book)))" maxlength="255" required autocomplete="off"></div></div>
            <button type="submit" class="wide primary-text" id="save-book">\(HTML.escape(strings.save))</button></form>
            <section aria-labelledby="address-heading"><h2 class="group-label" id="address-heading">\(HTML.escape(strings.bookAddress))</h2>
            <ul class="inset-list"><li class="inset-row"><span class="inset-text" id="book-address">\(HTML.escape(address))</span></li></ul>
            <p class="inset-footer" id="book-address-help">\(HTML.escape(strings.bookAddressHelp))</p></section>
            <ul class="inset-list"><li class="inset-row"><a class="inset-link" id="book-contacts" href="\(HTML.escape(listPath(book)))"><span class="inset-title">\(HTML.escape(strings.count(count)))</span><span class="chevron" aria-hidden="true"></span></a></li></ul>
            \(delete)
            """
        let bar = #"<a class="bar-left" href="/books" id="back-button" role="button">\#(HTML.escape(strings.addressBooks))</a>\#(Layout.title(context.name(of: book)))<div class="bar-right"></div>"#
        return Layout.page(title: context.name(of: book), bodyClass: "books-page", bar: bar, main: main, context: context)
    }

    /// Delete's confirmation: what goes to the trash, with Delete and Cancel.
    static func confirmDeletion(of book: AddressBook, contacts: Int, context: WebContext) -> String {
        let strings = context.strings
        let main = """
            <div class="sheet sheet-page" role="dialog" aria-labelledby="delete-book-title" aria-describedby="delete-book-message">
            <div class="sheet-group"><h2 id="delete-book-title">\(HTML.escape(strings.deleteBookQuestion(context.name(of: book), contacts: contacts)))</h2>
            <p id="delete-book-message">\(HTML.escape(strings.deleteBookMessage))</p>
            <form method="post" action="/books/delete">\(context.csrfField)<input type="hidden" name="name" value="\(HTML.escape(book.name))"><button type="submit" class="destructive" id="confirm-delete-book">\(HTML.escape(strings.deleteBook))</button></form></div>
            <a class="cancel" href="/books" role="button">\(HTML.escape(strings.cancel))</a></div>
            """
        return Layout.page(title: strings.deleteBook, bodyClass: "books-page", bar: bar(strings.deleteBook, strings: strings),
                           main: main, context: context)
    }

    /// A search of all books: each book with matches under its own heading, its count beside it.
    static func searchResults(_ results: [BookSearchResult], query: String, context: WebContext) -> String {
        let strings = context.strings
        let found = results.enumerated().map { index, result in
            let heading = "search-book-\(index + 1)"
            return """
                <section class="book-results" aria-labelledby="\(heading)"><h2 class="group-label" id="\(heading)"><a href="/contacts?book=\(HTML.urlComponent(result.book.name))&amp;q=\(HTML.urlComponent(query))">\(HTML.escape(context.name(of: result.book)))</a> · \(HTML.escape(strings.count(result.total)))</h2>
                <div class="list">\(ContactListPage.sections(result.contacts, context: context, deletable: false))</div></section>
                """
        }.joined()
        let empty = results.isEmpty && !query.isEmpty ? #"<p class="empty" id="empty">\#(HTML.escape(strings.noMatches))</p>"# : ""
        return Layout.page(title: strings.searchAllBooks, bodyClass: "books-page", bar: bar(strings.searchAllBooks, strings: strings),
                           main: searchForm(query: query, strings: strings) + found + empty, context: context)
    }

    private static func bar(_ title: String, strings: any Catalogue) -> String {
        #"<a class="bar-left" href="/contacts" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(title))<div class="bar-right"></div>"#
    }

    private static func searchForm(query: String, strings: any Catalogue) -> String {
        """
        <form class="search" method="get" action="/search" role="search">
        <input id="search-all" type="search" name="q" value="\(HTML.escape(query))" aria-label="\(HTML.escape(strings.searchAllBooks))" placeholder="\(HTML.escape(strings.searchAllBooks))" maxlength="200" autocomplete="off" enterkeyhint="search">
        </form>
        """
    }

    /// A titled group of inset rows.
    private static func section(_ id: String, heading: String, rows: [String]) -> String {
        """
        <section class="book-group" aria-labelledby="\(id)-heading"><h2 class="group-label" id="\(id)-heading">\(HTML.escape(heading))</h2>
        <ul class="inset-list" id="\(id)">\(rows.joined())</ul></section>
        """
    }

    /// The list of `book`: `/contacts`, with `?book=` for any but the default one.
    private static func listPath(_ book: AddressBook) -> String {
        "/contacts?book=" + HTML.urlComponent(book.name)
    }

    /// One of the user's own books: its name over its URL segment and its count (a link to its
    /// list), and Edit (its own page).
    private static func ownRow(_ book: AddressBook, count: Int, context: WebContext) -> String {
        let strings = context.strings
        let name = HTML.escape(context.name(of: book))
        return """
            <li class="inset-row book-row"><a class="inset-link" href="\(HTML.escape(listPath(book)))"><span class="inset-text"><span class="inset-title book-title">\(name)</span>\
            <span class="inset-detail book-segment">\(HTML.escape(book.name))</span></span><span class="inset-value book-count">\(HTML.escape(strings.count(count)))</span></a>\
            <a class="inset-action" href="/books/edit?name=\(HTML.urlComponent(book.name))" aria-label="\(HTML.escape(strings.edit)) \(name)">\(HTML.escape(strings.edit))</a></li>
            """
    }

    /// A book shared with the user: its name over its owner and access, and its count.
    private static func sharedRow(_ book: AddressBook, count: Int, context: WebContext) -> String {
        let strings = context.strings
        return """
        <li class="inset-row book-row"><a class="inset-link" href="\(HTML.escape(listPath(book)))"><span class="inset-text"><span class="inset-title book-title">\(HTML.escape(context.name(of: book)))</span>\
        <span class="inset-detail">\(HTML.escape(strings.sharedBookDetail(owner: book.sharedBy ?? "", book.access)))</span></span>\
        <span class="inset-value book-count">\(HTML.escape(strings.count(count)))</span><span class="chevron" aria-hidden="true"></span></a></li>
        """
    }

    private static func restoreRow(_ book: AddressBook, context: WebContext) -> String {
        """
        <li class="inset-row trashed-book"><span class="inset-text"><span class="inset-title">\(HTML.escape(context.name(of: book)))</span></span><form method="post" action="/books/restore">\(context.csrfField)<input type="hidden" name="name" value="\(HTML.escape(book.name))"><button type="submit" class="inset-action link" aria-label="\(HTML.escape(context.strings.restore)) \(HTML.escape(context.name(of: book)))">\(HTML.escape(context.strings.restore))</button></form></li>
        """
    }
}
