import Accounts
import ContactsStore
import Foundation
import HTTP

/// Settings → Two-step verification: turning it on (password, then the QR code and a code to
/// confirm, then the recovery codes), new recovery codes, turning it off.
extension WebApp {
    func addTwoStepRoutes(to router: Router) {
        router.get(TwoStepPage.path) { [self] request, _ in
            let (context, user) = try signedIn(request)
            return .html(TwoStepPage.render(try store.twoStep(of: user), context: context))
        }
        router.post(TwoStepPage.path + "/on") { [self] request, _ in
            try withPasswordConfirmed(request) { context, user in
                guard let secret = try store.beginTwoStepSetup(for: user) else { return .redirect(to: TwoStepPage.path) }
                return .html(TwoStepSetupPage.render(secret: secret, account: user.username, context: context))
            }
        }
        router.post(TwoStepPage.path + "/confirm") { [self] request, _ in
            let (context, user) = try signedIn(request)
            let code = String((request.formFields()["code"] ?? "").prefix(64))
            if let codes = try store.confirmTwoStep(for: user, code: code) {
                return .html(TwoStepPage.recoveryCodes(codes, account: user.username, context: context))
            }
            guard let secret = try store.twoStep(of: user).pendingSecret else { return .redirect(to: TwoStepPage.path) }
            return .html(TwoStepSetupPage.render(secret: secret, account: user.username, error: context.strings.wrongCode,
                                                 context: context), status: 422)
        }
        router.post(TwoStepPage.path + "/recovery-codes") { [self] request, _ in
            try withPasswordConfirmed(request) { context, user in
                guard let codes = try store.newRecoveryCodes(for: user) else { return .redirect(to: TwoStepPage.path) }
                return .html(TwoStepPage.recoveryCodes(codes, account: user.username, context: context))
            }
        }
        router.post(TwoStepPage.path + "/off") { [self] request, _ in
            try withPasswordConfirmed(request) { _, user in
                try store.turnOffTwoStep(username: user.username, endingSessions: false)
                return .redirect(to: TwoStepPage.path)
            }
        }
    }

    /// The request's context and signed-in user, or a redirect to the login page.
    private func signedIn(_ request: Request) throws -> (WebContext, User) {
        let context = request.context
        guard let user = context.user else { throw Redirect(to: ReturnPath.login(after: request)) }
        return (context, user)
    }

    /// `body`'s answer once the form's password is the signed-in account's; else the page again
    /// saying why (401 wrong, 429 with Retry-After while the password throttle holds the account,
    /// whose failures these count with the login's).
    private func withPasswordConfirmed(_ request: Request, _ body: (WebContext, User) throws -> Response) throws -> Response {
        let (context, user) = try signedIn(request)
        let password = request.formFields()["password"] ?? ""
        let account = AccountName.key(user.username) ?? user.username
        func refused(_ message: String, status: Int) throws -> Response {
            .html(TwoStepPage.render(try store.twoStep(of: user), error: message, context: context), status: status)
        }
        if let wait = try throttle.retryAfter(account: account, address: request.clientAddress) {
            var response = try refused(context.strings.tooManyAttempts(minutes: (wait + 59) / 60), status: 429)
            response.headers["Retry-After"] = String(wait)
            return response
        }
        guard !password.isEmpty,
              try gate.run({ try store.authenticate(username: user.username, password: password) }) == user else {
            try throttle.recordFailure(account: account, address: request.clientAddress)
            return try refused(context.strings.wrongPassword, status: 401)
        }
        return try body(context, user)
    }
}
