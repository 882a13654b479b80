import Accounts

/// The first-run page that creates the first account.
enum SetupPage {
    static func render(code: String, account: String, error: String?, context: WebContext) -> String {
        let strings = context.strings
        let error = error.map { #"<p class="form-error" role="alert">\#(HTML.escape($0))</p>"# } ?? ""
        let main = """
            <form class="login-form" method="post" action="/setup">
            \(context.csrfField)<input type="hidden" name="code" value="\(HTML.escape(code))">
            <div class="field-group">
            <label class="field"><span class="field-label">\(HTML.escape(strings.account))</span><input name="account" autocomplete="username" autocapitalize="none" required maxlength="64" value="\(HTML.escape(account))" autofocus></label>
            <label class="field"><span class="field-label">\(HTML.escape(strings.password))</span><input name="password" type="password" autocomplete="new-password" required minlength="\(PasswordHasher.minimumLength)" maxlength="\(PasswordHasher.maximumBytes)" aria-describedby="password-rules"></label>
            <label class="field"><span class="field-label">\(HTML.escape(strings.repeatPassword))</span><input name="repeat" type="password" autocomplete="new-password" required maxlength="\(PasswordHasher.maximumBytes)"></label>
            </div>
            <p class="hint" id="password-rules">\(HTML.escape(strings.passwordRules(minimum: PasswordHasher.minimumLength)))</p>
            \(error)
            <button class="primary" type="submit">\(HTML.escape(strings.createAccount))</button>
            </form>
            """
        return Layout.page(title: strings.setupTitle, bodyClass: "login-page setup-page", bar: Layout.title(strings.setupTitle),
                           main: main, context: context)
    }
}
