import Wording

/// The login's second step: one field for the authenticator's 6-digit code or a recovery code.
enum SecondStepPage {
    static let path = "/login/two-step"

    /// - Parameters:
    ///   - recoveryCodesLeft: said under the field.
    ///   - error: why the last code was refused, or when to try again.
    static func render(recoveryCodesLeft: Int, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let main = """
            <form class="login-form second-step-form" method="post" action="\(path)">\(context.csrfField)
            <div class="app-icon" aria-hidden="true"></div>
            <p class="inset-footer second-step-prompt" id="second-step-prompt">\(HTML.escape(strings.secondStepPrompt))</p>
            <div class="field-group">
            <label class="field"><span class="field-label">\(HTML.escape(strings.verificationCode))</span>\
            <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="12" required autofocus placeholder="\(HTML.escape(strings.codeOrRecoveryCode))" aria-describedby="second-step-prompt"></label>
            </div>
            <p class="inset-footer" id="recovery-codes-left">\(HTML.escape(strings.recoveryCodesLeftAtLogin(recoveryCodesLeft)))</p>
            \(Layout.formError(error))
            <button id="verify-button" class="primary" type="submit">\(HTML.escape(strings.verify))</button>
            <p class="second-step-cancel"><a href="/login" id="cancel-second-step">\(HTML.escape(strings.cancel))</a></p>
            </form>
            """
        return Layout.page(title: strings.twoStepVerification, bodyClass: "login-page second-step-page",
                           bar: Layout.title(strings.twoStepVerification), main: main, context: context)
    }
}
