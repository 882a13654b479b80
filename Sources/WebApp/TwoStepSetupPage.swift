import Accounts
import QRCode
import Wording

/// Setting up two-step verification: the secret as a QR code, as the `otpauth://` link and as the
/// key in groups (each selectable, with a copy button), and the field for the code that confirms it.
enum TwoStepSetupPage {
    /// - Parameter error: why the last code was refused.
    static func render(secret: [UInt8], account: String, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let uri = TOTP.uri(secret: secret, account: account)
        let key = Base32.encode(secret)
        let groupedKey = stride(from: 0, to: key.count, by: 4).map { String(key.dropFirst($0).prefix(4)) }.joined(separator: " ")
        let main = """
            <p class="inset-footer setup-intro">\(HTML.escape(strings.scanQRCode))</p>
            <div class="qr-code" id="two-step-qr">\(QRCode(uri)?.svg(label: strings.authenticatorQRCode) ?? "")</div>
            \(copyable(strings.setupLink, text: uri, id: "setup-link", copy: strings.copySetupLink, context: context))
            \(copyable(strings.setupKey, text: groupedKey, id: "setup-key", copy: strings.copySetupKey, context: context))
            <form class="inset-form" method="post" action="\(TwoStepPage.path)/confirm">\(context.csrfField)
            <h2 class="group-label" id="confirm-heading">\(HTML.escape(strings.enterCodeToConfirm))</h2>
            \(Layout.formError(error))
            <div class="field-group"><label class="field"><span class="field-label">\(HTML.escape(strings.verificationCode))</span>\
            <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="7" required autofocus placeholder="123456" aria-describedby="confirm-heading"></label></div>
            <button type="submit" class="wide primary-text" id="verify-code">\(HTML.escape(strings.verify))</button>
            <a class="wide" id="cancel-setup" href="\(TwoStepPage.path)">\(HTML.escape(strings.cancel))</a>
            </form>
            """
        return TwoStepPage.page(main, context: context)
    }

    /// A labelled piece of text to select or copy.
    private static func copyable(_ label: String, text: String, id: String, copy: String, context: WebContext) -> String {
        """
        <h2 class="group-label" id="\(id)-heading">\(HTML.escape(label))</h2>
        <div class="field-group setup-text"><div class="field"><span class="setup-value" id="\(id)" aria-labelledby="\(id)-heading">\(HTML.escape(text))</span>\
        <button type="button" class="copy-button link" data-copy="\(HTML.escape(text))" data-copied="\(HTML.escape(context.strings.copied))" hidden>\(HTML.escape(copy))</button></div></div>
        """
    }
}
