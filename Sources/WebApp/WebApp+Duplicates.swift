import ContactsCore
import ContactsStore
import HTTP
import Wording

extension WebApp {
    /// How many groups the duplicates page shows at once; merging or dismissing brings the next.
    static let duplicateGroupsOnThePage = 100
    /// The most contacts one merge takes.
    static let mostContactsInAMerge = 50

    /// The possible duplicates page, merging a group, its Undo, and "Not duplicates".
    func addDuplicateRoutes(to router: Router) {
        router.get("/duplicates") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            let found = try store.duplicates(in: scope, region: context.language.phoneRegion).prefix(Self.duplicateGroupsOnThePage)
            let contacts = Dictionary(uniqueKeysWithValues: try store.contacts(withIDs: found.flatMap(\.ids), in: scope).map { ($0.id, $0) })
            let groups = found.map { suggestion in
                DuplicatesPage.Group(reasons: suggestion.reasons, contacts: suggestion.ids.compactMap { contacts[$0] })
            }
            return .html(DuplicatesPage.render(groups, notice: try notice(request, scope: scope), context: context))
        }
        router.get("/duplicates/count") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            let count = try store.duplicates(in: scope, region: context.language.phoneRegion).count
            return Response(status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                            body: Array("{\"count\":\(count)}".utf8))
        }
        router.post("/duplicates/merge") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            let fields = request.formFields()
            let ids = try contactIDs(fields["ids"], strings: context.strings)
            let merged = try store.mergeContacts(ids, nameFrom: try chosenID(fields["name-from"], strings: context.strings),
                                                 photoFrom: try chosenID(fields["photo-from"], strings: context.strings),
                                                 detailsFrom: try chosenID(fields["details-from"], strings: context.strings),
                                                 region: context.language.phoneRegion, in: scope)
            return .redirect(to: context.inBook("/duplicates?merged=\(merged.contact.id)&count=\(merged.trashed.count + 1)"))
        }
        router.post("/duplicates/dismiss") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            try store.dismissDuplicates(try contactIDs(request.formFields()["ids"], strings: context.strings), in: scope)
            return .redirect(to: context.inBook("/duplicates?dismissed=1"))
        }
        router.post("/duplicates/undo") { [self] request, _ in
            let (_, _, scope) = try request.requireLogin()
            guard let id = request.formFields()["id"].flatMap({ Int64($0) }) else { throw StoreError.nothingToUndo(0) }
            _ = try store.undoMerge(into: id, in: scope)
            return .redirect(to: "/contacts/\(id)")
        }
    }

    /// The ids of a form's `ids` field (`12,40,41`): two to `mostContactsInAMerge` of them.
    private func contactIDs(_ field: String?, strings: any Catalogue) throws -> [Int64] {
        let words = (field ?? "").split(separator: ",", omittingEmptySubsequences: false)
        let ids = words.compactMap { Int64($0) }.filter { $0 > 0 }
        guard ids.count == words.count, (2...Self.mostContactsInAMerge).contains(ids.count) else {
            throw HTTPError(400, strings.formUnreadable)
        }
        return ids
    }

    /// The id a Name / Photo / Details to keep choice sends; nil when there was no choice to make.
    private func chosenID(_ field: String?, strings: any Catalogue) throws -> Int64? {
        guard let field else { return nil }
        guard let id = Int64(field), id > 0 else { throw HTTPError(400, strings.formUnreadable) }
        return id
    }

    /// What the page says after a merge (`?merged=ID&count=N`, with Undo) or a dismissal.
    private func notice(_ request: Request, scope: AddressBookScope) throws -> DuplicatesPage.Notice? {
        if request.query["dismissed"] == "1" { return .dismissed }
        guard let id = request.query["merged"].flatMap({ Int64($0) }),
              let count = request.query["count"].flatMap({ Int($0) }), (2...Self.mostContactsInAMerge).contains(count),
              let contact = try store.contacts(withIDs: [id], in: scope).first else { return nil }
        return .merged(into: contact, count: count)
    }
}
