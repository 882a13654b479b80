import ContactsStore

/// Settings → Passkeys: what a passkey is, the account's passkeys (name, when made, when last
/// used, Remove, which asks first), and Add a passkey with a name, which the script
/// (passkeys.js) carries out; where the browser cannot, the page says so instead.
enum PasskeysPage {
    static func render(_ passkeys: [Passkey], context: WebContext) -> String {
        let strings = context.strings
        let rows = passkeys.isEmpty
            ? #"<li class="inset-row"><span class="inset-text inset-empty" id="no-passkeys">\#(HTML.escape(strings.noPasskeys))</span></li>"#
            : passkeys.map { row($0, context: context) }.joined()
        let main = """
            <p class="inset-footer page-intro" id="passkeys-intro">\(HTML.escape(strings.passkeysIntro))</p>
            <section aria-labelledby="passkeys-heading"><h2 class="group-label" id="passkeys-heading">\(HTML.escape(strings.passkeys))</h2>
            <ul class="inset-list" id="passkey-list">\(rows)</ul></section>
            <form class="inset-form" id="passkey-form" method="post" action="/settings/passkeys" hidden data-cancelled="\(HTML.escape(strings.passkeyCancelled))" data-already="\(HTML.escape(strings.passkeyAlreadyAdded))" aria-labelledby="add-passkey-heading">\(context.csrfField)
            <h2 class="group-label" id="add-passkey-heading">\(HTML.escape(strings.addPasskey))</h2>
            <div class="field-group"><div class="field"><label class="field-label" for="passkey-name">\(HTML.escape(strings.passkeyName))</label><input id="passkey-name" name="name" maxlength="\(Passkey.maximumNameLength)" required autocomplete="off" placeholder="\(HTML.escape(strings.passkeyNamePlaceholder))"></div></div>
            <p class="form-error" role="alert" id="passkey-error" hidden></p>
            <button type="submit" class="wide primary-text" id="add-passkey">\(HTML.escape(strings.addPasskey))</button></form>
            <p class="inset-footer" id="passkey-unsupported">\(HTML.escape(strings.passkeysUnsupported))</p>
            """
        let bar = #"<a class="bar-left" href="/settings" id="back-button" role="button">\#(HTML.escape(strings.passkeysBackToSettings))</a>\#(Layout.title(strings.passkeys))<div class="bar-right"></div>"#
        return Layout.page(title: strings.passkeys, bodyClass: "settings-page passkeys-page", bar: bar, main: main,
                           extra: ConfirmSheet.dialog(context: context), context: context)
    }

    /// One passkey: its name over when it was made and last used, and Remove (its id sent as
    /// `ids`, the field the confirm sheet counts).
    private static func row(_ passkey: Passkey, context: WebContext) -> String {
        let strings = context.strings
        let created = LocalTime.message(strings.passkeyCreated, passkey.createdAt, context: context)
        let used = passkey.lastUsedAt.map { LocalTime.message({ strings.passkeyLastUsed($0) }, $0, context: context) }
            ?? HTML.escape(strings.passkeyLastUsed(nil))
        let confirm = ConfirmSheet.attributes(confirm: strings.removePasskey, message: strings.removePasskeyQuestion(passkey.name)
                                                  + " " + strings.removePasskeyMessage)
        return """
            <li class="inset-row passkey-row"><span class="inset-text"><span class="inset-title passkey-name">\(HTML.escape(passkey.name))</span>\
            <span class="inset-detail">\(created)</span><span class="inset-detail">\(used)</span></span>\
            <form method="post" action="/settings/passkeys/remove">\(context.csrfField)<input type="hidden" name="ids" value="\(passkey.id)">\
            <button type="submit" class="inset-action destructive"\(confirm) aria-label="\(HTML.escape(strings.removePasskey)) \(HTML.escape(passkey.name))">\(HTML.escape(strings.removePasskey))</button></form></li>
            """
    }

    /// Remove's question as a page, for a browser without the script.
    static func confirmRemoval(of passkey: Passkey, context: WebContext) -> String {
        let strings = context.strings
        return ConfirmSheet.page(title: strings.removePasskeyQuestion(passkey.name), message: strings.removePasskeyMessage,
                                 confirm: strings.removePasskey, action: "/settings/passkeys/remove",
                                 fields: [("ids", String(passkey.id))], cancel: "/settings/passkeys", context: context)
    }
}
