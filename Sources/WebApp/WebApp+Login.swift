import ContactsCore
import ContactsStore
import Foundation
import HTTP

extension WebApp {
    func addLoginRoutes(to router: Router) {
        router.get("/login") { [self] request, _ in
            let context = request.context
            if context.user != nil { return .redirect(to: "/contacts") }
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
            for name in [Cookies.session, Cookies.remember, Cookies.autoLogin] {
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
        let passwordRemembered = remembered.map { $0.username.lowercased() == account.lowercased() } ?? false
        return LoginPage.State(account: account, passwordRemembered: passwordRemembered, remember: passwordRemembered,
                               autoLogin: passwordRemembered && request.cookies[Cookies.autoLogin] == "1", error: error)
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
        if let wait = throttle.retryAfter(account: account, address: request.clientAddress) {
            return try failure(context.strings.tooManyAttempts(minutes: (wait + 59) / 60), status: 429,
                               headers: [("Retry-After", String(wait))])
        }
        var rememberToken: String?
        var user: User?
        if password.isEmpty, let presented = request.cookies[Cookies.remember] {
            if case .valid(let owner, let next) = try store.useRememberToken(presented, lifetime: Cookies.rememberLifetime),
               owner.username.lowercased() == account.lowercased() {
                user = owner
                rememberToken = next
            }
        } else if !password.isEmpty {
            user = try gate.run { try store.authenticate(username: account, password: password) }
        }
        guard let user else {
            throttle.recordFailure(account: account, address: request.clientAddress)
            return try failure(context.strings.wrongLogin, status: 401)
        }
        var response = Response.redirect(to: "/contacts")
        try startSession(for: user, on: &response, request: request)
        if remember {
            if let old = request.cookies[Cookies.remember], rememberToken == nil { try store.revokeToken(old) }
            let token = try rememberToken ?? store.issueToken(.remember, for: user, lifetime: Cookies.rememberLifetime)
            response.setCookie(Cookies.make(Cookies.remember, token, maxAge: Int(Cookies.rememberLifetime), for: request))
        } else {
            if let old = request.cookies[Cookies.remember] { try store.revokeToken(old) }
            response.setCookie(Cookies.expire(Cookies.remember, for: request))
        }
        response.setCookie(autoLogin ? Cookies.make(Cookies.autoLogin, "1", maxAge: Int(Cookies.rememberLifetime), for: request)
                                     : Cookies.expire(Cookies.autoLogin, for: request))
        return response
    }

    /// Issues a session cookie and remembers the account name for the login page.
    private func startSession(for user: User, on response: inout Response, request: Request) throws {
        let session = try store.issueToken(.session, for: user, lifetime: Cookies.sessionLifetime)
        response.setCookie(Cookies.make(Cookies.session, session, maxAge: nil, for: request))
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
            user = try store.createUser(username: account, password: password)
        } catch StoreError.invalidUsername {
            return failure(context.strings.invalidAccount)
        } catch StoreError.usernameTaken {
            return failure(context.strings.accountTaken)
        } catch StoreError.invalidPassword {
            return failure(context.strings.passwordTooShort(PasswordHasher.minimumLength))
        }
        closeSetup()
        var response = Response.redirect(to: "/contacts")
        try startSession(for: user, on: &response, request: request)
        return response
    }
}
