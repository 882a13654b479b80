import ContactsStore
import HTTP

extension WebApp {
    /// The book's Recently Deleted page: Restore one or all, Delete Now (once confirmed). A book
    /// shared read-only shows its trash and refuses these writes (403).
    func addTrashRoutes(to router: Router) {
        router.get("/contacts/trash") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            return .html(RecentlyDeletedPage.render(try store.trash(in: scope), now: clock(), context: context))
        }
        router.post("/contacts/trash/restore") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            if request.formFields()["all"] == "1" {
                _ = try store.restoreTrash(in: scope)
            } else {
                try store.restoreContacts(ids: try selectedIDs(request, context), in: scope)
            }
            return .redirect(to: context.inBook("/contacts/trash"))
        }
        router.post("/contacts/trash/delete") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            guard context.canWriteContacts else { throw StoreError.addressBookReadOnly }
            let ids = try selectedIDs(request, context)
            guard request.formFields()[ConfirmSheet.confirmedField] == "1" else {
                let trash = try store.trash(in: scope)
                let names = try ids.map { id in
                    guard let trashed = trash.first(where: { $0.contact.id == id }) else { throw StoreError.notInTrash(id) }
                    return trashed.contact.details.displayName
                }
                let strings = context.strings
                return .html(ConfirmSheet.page(title: strings.deleteNow, message: strings.deleteNowMessage(names.joined(separator: ", ")),
                                               confirm: strings.deleteNow, action: context.inBook("/contacts/trash/delete"),
                                               fields: ids.map { ("ids", String($0)) }, cancel: context.inBook("/contacts/trash"),
                                               context: context))
            }
            try store.deleteFromTrash(ids: ids, in: scope)
            return .redirect(to: context.inBook("/contacts/trash"))
        }
    }
}
