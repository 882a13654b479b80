import Accounts
import ContactsStore
import Foundation
import HTTP

/// The login's second step, for an account with two-step verification on: the password step
/// leaves a login waiting in the store (any server may take the next request) under a token in
/// a short-lived cookie, and the right code here signs in as the password step would have.
extension WebApp {
    func addSecondStepRoutes(to router: Router) {
        router.get(SecondStepPage.path) { [self] request, _ in
            guard let (_, pending) = try pendingLogin(request) else { return .redirect(to: "/login") }
            return .html(SecondStepPage.render(recoveryCodesLeft: try store.twoStep(of: pending.user).recoveryCodesLeft,
                                               context: request.context))
        }
        router.post(SecondStepPage.path) { [self] request, _ in try takeSecondStep(request) }
    }

    /// Answers a right password of an account with two-step verification on: the login waits,
    /// with the login page's choices, for the code at `SecondStepPage.path`.
    func startSecondStep(_ login: PendingLogin, request: Request) throws -> Response {
        let token = try store.startPendingLogin(login)
        var response = Response.redirect(to: SecondStepPage.path)
        response.setCookie(Cookies.make(Cookies.secondStep, token, maxAge: Int(AccountStore.pendingLoginLifetime), for: request))
        return response
    }

    /// The login waiting under the request's cookie, with its token; nil when none waits (it
    /// timed out, was taken, or there is no cookie).
    private func pendingLogin(_ request: Request) throws -> (String, PendingLogin)? {
        guard let token = request.cookies[Cookies.secondStep], token.count == 43, let pending = try store.pendingLogin(token) else {
            return nil
        }
        return (token, pending)
    }

    private func takeSecondStep(_ request: Request) throws -> Response {
        let context = request.context
        guard let (token, pending) = try pendingLogin(request) else {
            var response = Response.html(LoginPage.render(try loginState(for: request, error: context.strings.secondStepExpired),
                                                          context: context), status: 401)
            response.setCookie(Cookies.expire(Cookies.secondStep, for: request))
            return response
        }
        let account = AccountName.key(pending.user.username) ?? pending.user.username
        func refused(_ message: String, status: Int) throws -> Response {
            .html(SecondStepPage.render(recoveryCodesLeft: try store.twoStep(of: pending.user).recoveryCodesLeft, error: message,
                                        context: context), status: status)
        }
        if let wait = try codeThrottle.retryAfter(account: account, address: request.clientAddress) {
            var response = try refused(context.strings.tooManyAttempts(minutes: (wait + 59) / 60), status: 429)
            response.headers["Retry-After"] = String(wait)
            return response
        }
        // No code or recovery code is longer; anything longer is wrong without a look.
        let code = request.formFields()["code"] ?? ""
        let outcome = code.utf8.count > 32 ? .refused : try store.verifySecondStep(for: pending.user, code: code)
        guard outcome != .refused else {
            try codeThrottle.recordFailure(account: account, address: request.clientAddress)
            return try refused(context.strings.wrongCode, status: 401)
        }
        // Taken by another request meanwhile (on any server): this one starts no session.
        guard try store.endPendingLogin(token) else { return .redirect(to: "/login") }
        // After a recovery code, the settings say how many are left, with New Recovery Codes.
        let next = outcome == .code ? pending.next : TwoStepPage.path
        var response = try signIn(pending.user, remember: pending.remember, autoLogin: pending.autoLogin, renewing: nil,
                                  next: next, request: request)
        response.setCookie(Cookies.expire(Cookies.secondStep, for: request))
        return response
    }
}
