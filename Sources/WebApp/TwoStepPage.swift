import Accounts
import Wording

/// Settings → Two-step verification: whether it is on; off, the password to turn it on; on, the
/// recovery codes left, and the password to make new ones or turn it off. Each change asks for
/// the password again, as an account page does before it changes how the account signs in.
enum TwoStepPage {
    static let path = "/settings/two-step"

    /// - Parameter error: why the last password was refused, above its field.
    static func render(_ state: TwoStepState, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let status = """
            <ul class="inset-list" aria-label="\(HTML.escape(strings.twoStepVerification))">\
            <li class="inset-row"><span class="inset-text"><span class="inset-title">\(HTML.escape(strings.twoStepVerification))</span></span>\
            <span class="inset-value" id="two-step-status">\(HTML.escape(strings.twoStepStatus(state.isOn)))</span></li>\
            \(state.isOn ? """
                <li class="inset-row"><span class="inset-text"><span class="inset-title">\(HTML.escape(strings.recoveryCodes))</span></span>\
                <span class="inset-value" id="recovery-codes-left">\(HTML.escape(strings.recoveryCodesLeft(state.recoveryCodesLeft)))</span></li>
                """ : "")</ul>
            <p class="inset-footer">\(HTML.escape(strings.twoStepExplanation))</p>
            """
        let actions = state.isOn
            ? """
                <button type="submit" class="wide primary-text" id="new-recovery-codes" formaction="\(path)/recovery-codes">\(HTML.escape(strings.newRecoveryCodes))</button>
                <p class="inset-footer">\(HTML.escape(strings.newRecoveryCodesNote))</p>
                <button type="submit" class="wide destructive" id="turn-off-two-step" formaction="\(path)/off">\(HTML.escape(strings.turnOffTwoStep))</button>
                <p class="inset-footer">\(HTML.escape(strings.turnOffTwoStepNote))</p>
                """
            : """
                <button type="submit" class="wide primary-text" id="turn-on-two-step" formaction="\(path)/on">\(HTML.escape(strings.turnOnTwoStep))</button>
                <p class="inset-footer">\(HTML.escape(strings.twoStepSyncNote))</p>
                """
        let main = """
            \(status)
            <form class="inset-form two-step-form" method="post" action="\(path)/\(state.isOn ? "recovery-codes" : "on")">\(context.csrfField)
            <h2 class="group-label" id="password-heading">\(HTML.escape(strings.enterPasswordToContinue))</h2>
            \(Layout.formError(error))
            <div class="field-group"><label class="field"><span class="field-label">\(HTML.escape(strings.password))</span>\
            <input id="password" name="password" type="password" autocomplete="current-password" maxlength="1024" required aria-describedby="password-heading"></label></div>
            \(actions)
            </form>
            """
        return page(main, context: context)
    }

    /// The recovery codes, shown once: as text to select, copy or download (a `data:` link: the
    /// server keeps only their hashes).
    static func recoveryCodes(_ codes: [String], account: String, context: WebContext) -> String {
        let strings = context.strings
        let list = codes.map { #"<li><code>\#(HTML.escape($0))</code></li>"# }.joined()
        let file = strings.recoveryCodesFileHeading(account: account) + "\n\n" + codes.joined(separator: "\n") + "\n"
        let main = """
            <h2 class="group-label" id="recovery-codes-heading">\(HTML.escape(strings.recoveryCodes))</h2>
            <p class="inset-footer">\(HTML.escape(strings.recoveryCodesNote))</p>
            <ol class="recovery-codes" id="recovery-codes" aria-labelledby="recovery-codes-heading">\(list)</ol>
            <div class="two-step-actions">\
            <a class="wide primary-text" id="download-recovery-codes" download="personalcontacts-recovery-codes.txt" href="data:text/plain;charset=utf-8,\(HTML.escape(HTML.urlComponent(file)))">\(HTML.escape(strings.downloadRecoveryCodes))</a>\
            <button type="button" class="wide primary-text copy-button" id="copy-recovery-codes" data-copy="\(HTML.escape(codes.joined(separator: "\n")))" data-copied="\(HTML.escape(strings.copied))" hidden>\(HTML.escape(strings.copyRecoveryCodes))</button>\
            <a class="wide primary-text" id="recovery-codes-done" href="\(path)">\(HTML.escape(strings.done))</a></div>
            """
        return page(main, context: context)
    }

    /// The page around `main`: the title, and Back to Settings.
    static func page(_ main: String, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="/settings" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.twoStepVerification))<div class="bar-right"></div>"#
        return Layout.page(title: strings.twoStepVerification, bodyClass: "two-step-page", bar: bar,
                           main: #"<div id="two-step">\#(main)</div>"#, context: context)
    }
}
