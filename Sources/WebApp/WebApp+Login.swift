import Accounts
import ContactsCore
import ContactsStore
import Foundation
import HTTP

extension WebApp {
    func addLoginRoutes(to router: Router) {
        router.get("/login") { [self] request, _ in
            let context = request.context
            if context.user != nil { return .redirect(to: ReturnPath.checked(request.query[ReturnPath.field]) ?? "/contacts") }
            return .html(LoginPage.render(try loginState(for: request), context: context))
        }
        router.post("/login") { [self] request, _ in try logIn(request) }
        router.get("/logout") { request, _ in
            let context = request.context
            guard context.user != nil else { return .redirect(to: "/login") }
            return .html(Layout.page(title: context.strings.logOutQuestion, bodyClass: "logout-page",
                                     bar: Layout.title(context.strings.logOutQuestion),
                                     main: LogoutSheet.render(context: context, asDialog: false), context: context))
        }
        router.post("/logout") { [self] request, _ in
            if let session = request.context.sessionToken { try store.revokeToken(session) }
            if let remember = request.cookies[Cookies.remember] { try store.revokeToken(remember) }
            var response = Response.redirect(to: "/login")
            // The browser drops its caches, the service worker's copy of the list included, and
            // the worker itself: the next person on this device sees none of this account's pages.
            response.headers["Clear-Site-Data"] = #""cache", "storage""#
            for name in [Cookies.session, Cookies.remember, Cookies.autoLogin, Cookies.csrf] {
                response.setCookie(Cookies.expire(name, for: request))
            }
            return response
        }
        router.get("/setup") { [self] request, _ in
            guard let code = try currentSetupCode(), request.query["code"].map({ SecretToken.equal($0, code) }) == true else {
                return ErrorPage.response(status: 404, message: request.context.strings.notFoundMessage, context: request.context)
            }
            return .html(SetupPage.render(code: code, account: "", error: nil, context: request.context))
        }
        router.post("/setup") { [self] request, _ in try setUp(request) }
    }

    /// What the login page shows: the last account, and whether its password is remembered.
    private func loginState(for request: Request, error: String? = nil) throws -> LoginPage.State {
        let account = request.cookies[Cookies.account].flatMap { $0.removingPercentEncoding } ?? ""
        let remembered = try request.cookies[Cookies.remember].flatMap { try store.user(forToken: $0, kind: .remember) }
        let passwordRemembered = remembered.map { AccountName.key($0.username) == AccountName.key(account) } ?? false
        let next = request.method == "GET" ? request.query[ReturnPath.field] : request.formFields()[ReturnPath.field]
        return LoginPage.State(account: account, passwordRemembered: passwordRemembered, remember: passwordRemembered,
                               autoLogin: passwordRemembered && request.cookies[Cookies.autoLogin] == "1", error: error,
                               next: ReturnPath.checked(next))
    }

