import ContactsCore
import ContactsStore
import HTTP
import VCard

extension WebApp {
    /// The most contacts one bulk action takes.
    static let mostContactsInABulkAction = 5_000

    /// The list's edit mode acting on the rows checked: Delete, once confirmed (one Undo restores them all), Move
    /// or Copy to another book, Add to a group or Remove from the group the list shows, Export as one .vcf.
    func addBulkRoutes(to router: Router) {
        router.post("/contacts/bulk") { [self] request, _ in
            let (context, user, scope) = try request.requireLogin()
            let ids = try selectedIDs(request, context)
            let fields = request.formFields()
            let operation = fields["operation"]
            switch operation {
            case "delete":
                guard fields[ConfirmSheet.confirmedField] == "1" else {
                    // Asked only about contacts there are to delete (another account's are not found).
                    guard context.canWriteContacts else { throw StoreError.addressBookReadOnly }
                    for id in ids { _ = try store.contact(id: id, in: scope) }
                    return .html(ConfirmSheet.page(title: context.strings.deleteSelected, message: context.strings.deleteContactsMessage(ids.count),
                                                   confirm: context.strings.deleteContacts(ids.count), action: context.inBook("/contacts/bulk"),
                                                   fields: [("operation", "delete")] + ids.map { ("ids", String($0)) },
                                                   cancel: context.inBook("/contacts?edit=1"), context: context))
                }
                try store.deleteContacts(ids: ids, in: scope)
                return .redirect(to: context.inBook("/contacts?deleted=" + ids.map(String.init).joined(separator: ",")))
            case "restore":
                try store.restoreContacts(ids: ids, in: scope)
                return .redirect(to: context.inBook("/contacts"))
            case "move", "copy":
                guard let target = try store.addressBook(named: fields["to"] ?? "", for: user) else { throw StoreError.addressBookNotFound }
                if operation == "move" {
                    _ = try store.moveContacts(ids: ids, from: scope, to: target.scope)
                } else {
                    _ = try store.copyContacts(ids: ids, from: scope, to: target.scope)
                }
                return .redirect(to: context.inBook("/contacts"))
            case "group":
                guard let group = fields["group"].flatMap({ Int64($0) }) else { throw HTTPError(400, context.strings.formUnreadable) }
                try store.addContacts(ids, toGroup: group, in: scope)
                return .redirect(to: context.inBook("/contacts?group=\(group)"))
            case "ungroup":
                guard let group = fields["from_group"].flatMap({ Int64($0) }) else { throw HTTPError(400, context.strings.formUnreadable) }
                try store.removeContacts(ids, fromGroup: group, in: scope)
                return .redirect(to: context.inBook("/contacts?group=\(group)"))
            case "export":
                var bytes: [UInt8] = []
                for id in ids {
                    VCardWriter(version: .v3_0).write(try store.contact(id: id, in: scope).vCard(version: .v3_0), into: &bytes)
                }
                return VCardDownload.book(bytes)
            default:
                throw HTTPError(400, context.strings.formUnreadable)
            }
        }
    }

    /// The checked rows' ids, each once: one to `mostContactsInABulkAction`, each a positive number.
    func selectedIDs(_ request: Request, _ context: WebContext) throws -> [Int64] {
        let words = request.formValues("ids")
        guard !words.isEmpty else { throw HTTPError(400, context.strings.noneSelected) }
        var seen = Set<Int64>()
        let ids = words.compactMap { Int64($0) }.filter { $0 > 0 && seen.insert($0).inserted }
        guard ids.count == Set(words).count, ids.count <= Self.mostContactsInABulkAction else {
            throw HTTPError(400, context.strings.formUnreadable)
        }
        return ids
    }
}
