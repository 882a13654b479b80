import ContactsCore
import ContactsStore
import Wording

/// The address books page (each book with its count, Rename and Delete; New Address Book;
/// Recently Deleted with Restore; the search of all books), Delete's confirmation, and the
/// results of a search of all books, each under its book. Plain forms: no script needed.
enum BooksPage {
    static func render(books: [(book: AddressBook, count: Int)], trashed: [TrashedAddressBook], context: WebContext) -> String {
        let strings = context.strings
        let rows = books.enumerated().map { index, entry in bookSection(entry.book, count: entry.count, number: index + 1, context: context) }
        let recentlyDeleted = trashed.isEmpty ? "" : """
            <section class="books-trash" aria-labelledby="trash-heading"><h2 class="group-label" id="trash-heading">\(HTML.escape(strings.recentlyDeletedBooks))</h2>
            <ul class="links">\(trashed.map { restoreRow($0.book, context: context) }.joined())</ul></section>
            """
        let main = """
            \(searchForm(query: "", strings: strings))
            \(rows.joined())
            <form class="new-book" method="post" action="/books" aria-labelledby="new-book-heading">\(context.csrfField)
            <h2 class="group-label" id="new-book-heading">\(HTML.escape(strings.newAddressBook))</h2>
            <div class="field-group">
            <div class="field"><label class="field-label" for="new-book-name">\(HTML.escape(strings.bookName))</label><input id="new-book-name" name="name" maxlength="255" required autocomplete="off"></div>
            <div class="field"><label class="field-label" for="new-book-display-name">\(HTML.escape(strings.displayName))</label><input id="new-book-display-name" name="display_name" maxlength="255" autocomplete="off"></div>
            </div>
            <button type="submit" class="wide primary-text">\(HTML.escape(strings.create))</button></form>
            \(recentlyDeleted)
            """
        return Layout.page(title: strings.addressBooks, bodyClass: "books-page", bar: bar(strings.addressBooks, strings: strings),
                           main: main, context: context)
    }

    /// Delete's confirmation: what goes to the trash, with Delete and Cancel.
    static func confirmDeletion(of book: AddressBook, contacts: Int, context: WebContext) -> String {
        let strings = context.strings
        let main = """
            <div class="sheet sheet-page" role="dialog" aria-labelledby="delete-book-title" aria-describedby="delete-book-message">
            <div class="sheet-group"><h2 id="delete-book-title">\(HTML.escape(strings.deleteBookQuestion(book.displayName, contacts: contacts)))</h2>
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
                <section class="book-results" aria-labelledby="\(heading)"><h2 class="group-label" id="\(heading)"><a href="/contacts?book=\(HTML.urlComponent(result.book.name))&amp;q=\(HTML.urlComponent(query))">\(HTML.escape(result.book.displayName))</a> · \(HTML.escape(strings.count(result.total)))</h2>
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

    /// One book: its name (a link to its list) and count, Rename, and Delete but for the default book.
    private static func bookSection(_ book: AddressBook, count: Int, number: Int, context: WebContext) -> String {
        let strings = context.strings
        let (heading, field) = ("book-\(number)", "book-\(number)-display-name")
        let name = HTML.escape(book.name)
        let delete = book.name == ContactStore.defaultAddressBookName ? ""
            : #"<a class="wide destructive book-delete" href="/books/delete?name=\#(HTML.urlComponent(book.name))" role="button">\#(HTML.escape(strings.deleteBook))</a>"#
        return """
            <section class="book" aria-labelledby="\(heading)"><h2 class="group-label" id="\(heading)"><a href="/contacts?book=\(HTML.urlComponent(book.name))">\(HTML.escape(book.displayName))</a> · <span class="book-count">\(HTML.escape(strings.count(count)))</span></h2>
            <form class="book-rename" method="post" action="/books/rename">\(context.csrfField)<input type="hidden" name="name" value="\(name)">
            <div class="field-group"><div class="field"><label class="field-label" for="\(field)">\(HTML.escape(strings.displayName))</label><input id="\(field)" name="display_name" value="\(HTML.escape(book.displayName))" maxlength="255" required autocomplete="off"></div></div>
            <button type="submit" class="wide">\(HTML.escape(strings.rename))</button></form>
            \(delete)</section>
            """
    }

    private static func restoreRow(_ book: AddressBook, context: WebContext) -> String {
        """
        <li class="trashed-book"><span>\(HTML.escape(book.displayName))</span> <form method="post" action="/books/restore">\(context.csrfField)<input type="hidden" name="name" value="\(HTML.escape(book.name))"><button type="submit" class="link" aria-label="\(HTML.escape(context.strings.restore)) \(HTML.escape(book.displayName))">\(HTML.escape(context.strings.restore))</button></form></li>
        """
    }
}
