/// The login screen: account, password, the two switches, the spinner and the one failure message.
enum LoginPage {
    struct State {
        var account: String
        var passwordRemembered: Bool
        var remember: Bool
        var autoLogin: Bool
        var error: String?
        /// The page to go to once logged in (`ReturnPath`), when one was asked for.
        var next: String? = nil
    }

    static func render(_ state: State, context: WebContext) -> String {
        let strings = context.strings
        func checked(_ on: Bool) -> String { on ? " checked" : "" }
        let error = state.error.map { #"<p class="form-error" role="alert">\#(HTML.escape($0))</p>"# } ?? ""
        let passwordPlaceholder = state.passwordRemembered ? strings.passwordRemembered : strings.passwordPlaceholder
        let main = """
            <form class="login-form" method="post" action="/login" data-auto-login="\(state.autoLogin && state.passwordRemembered && state.error == nil)">
            \(context.csrfField)\(state.next.map { #"<input type="hidden" name="\#(ReturnPath.field)" value="\#(HTML.escape($0))">"# } ?? "")
            <div class="app-icon" aria-hidden="true"></div>
            <div class="field-group">
            <label class="field"><span class="field-label">\(HTML.escape(strings.account))</span>
            <input id="account" name="account" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" placeholder="\(HTML.escape(strings.accountPlaceholder))" value="\(HTML.escape(state.account))"\(state.account.isEmpty ? " autofocus" : "")></label>
            <label class="field"><span class="field-label">\(HTML.escape(strings.password))</span>
            <input id="password" name="password" type="password" autocomplete="current-password" maxlength="1024" placeholder="\(HTML.escape(passwordPlaceholder))"\(state.passwordRemembered ? #" data-remembered="true""# : " required")\(state.account.isEmpty ? "" : " autofocus")></label>
            </div>
            <div class="field-group switches">
            <label class="switch"><span>\(HTML.escape(strings.rememberPassword))</span><input id="remember" name="remember" type="checkbox" role="switch" value="on"\(checked(state.remember))></label>
            <label class="switch"><span>\(HTML.escape(strings.autoLogin))</span><input id="auto" name="auto" type="checkbox" role="switch" value="on"\(checked(state.autoLogin))></label>
            </div>
            \(error)
            <button id="login-button" class="primary" type="submit">\(HTML.escape(strings.logIn))</button>
            </form>
            \(passkeyButton(state, context: context))
            <div class="spinner-overlay" id="login-spinner" role="status" aria-live="polite" hidden><div class="hud"><div class="spinner" aria-hidden="true"></div><p>\(HTML.escape(strings.loggingIn))</p></div></div>
            """
        return Layout.page(title: strings.logIn, bodyClass: "login-page", bar: Layout.title(strings.appTitle),
                           main: main, context: context)
    }

    /// Sign in with a passkey, shown by the script where the browser has passkeys (passkeys.js).
    private static func passkeyButton(_ state: State, context: WebContext) -> String {
        let strings = context.strings
        let next = state.next.map { #" data-next="\#(HTML.escape($0))""# } ?? ""
        return #"<div class="passkey-login"><button id="passkey-login" class="primary secondary" type="button" hidden data-cancelled="\#(HTML.escape(strings.passkeyCancelled))"\#(next)>\#(HTML.escape(strings.signInWithPasskey))</button>"#
            + #"<p class="form-error" role="alert" id="passkey-login-error" hidden></p></div>"#
    }
}
