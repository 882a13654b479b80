import ContactsCore
import ContactsStore
import HTTP

extension WebApp {
    /// The groups pages, and a contact's groups saved from its page.
    func addGroupRoutes(to router: Router) {
        router.get("/groups") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            return .html(GroupsPage.render(try store.groups(in: scope), context: context))
        }
        router.post("/groups") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            do {
                let group = try store.createGroup(named: request.formFields()["name"] ?? "", in: scope)
                return .redirect(to: context.inBook("/contacts?group=\(group.id)"))
            } catch let error as StoreError where error.isGroupNameProblem {
                var response = Response.html(GroupsPage.render(try store.groups(in: scope), error: context.strings.message(for: error),
                                                               context: context))
                response.status = 422
                return response
            }
        }
        router.get("/groups/:id") { [self] request, parameters in
            let (context, _, scope) = try request.requireLogin()
            return .html(GroupsPage.edit(try group(parameters, in: scope), context: context))
        }
        router.post("/groups/:id") { [self] request, parameters in
            let (context, _, scope) = try request.requireLogin()
            let group = try group(parameters, in: scope)
            do {
                _ = try store.renameGroup(id: group.id, to: request.formFields()["name"] ?? "", in: scope)
                return .redirect(to: context.inBook("/groups"))
            } catch let error as StoreError where error.isGroupNameProblem {
                var response = Response.html(GroupsPage.edit(group, error: context.strings.message(for: error), context: context))
                response.status = 422
                return response
            }
        }
        router.get("/groups/:id/delete") { [self] request, parameters in
            let (context, _, scope) = try request.requireLogin()
            return .html(GroupsPage.confirmDelete(try group(parameters, in: scope), context: context))
        }
        router.post("/groups/:id/delete") { [self] request, parameters in
            let (context, _, scope) = try request.requireLogin()
            try store.deleteGroup(id: try group(parameters, in: scope).id, in: scope)
            return .redirect(to: context.inBook("/groups"))
        }
        router.post("/contacts/:id/groups") { [self] request, parameters in
            let (context, scope, id) = try contactBook(request, parameters)
            let groups = Dictionary(uniqueKeysWithValues: try store.groups(in: scope).map { ($0.id, $0.name) })
            /// The names of the book's groups a field lists; any other value is a form no page made.
            func names(_ field: String) throws -> Set<String> {
                Set(try request.formValues(field).map { value in
                    guard let id = Int64(value), let name = groups[id] else { throw HTTPError(400, context.strings.formUnreadable) }
                    return name
                })
            }
            let (chosen, shown) = (try names("group"), try names("shown"))
            var joining = Array(chosen)
            let typed = request.formFields()["new_group"] ?? ""
            if !typed.trimmed.isEmpty {
                guard let name = ContactDetails.groupName(typed) else {
                    throw HTTPError(422, context.strings.message(for: StoreError.invalidGroupName(typed)))
                }
                joining.append(name)
            }
            _ = try store.modifyContact(id: id, in: scope) { details in
                details.changeCategories(adding: joining.sorted(), removing: Array(shown.subtracting(chosen)))
            }
            return .redirect(to: "/contacts/\(id)")
        }
    }

    /// The route's group: one of the book's, else not found.
    private func group(_ parameters: RouteParameters, in scope: AddressBookScope) throws -> ContactGroup {
        guard let id = parameters["id"].flatMap({ Int64($0) }) else { throw StoreError.groupNotFound }
        return try store.group(id: id, in: scope)
    }
}

extension StoreError {
    /// Whether the error is about a group's name, which its form shows again with the reason.
    var isGroupNameProblem: Bool {
        switch self {
        case .invalidGroupName, .groupNameTaken, .limitReached(.groups): true
        default: false
        }
    }
}
