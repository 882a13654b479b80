import Accounts
import ContactsCore
import ContactsStore
import Foundation
import HTTP

extension WebApp {
    /// A contact's History and Restore this version; Undo changes (a preview, then the rewind);
    /// dismissing the list's mass-deletion banner. Reading is for every account of the book;
    /// restoring and undoing refuse a read-only share (403).
    func addHistoryRoutes(to router: Router) {
        router.get("/contacts/:id/history") { [self] request, parameters in
            let (context, scope, id) = try historyBook(request, parameters)
            let versions = try store.history(ofContact: id, in: scope)
            let back = versions.first?.isLive == true ? context.inBook("/contacts/\(id)") : context.inBook("/contacts/trash")
            return .html(HistoryPage.render(versions, contactID: id, back: back,
                                            showsAccounts: try context.book.map(isShared) ?? false, context: context))
        }
        router.post("/contacts/:id/history/:version/restore") { [self] request, parameters in
            let (context, scope, id) = try historyBook(request, parameters)
            guard context.canWriteContacts else { throw StoreError.addressBookReadOnly }
            guard let number = parameters["version"].flatMap({ Int64($0) }) else { throw StoreError.versionNotFound(contact: id, version: 0) }
            guard request.formFields()[ConfirmSheet.confirmedField] == "1" else {
                guard let version = try store.history(ofContact: id, in: scope).first(where: { $0.number == number }) else {
                    throw StoreError.versionNotFound(contact: id, version: number)
                }
                let strings = context.strings
                return .html(ConfirmSheet.page(title: strings.restoreThisVersion, message: strings.restoreVersionMessage(strings.momentInUTC(version.at)),
                                               confirm: strings.restoreThisVersion,
                                               action: HistoryPage.restorePath(version, contactID: id, context: context),
                                               fields: [("ids", String(id))], cancel: HistoryPage.path(of: id, context: context), context: context))
            }
            let restored = try store.restoreVersion(number, ofContact: id, in: scope)
            return .redirect(to: restored == nil ? HistoryPage.path(of: id, context: context) : "/contacts/\(id)")
        }
        router.get("/contacts/undo") { request, _ in
            let (context, _, _) = try request.requireLogin()
            guard context.canWriteContacts else { throw StoreError.addressBookReadOnly }
            return .html(UndoChangesPage.choose(context: context))
        }
        router.get("/contacts/undo/preview") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            guard context.canWriteContacts else { throw StoreError.addressBookReadOnly }
            return try rewinding(context) {
                guard let moment = UndoChangesPage.moment(asked: request.query, now: clock()) else { throw outOfReach() }
                return .html(UndoChangesPage.preview(try store.rewind(scope, to: moment, dryRun: true), context: context))
            }
        }
        router.post("/contacts/undo") { [self] request, _ in
            let (context, _, scope) = try request.requireLogin()
            guard context.canWriteContacts else { throw StoreError.addressBookReadOnly }
            return try rewinding(context) {
                guard let to = request.formFields()["to"].flatMap({ Int64($0) }) else { throw outOfReach() }
                let plan = try store.rewind(scope, to: StoredTime.date(to))
                return .redirect(to: context.inBook("/contacts?undone=\(StoredTime.milliseconds(plan.to))"))
            }
        }
        router.post("/contacts/deletions/dismiss") { request, _ in
            let (context, _, _) = try request.requireLogin()
            guard let last = request.formFields()["last"].flatMap({ Int64($0) }) else { throw HTTPError(400) }
            var response = Response.redirect(to: context.inBook("/contacts"))
            response.setCookie(Cookies.make(Cookies.deletionsSeen, String(last), maxAge: Int(ContactStore.massDeletionLookback), for: request))
            return response
        }
    }

    /// The book of a contact's history: the user's book that holds the contact (live or in the
    /// trash), else the page's book (`?book=`), whose history may still keep a contact gone from it.
    private func historyBook(_ request: Request, _ parameters: RouteParameters) throws -> (WebContext, AddressBookScope, Int64) {
        do {
            return try contactBook(request, parameters)
        } catch StoreError.contactNotFound {
            let (context, _, scope) = try request.requireLogin()
            return (context, scope, try contactID(parameters))
        }
    }

    /// Runs a rewind's step; a moment out of reach (or not one) is the choices again, saying why (400).
    private func rewinding(_ context: WebContext, _ step: () throws -> Response) throws -> Response {
        do {
            return try step()
        } catch let error as StoreError {
            guard case .rewindOutOfReach = error else { throw error }
            return .html(UndoChangesPage.choose(error: context.strings.message(for: error), context: context), status: 400)
        }
    }

    /// The error of a moment a rewind cannot reach: before the history's start, after now, or none.
    private func outOfReach() -> StoreError {
        .rewindOutOfReach(earliest: clock().addingTimeInterval(-ContactStore.historyRetention))
    }

    /// The list's banner of the book's latest mass deletion, unless this browser dismissed it.
    func massDeletionBanner(_ request: Request, scope: AddressBookScope) throws -> MassDeletion? {
        guard let burst = try store.massDeletion(in: scope) else { return nil }
        let seen = request.cookies[Cookies.deletionsSeen].flatMap { Int64($0) } ?? 0
        return StoredTime.milliseconds(burst.last) > seen ? burst : nil
    }
}
