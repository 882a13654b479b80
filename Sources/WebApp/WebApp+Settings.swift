import Accounts
import ContactsStore
import HTTP

extension WebApp {
    /// The Settings page, and signing the account's other browsers out from it.
    func addSettingsRoutes(to router: Router) {
        router.get(SettingsPage.path) { [self] request, _ in
            let (context, user) = try signedIn(request)
            let browsers = try store.signedInBrowsers(of: user, current: context.sessionToken)
            let rows = SettingsPage.securityRows(strings: context.strings, twoStepOn: try store.twoStepIsOn(username: user.username),
                                                 passkeys: try store.passkeyCount(username: user.username),
                                                 devices: try store.appPasswords(username: user.username).count)
            return .html(SettingsPage.render(user: user, browsers: browsers, securityRows: rows, context: context))
        }
        router.post("/settings/browsers/:id/sign-out") { [self] request, parameters in
            let (context, user) = try signedIn(request)
            // Only a number naming a row of this account's: anything else (another account's,
            // none, not a number) is a page that is not there.
            guard let id = parameters["id"].flatMap({ Int64($0) }), try store.signOut(browser: id, of: user) else {
                return ErrorPage.response(status: 404, message: context.strings.notFoundMessage, context: context)
            }
            return .redirect(to: SettingsPage.path)
        }
        router.post(SettingsPage.signOutOthersPath) { [self] request, _ in
            let (context, user) = try signedIn(request)
            if let session = context.sessionToken { try store.signOutOtherBrowsers(of: user, keeping: session) }
            return .redirect(to: SettingsPage.path)
        }
    }

    /// The page's context and its user; a browser not logged in is sent to log in first.
    private func signedIn(_ request: Request) throws -> (WebContext, User) {
        let context = request.context
        guard let user = context.user else { throw Redirect(to: ReturnPath.login(after: request)) }
        return (context, user)
    }
}
