import Accounts
import ContactsCore
import ContactsStore
import Foundation
import StoreOpening
import Testing

/// Several address books on the web: the list of the book `?book=` names, the address books page
/// (make, rename, delete after a confirmation, restore), the search of all books, and moving or
/// copying a contact; none of it reaches another account's books or contacts.
@Suite struct BookPagesTests {
    let app: RunningApp
    let alice: WebSession
    var store: ContactStore { app.store }

    init() throws {
        app = try RunningApp()
        alice = try app.aliceBesideBob(on: "/contacts")
    }

    private func user(_ name: String = "alice") throws -> User { try store.user(named: name) }

    private func add(_ name: String, to book: AddressBookScope) throws -> Contact {
        try store.addContact(ContactDetails(name: name, phones: [PhoneNumber("13800138000")]), to: book)
    }

    @Test func theListShowsTheBookTheURLNames() throws {
        let work = try store.createAddressBook(named: "work & play", displayName: "Work <&>", for: try user())
        _ = try add("Colleague", to: work.scope)
        _ = try add("Friend", to: try store.defaultAddressBook(for: try user()))
        let page = try alice.get("/contacts?book=work%20%26%20play").body
        #expect(page.contains(#"<h1 class="bar-title">Work &lt;&amp;&gt;</h1>"#))
        #expect(page.contains("Colleague") && !page.contains("Friend"))
        #expect(page.contains(#"<a href="/contacts?book=work%20%26%20play" aria-current="page">Work &lt;&amp;&gt;</a>"#))
        #expect(page.contains(#"<input type="hidden" name="book" value="work &amp; play">"#), "the search stays in the book")
        #expect(page.contains(#"href="/contacts/new?book=work%20%26%20play""#))
        #expect(page.contains(#"<p class="count" id="count" data-count="1">1 contact</p>"#))
        let search = try alice.get("/contacts/rows?book=work%20%26%20play&q=coll")
        #expect(search.body.contains("Colleague") && search.header("X-Count") == "1")
        #expect(try alice.get("/contacts?q=coll").body.contains(#"id="empty""#), "the default book has no colleague")
        #expect(try alice.get("/contacts?book=nope").status == 404)
        let created = try alice.postMultipart("/contacts?book=work%20%26%20play", [("name", "New hire"), ("phone", "1")])
        #expect(created.status == 303 && created.header("Location") == "/contacts?book=work%20%26%20play")
        #expect(try store.contacts(in: work.scope).map(\.details.name) == ["Colleague", "New hire"])
    }