    private func logIn(_ request: Request) throws -> Response {
        let context = request.context
        let fields = request.formFields()
        let account = (fields["account"] ?? "").trimmed
        let password = fields["password"] ?? ""
        let remember = fields["remember"] == "on" || fields["auto"] == "on"
        let autoLogin = fields["auto"] == "on"
        func failure(_ message: String, status: Int, headers: [(String, String)] = []) throws -> Response {
            var state = try loginState(for: request, error: message)
            state.account = account
            state.remember = remember
            state.autoLogin = autoLogin
            var response = Response.html(LoginPage.render(state, context: context), status: status)
            for (name, value) in headers { response.headers[name] = value }
            return response
        }
        // Names no account can have (control characters, over 64 characters) fail at once; the
        // throttle counts them by address, and by a fixed-size digest of the normalised name.
        let accountKey = AccountName.key(account)
        var rememberToken: String?
        var family: String?
        var user: User?
        // A remember token (256 random bits) cannot be guessed, so it is taken before the
        // throttle: the browser that kept it logs in while someone guesses at the password.
        if accountKey != nil, password.isEmpty, let presented = request.cookies[Cookies.remember],
           case .valid(let owner, let next, let tokenFamily) = try store.useRememberToken(
               presented, account: account, lifetime: Cookies.rememberLifetime) {
            user = owner
            rememberToken = next
            family = tokenFamily
        }
        if user == nil, let wait = try throttle.retryAfter(account: accountKey ?? account, address: request.clientAddress) {
            return try failure(context.strings.tooManyAttempts(minutes: (wait + 59) / 60), status: 429,
                               headers: [("Retry-After", String(wait))])
        }
        if user == nil, accountKey != nil, !password.isEmpty {
            user = try gate.run { try store.authenticate(username: account, password: password) }
        }
        guard let user else {
            try throttle.recordFailure(account: accountKey ?? account, address: request.clientAddress)
            return try failure(context.strings.wrongLogin, status: 401)
        }
        var response = Response.redirect(to: ReturnPath.checked(fields[ReturnPath.field]) ?? "/contacts")
        if remember {
            if let old = request.cookies[Cookies.remember], rememberToken == nil { try store.revokeToken(old) }
            let family = family ?? SecretToken.make()
            let token = try rememberToken ?? store.issueToken(.remember, for: user, lifetime: Cookies.rememberLifetime, family: family)
            response.setCookie(Cookies.make(Cookies.remember, token, maxAge: Int(Cookies.rememberLifetime), for: request))
            try startSession(for: user, family: family, on: &response, request: request)
        } else {
            if let old = request.cookies[Cookies.remember] { try store.revokeToken(old) }
            response.setCookie(Cookies.expire(Cookies.remember, for: request))
            try startSession(for: user, family: nil, on: &response, request: request)
        }
        response.setCookie(autoLogin ? Cookies.make(Cookies.autoLogin, "1", maxAge: Int(Cookies.rememberLifetime), for: request)
                                     : Cookies.expire(Cookies.autoLogin, for: request))
        return response
    }

    /// Issues a session cookie in the token `family` (a new one when nil), renews the CSRF
    /// cookie (a token from before the login is no good after it), and remembers the account
    /// name for the login page.
    func startSession(for user: User, family: String?, on response: inout Response, request: Request) throws {
        let session = try store.issueToken(.session, for: user, lifetime: Cookies.sessionLifetime, family: family)
        response.setCookie(Cookies.make(Cookies.session, session, maxAge: nil, for: request))
        response.setCookie(Cookies.make(Cookies.csrf, SecretToken.make(), maxAge: nil, for: request))
        response.setCookie(Cookies.make(Cookies.account, HTML.urlComponent(user.username),
                                        maxAge: Cookies.preferenceLifetime, for: request))
    }

    private func setUp(_ request: Request) throws -> Response {
        let context = request.context
        let fields = request.formFields()
        guard let code = try currentSetupCode(), fields["code"].map({ SecretToken.equal($0, code) }) == true else {
            return ErrorPage.response(status: 404, message: context.strings.notFoundMessage, context: context)
        }
        let account = (fields["account"] ?? "").trimmed
        let password = fields["password"] ?? ""
        func failure(_ message: String) -> Response {
            .html(SetupPage.render(code: code, account: account, error: message, context: context), status: 422)
        }
        guard password == fields["repeat"] else { return failure(context.strings.passwordsDiffer) }
        let user: User
        do {
            user = try store.createUser(username: account, password: password, defaultBookName: context.strings.defaultBookName)
        } catch StoreError.invalidUsername {
            return failure(context.strings.invalidAccount)
        } catch StoreError.usernameTaken {
            return failure(context.strings.accountTaken)
        } catch StoreError.invalidPassword(let problem) {
            return failure(context.strings.message(for: .invalidPassword(problem)))
        }
        closeSetup()
        var response = Response.redirect(to: "/contacts")
        try startSession(for: user, family: nil, on: &response, request: request)
        return response
    }
}
