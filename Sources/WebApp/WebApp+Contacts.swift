import Accounts
import ContactsCore
import ContactsStore
import Foundation
import HTTP

extension WebApp {
    /// The list, one contact's pages and actions, and (`addVCardRoutes`) import, export and share.
    func addContactRoutes(to router: Router) {
        addVCardRoutes(to: router)
        router.get("/contacts") { [self] request, _ in try list(request) }
        router.get("/contacts/rows") { [self] request, _ in try rows(request) }
        router.get("/contacts/new") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            return .html(ContactPage.render(mode: .new, details: ContactDetails(name: ""),
                                            pane: try listPane(context, scope, beside: nil), now: clock(), context: context))
        }
        router.post("/contacts") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            var details = ContactDetails(name: "")
            do {
                try ContactForm(request).apply(to: &details)
                _ = try store.addContacts([details], to: scope)
                return .redirect(to: context.inBook("/contacts"))
            } catch let error as ContactValidationError {
                return try invalid(.new, details, error, context, scope)
            } catch StoreError.invalid(let error) {
                return try invalid(.new, details, error, context, scope)
            }
        }
        router.get("/contacts/:id") { [self] request, parameters in
            let (context, scope, id) = try contactBook(request, parameters)
            let contact = try store.contact(id: id, in: scope)
            return .html(ContactPage.render(mode: .view(contact), details: contact.details, pane: try listPane(context, scope, beside: contact),
                                            groups: GroupsPage.contactPanel(contact, groups: try store.groups(in: scope), context: context),
                                            otherBooks: try otherBooks(than: scope, context), now: clock(),
                                            lastChange: try lastChange(of: contact, context: context), context: context))
        }
        router.get("/contacts/:id/edit") { [self] request, parameters in
            let (context, scope, id) = try contactBook(request, parameters)
            let contact = try store.contact(id: id, in: scope)
            return .html(ContactPage.render(mode: .edit(contact), details: contact.details,
                                            pane: try listPane(context, scope, beside: contact), now: clock(), context: context))
        }
        router.post("/contacts/:id") { [self] request, parameters in
            let (context, _, scope) = try request.requireLogin()
            let id = try contactID(parameters)
            let form = try ContactForm(request)
            do {
                return try saveEdit(form, id: id, scope: scope, context: context)
            } catch StoreError.contactNotFound {
                // A form sent without its book (`?book=`): saved in the user's book that holds the contact.
                let (holder, holderScope, _) = try contactBook(request, parameters)
                guard holderScope != scope else { throw StoreError.contactNotFound(id) }
                return try saveEdit(form, id: id, scope: holderScope, context: holder)
            }
        }
        router.post("/contacts/:id/delete") { [self] request, parameters in
            let (context, scope, id) = try contactBook(request, parameters)
            try store.deleteContact(id: id, in: scope)
            return request.isScripted ? Response(status: 204) : .redirect(to: context.inBook("/contacts?deleted=\(id)"))
        }
        router.post("/contacts/:id/restore") { [self] request, parameters in
            let (context, scope, id) = try contactBook(request, parameters)
            _ = try store.restoreContact(id: id, in: scope)
            return request.isScripted ? Response(status: 204) : .redirect(to: context.inBook("/contacts"))
        }
        router.get("/contacts/:id/photo") { [self] request, parameters in
            let (_, scope, id) = try contactBook(request, parameters)
            guard let photo = try store.photo(ofContact: id, in: scope) else { throw HTTPError(404) }
            // Asked again each time it is shown, so a photo changed, deleted or unshared is not
            // shown from the browser's cache; its ETag makes the asking a 304.
            return try StaticAsset(contentType: photo.format.mimeType, bytes: photo.data, cacheControl: "private, no-cache")
                .respond(to: request)
        }
    }

    /// Saves the edit form over contact `id` in one write (`ContactStore.editContact`), which
    /// applies the form to the contact as it stands, from the revision the form was filled from.
    /// A form that names no revision (hand-made, or served before revisions were) is merged like
    /// a stale one: it never replaces a contact blindly.
    private func saveEdit(_ form: ContactForm, id: Int64, scope: AddressBookScope, context: WebContext) throws -> Response {
        do {
            return try save(form, id: id, from: form.revision ?? ContactForm.noRevision, scope: scope, context: context) {
                try form.apply(to: &$0)
            }
        } catch StoreError.changedSinceRead {
            return try saveMerged(form, id: id, scope: scope, context: context)
        }
    }

    /// Writes the details `edit` makes of the contact's as the write reads them, from `revision`,
    /// and redirects to the contact; when they are not valid, the form again (422) with what was
    /// typed (what `edit` made of them, also when it threw).
    private func save(_ form: ContactForm, id: Int64, from revision: Int64, scope: AddressBookScope, context: WebContext,
                      _ edit: (inout ContactDetails) throws -> Void) throws -> Response {
        var shown: (contact: Contact, details: ContactDetails)?
        do {
            try store.editContact(id: id, in: scope, expectedRevision: revision, changesPhoto: form.changesPhoto) { contact in
                var details = contact.details
                defer { shown = (contact, details) }
                try edit(&details)
                return details
            }
            return .redirect(to: "/contacts/\(id)")
        } catch let error as ContactValidationError {
            guard let shown else { throw error }
            return try invalid(.edit(shown.contact), shown.details, error, context, scope)
        } catch StoreError.invalid(let error) {
            guard let shown else { throw StoreError.invalid(error) }
            return try invalid(.edit(shown.contact), shown.details, error, context, scope)
        }
    }

    /// Saves a form over a contact changed since the form was filled: merged field by field with
    /// the change when no field was changed on both sides; otherwise (409) the form again with the
    /// merge, naming the other version's value of each field both changed, and the revision now
    /// current, so that a second save keeps this person's values knowingly.
    private func saveMerged(_ form: ContactForm, id: Int64, scope: AddressBookScope, context: WebContext) throws -> Response {
        guard let current = try store.contacts(withIDs: [id], in: scope).first else { throw StoreError.contactNotFound(id) }
        let mine: ContactDetails
        do {
            mine = try form.apply(to: current.details)
        } catch {
            return try invalid(.edit(current), current.details, error, context, scope)
        }
        var (merged, conflicts) = FormField.merge(mine: mine, theirs: current.details, base: form.base)
        merged.extraProperties = current.details.extraProperties
        if conflicts.isEmpty {
            do {
                return try save(form, id: id, from: current.revision, scope: scope, context: context) { $0 = merged }
            } catch StoreError.changedSinceRead {
                // Changed yet again: shown as a conflict, with the form's values.
            }
        }
        let message = context.strings.changedElsewhere(conflicts.map { $0.shown(context.strings, current.details) })
        return .html(ContactPage.render(mode: .edit(current), details: merged, error: message,
                                        pane: try listPane(context, scope, beside: current), now: clock(), context: context),
                     status: 409)
    }

    private func invalid(_ mode: ContactPage.Mode, _ details: ContactDetails, _ error: ContactValidationError,
                         _ context: WebContext, _ scope: AddressBookScope) throws -> Response {
        .html(ContactPage.render(mode: mode, details: details, error: context.strings.message(for: error),
                                        pane: try listPane(context, scope, beside: mode.contact), now: clock(), context: context),
                     status: 422)
    }

    /// The list pane beside a contact's page: the list's first screen when the contact is on it
    /// (or for a new contact), else one page from the contact's section. As cheap as the first screen.
    private func listPane(_ context: WebContext, _ scope: AddressBookScope, beside contact: Contact?) throws -> String {
        let size = ContactListPage.pageSize
        var contacts = try store.page(in: scope, limit: size + 1).contacts
        if let contact, !contacts.prefix(size).contains(where: { $0.id == contact.id }) {
            contacts = try store.page(in: scope, fromSection: contact.section, limit: size + 1).contacts
        }
        return ListPane.render(contacts: Array(contacts.prefix(size)),
                               next: contacts.count > size ? contacts[size - 1].id : nil, current: contact?.id,
                               books: try context.user.map { try store.addressBooks(for: $0) } ?? [], context: context)
    }

    /// The logged-in user's contact of the route's `:id` (live or in the trash), whichever of
    /// their books holds it: the page's context showing that book, its scope and the id. Another
    /// account's contact is not found.
    func contactBook(_ request: Request, _ parameters: RouteParameters) throws -> (WebContext, AddressBookScope, Int64) {
        var (context, user, _) = try request.requireLogin()
        let id = try contactID(parameters)
        guard let book = try store.addressBook(containingContact: id, for: user) else { throw StoreError.contactNotFound(id) }
        context.book = book
        return (context, book.scope, id)
    }

    /// The user's books but the one of `scope`, to move or copy a contact into.
    private func otherBooks(than scope: AddressBookScope, _ context: WebContext) throws -> [AddressBook] {
        guard let user = context.user else { return [] }
        return try store.addressBooks(for: user).filter { $0.scope != scope }
    }

    /// The route's `:id`; one that is not a number is simply not found.
    func contactID(_ parameters: RouteParameters) throws -> Int64 {
        guard let id = parameters["id"].flatMap({ Int64($0) }) else { throw StoreError.contactNotFound(0) }
        return id
    }

    /// The list page: the first page of the book, a page after a contact, from a section, or a search.
    private func list(_ request: Request) throws -> Response {
        let (context, user, scope) = try request.requireLogin()
        let page = try page(request, scope: scope)
        let today = CalendarDate(clock())
        let firstScreen = page.query.isEmpty && page.group == nil && request.query["after"] == nil && request.query["section"] == nil
        let state = ContactListPage.State(books: try store.addressBooks(for: user),
                                          groups: context.canWriteContacts ? try store.groupChoices(in: scope) : [],
                                          contacts: page.contacts, next: page.next,
                                          total: page.total, query: page.query, group: page.group,
                                          editing: request.query["edit"] == "1",
                                          deleted: (request.query["deleted"] ?? "").split(separator: ",").prefix(Self.mostContactsInABulkAction)
                                              .compactMap { Int64($0) },
                                          birthdays: firstScreen ? try store.birthdays(in: scope, from: today, days: Self.upcomingBirthdayDays,
                                                                                     limit: Self.birthdaysOnTheList) : [],
                                          today: today,
                                          massDeletion: firstScreen && context.canWriteContacts ? try massDeletionBanner(request, scope: scope) : nil,
                                          undoneTo: request.query["undone"].flatMap { Int64($0) }.map(StoredTime.date))
        var response = Response.html(ContactListPage.render(state, context: context))
        // The copy kept for offline use is the default book's list, the one /contacts shows.
        if firstScreen, request.query["edit"] == nil, request.query["deleted"] == nil, request.query["book"] == nil,
           request.query["undone"] == nil, state.massDeletion == nil {
            response.headers[AppShell.offlineCopyHeader] = "list"
        }
        return response
    }

    /// Rows only, for the page's script: the next page while scrolling, or live search results.
    /// `X-Next` carries the cursor of the page after (absent on the last), `X-Count` the count to show.
    private func rows(_ request: Request) throws -> Response {
        let (context, _, scope) = try request.requireLogin()
        let page = try page(request, scope: scope)
        var response = Response.html(ContactListPage.sections(page.contacts, context: context))
        if let next = page.next { response.headers["X-Next"] = String(next) }
        response.headers["X-Count"] = String(page.total)
        return response
    }

    /// One page of the book or of a search, the cursor of the page after it, and the count to show
    /// (the book's contacts, or the search's matches); within the group `?group=` names when it
    /// names one of the book's (any other value is not found).
    private func page(_ request: Request, scope: AddressBookScope)
        throws -> (contacts: [Contact], next: Int64?, total: Int, query: String, group: ContactGroup?) {
        let query = (request.query["q"] ?? "").trimmed
        let size = ContactListPage.pageSize
        let after = request.query["after"].flatMap { Int64($0) }
        let group = try request.query["group"].map { value in
            guard let id = Int64(value) else { throw StoreError.groupNotFound }
            return try store.group(id: id, in: scope)
        }
        var contacts: [Contact]
        let total: Int
        if query.isEmpty {
            (contacts, total) = try store.page(in: scope, group: group?.id, after: after, fromSection: request.query["section"], limit: size + 1)
        } else {
            (contacts, total) = try store.searchPage(query, in: scope, group: group?.id, after: after, limit: size + 1)
        }
        let next = contacts.count > size ? contacts[size - 1].id : nil
        contacts = Array(contacts.prefix(size))
        return (contacts, next, total, query, group)
    }
}