    @Test func booksAreMadeRenamedDeletedAfterAConfirmationAndRestored() throws {
        let made = try alice.post("/books", [("display_name", " 家人 ")])
        #expect(made.status == 303 && made.header("Location") == "/contacts?book=jiaren", "the URL segment is the name's pinyin")
        #expect(try store.addressBook(named: "jiaren", for: try user())?.displayName == "家人")
        let edit = try alice.get("/books/edit?name=jiaren")
        #expect(edit.status == 200 && edit.body.contains(#"<span class="inset-text" id="book-address">/dav/addressbooks/alice/jiaren/</span>"#))
        #expect(edit.body.contains(#"value="家人""#) && edit.body.contains(#"href="/books/delete?name=jiaren" role="button">Delete Address Book</a>"#))
        #expect(try alice.post("/books/rename", [("name", "jiaren"), ("display_name", "Kin")]).status == 303)
        let page = try alice.get("/books").body
        #expect(page.contains(#"<span class="inset-title book-title">Kin</span><span class="inset-detail book-segment">jiaren</span></span><span class="inset-value book-count">0 contacts</span>"#))
        #expect(page.contains(#"<a class="inset-action" href="/books/edit?name=jiaren" aria-label="Edit Kin">Edit</a>"#))
        #expect(!page.contains("Name in addresses") && !page.contains("Display name"), "one name is asked for")
        let confirm = try alice.get("/books/delete?name=jiaren")
        #expect(confirm.status == 200 && confirm.body.contains("Delete Kin and its 0 contacts?"))
        #expect(try store.addressBook(named: "jiaren", for: try user()) != nil, "asking is not deleting")
        #expect(try alice.post("/books/delete", [("name", "jiaren")]).status == 303)
        #expect(try store.addressBook(named: "jiaren", for: try user()) == nil)
        #expect(try alice.get("/contacts?book=jiaren").status == 404)
        #expect(try alice.get("/books").body.contains(#"<h2 class="group-label" id="trash-heading">Recently Deleted</h2>"#))
        let again = try alice.post("/books", [("display_name", "家人")])
        #expect(again.header("Location") == "/contacts?book=jiaren-2", "the trashed book keeps its segment")
        let restored = try alice.post("/books/restore", [("name", "jiaren")])
        #expect(restored.status == 303 && restored.header("Location") == "/contacts?book=jiaren")
        #expect(try store.addressBook(named: "jiaren", for: try user())?.displayName == "Kin")
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.get("/books").body.contains("<h1 class=\"bar-title\">通讯录列表</h1>"))
    }

    @Test func aNameAnotherBookHasIsRefusedOnTheForm() throws {
        let taken = try alice.post("/books", [("display_name", " contacts ")])
        #expect(taken.status == 422)
        #expect(taken.body.contains(#"<p class="form-error" role="alert" id="form-error">another address book is already called &quot;contacts&quot;; choose another name</p>"#))
        #expect(taken.body.contains(#"id="new-book-name" name="display_name" value="contacts""#), "what was typed stays")
        #expect(try alice.post("/books", [("display_name", "Work")]).status == 303)
        let renamed = try alice.post("/books/rename", [("name", "work"), ("display_name", "CONTACTS")])
        #expect(renamed.status == 422 && renamed.body.contains(#"value="CONTACTS""#) && renamed.body.contains("already called"))
        #expect(try store.addressBooks(for: try user()).map(\.displayName) == ["Contacts", "Work"])
        try alice.get("/contacts?lang=zh-Hans")
        #expect(try alice.post("/books", [("display_name", "work")]).body.contains("已有名为“work”的通讯录，请换一个名称"))
    }

    @Test func booksSharedWithTheUserAreListedApartWithoutEdit() throws {
        let bob = try user("bob")
        let family = try store.createAddressBook(named: "family", displayName: "Family", for: bob)
        try store.share(family.scope, with: "alice", access: .readOnly)
        let page = try alice.get("/books").body
        #expect(page.contains(#"<h2 class="group-label" id="shared-books-heading">Shared with Me</h2>"#))
        #expect(page.contains(#"<span class="inset-title book-title">Family</span><span class="inset-detail">bob · Read-only</span>"#))
        #expect(!page.contains("/books/edit?name=~"), "a shared book is its owner's to rename")
        #expect(try alice.get("/books/edit?name=~bob~family").status == 403)
        #expect(try alice.post("/books/rename", [("name", "~bob~family"), ("display_name", "Mine")]).status == 403)
    }

    @Test func badInputIs400AndTheDefaultBookStays() throws {
        #expect(try alice.post("/books", [("display_name", "   ")]).status == 400)
        #expect(try alice.post("/books", [("display_name", String(repeating: "x", count: 256))]).status == 400)
        #expect(try alice.post("/books/rename", [("name", "contacts"), ("display_name", "  ")]).status == 400)
        #expect(try alice.post("/books/rename", [("display_name", "X")]).status == 400)
        #expect(try alice.post("/books/delete", [("name", "contacts")]).status == 409)
        #expect(try alice.get("/books/delete?name=contacts").status == 409)
        #expect(try alice.post("/books/restore", [("name", "never")]).status == 404)
        #expect(try store.addressBooks(for: try user()).map(\.name) == ["contacts"])
    }

    @Test func formsNeedTheirCSRFToken() throws {
        #expect(try alice.post("/books", [("display_name", "x")], csrf: false).status == 403)
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: try user())
        #expect(try alice.post("/books/delete", [("name", "work")], csrf: false).status == 403)
        let contact = try add("Mover", to: try store.defaultAddressBook(for: try user()))
        #expect(try alice.post("/contacts/\(contact.id)/move", [("to", "work"), ("operation", "move")], csrf: false).status == 403)
        #expect(try store.addressBooks(for: try user()).map(\.name) == ["contacts", "work"])
        #expect(try store.count(in: work.scope) == 0)
    }

    @Test func aContactMovesOrIsCopiedFromItsPage() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: try user())
        let contact = try add("Mover", to: try store.defaultAddressBook(for: try user()))
        let page = try alice.get("/contacts/\(contact.id)").body
        #expect(page.contains(#"<select id="move-to" name="to"><option value="work">Work</option></select>"#))
        let copied = try alice.post("/contacts/\(contact.id)/move", [("to", "work"), ("operation", "copy")])
        let copy = try #require(try store.contacts(in: work.scope).first)
        #expect(copied.status == 303 && copied.header("Location") == "/contacts/\(copy.id)")
        #expect(copy.uid != contact.uid)
        #expect(try alice.get("/contacts/\(copy.id)").body.contains(#"href="/contacts?book=work" id="back-button""#))
        #expect(try alice.post("/contacts/\(contact.id)/move", [("to", "work"), ("operation", "move")]).status == 303)
        #expect(try store.count(in: work.scope) == 2 && store.count(in: try store.defaultAddressBook(for: try user())) == 0)
        #expect(try alice.post("/contacts/\(copy.id)/move", [("to", "work"), ("operation", "move")]).status == 400, "already there")
        #expect(try alice.post("/contacts/\(copy.id)/move", [("to", "contacts"), ("operation", "fly")]).status == 400)
        #expect(try alice.post("/contacts/\(copy.id)/move", [("to", "nope"), ("operation", "move")]).status == 404)
    }

    @Test func anotherAccountsBooksAndContactsAreNotFound() throws {
        let bob = try user("bob")
        let secret = try store.createAddressBook(named: "secret", displayName: "Secret", for: bob)
        let hidden = try add("Hidden", to: secret.scope)
        _ = try store.createAddressBook(named: "work", displayName: "Work", for: try user())
        let mine = try add("Mine", to: try store.defaultAddressBook(for: try user()))
        #expect(try alice.get("/contacts?book=secret").status == 404)
        #expect(try alice.get("/contacts/\(hidden.id)").status == 404)
        #expect(try alice.post("/contacts/\(hidden.id)/move", [("to", "work"), ("operation", "copy")]).status == 404)
        #expect(try alice.post("/contacts/\(mine.id)/move", [("to", "secret"), ("operation", "copy")]).status == 404)
        #expect(try alice.post("/books/delete", [("name", "secret")]).status == 404)
        #expect(try alice.post("/books/rename", [("name", "secret"), ("display_name", "Mine")]).status == 404)
        #expect(try alice.get("/search?q=hidden").body.contains(#"id="empty""#))
        #expect(try store.addressBook(named: "secret", for: bob)?.displayName == "Secret")
        #expect(try store.count(in: secret.scope) == 1)
    }

    @Test func theListMenuAndTheDuplicatesPageStayInTheBook() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: try user())
        let first = try add("Li Lei", to: work.scope), second = try add("Li Lei", to: work.scope)
        let list = try alice.get("/contacts?book=work").body
        #expect(list.contains(#"<a href="/duplicates?book=work" id="duplicates-link">"#))
        #expect(list.contains(#"<a href="/contacts/import?book=work" id="import-link">"#))
        let page = try alice.get("/duplicates?book=work").body
        #expect(page.contains(#"<form method="post" action="/duplicates/merge?book=work">"#))
        let merged = try alice.post("/duplicates/merge?book=work", [("ids", "\(first.id),\(second.id)")])
        #expect(merged.status == 303 && merged.header("Location") == "/duplicates?merged=\(first.id)&count=2&book=work")
        #expect(try store.count(in: work.scope) == 1)
        let file = NSTemporaryDirectory() + "book-import-" + UUID().uuidString + ".vcf"
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Imported\r\nEND:VCARD\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let imported = try alice.postMultipart("/contacts/import?book=work", [("on_conflict", "update")], files: [("file", file)])
        let result = try #require(imported.header("Location"))
        #expect(imported.status == 303 && result.hasSuffix("&book=work"))
        #expect(try alice.get(result).body.contains(#"<a href="/contacts?book=work" id="done-button""#))
        #expect(try store.contacts(in: work.scope).map(\.details.name) == ["Imported", "Li Lei"])
    }

    @Test func aSearchOfAllBooksSaysWhichBookEachMatchIsIn() throws {
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: try user())
        _ = try add("Wang Fang", to: try store.defaultAddressBook(for: try user()))
        _ = try add("Wang Wei", to: work.scope)
        let page = try alice.get("/search?q=wang").body
        #expect(page.contains(#"<a href="/contacts?book=contacts&amp;q=wang">Contacts</a> · 1 contact</h2>"#))
        #expect(page.contains(#"<a href="/contacts?book=work&amp;q=wang">Work</a> · 1 contact</h2>"#))
        #expect(page.contains("Wang Fang") && page.contains("Wang Wei"))
    }
}

/// The default book is named in the language the account was made in: the setup page's.
@Suite struct DefaultBookNameTests {
    @Test(arguments: [("en", "Contacts"), ("zh-CN,zh", "通讯录")])
    func theFirstAccountsDefaultBookIsNamedInThePagesLanguage(acceptLanguage: String, name: String) throws {
        let app = try RunningApp(setupCode: "s3cret-code")
        let session = app.session(acceptLanguage: acceptLanguage)
        _ = try session.get("/setup?code=s3cret-code")
        let created = try session.post("/setup", [("code", "s3cret-code"), ("account", "alice"), ("password", "password1"), ("repeat", "password1")])
        #expect(created.status == 303)
        let books = try app.store.addressBooks(for: try app.store.user(named: "alice"))
        #expect(books.map(\.name) == ["contacts"] && books.map(\.displayName) == [name])
        #expect(try session.get("/books").body.contains(#"<span class="inset-title book-title">\#(name)</span>"#))
    }
}
