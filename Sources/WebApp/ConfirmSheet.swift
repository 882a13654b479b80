import Wording

/// The question before a destructive action (deleting contacts): an action sheet on a phone, a
/// dialog on a wide screen. A form's submit button asks it by carrying `attributes(…)`; the
/// script (confirmations.js) shows the page's `dialog` and, on the destructive choice, sends
/// the form again with `confirmed=1`. Without the script, the server answers an unconfirmed
/// form with `page(…)`, the same question as a page whose button sends it confirmed.
enum ConfirmSheet {
    /// The field that marks a form as confirmed.
    static let confirmedField = "confirmed"

    /// The attributes of a submit button that asks first. `{n}` in the texts is the number of
    /// the form's `ids` checked (or carried); `one` and `messageOne` are the texts for one.
    static func attributes(confirm: String, one: String? = nil, message: String, messageOne: String? = nil) -> String {
        var attributes = #" data-confirm="\#(HTML.escape(confirm))" data-confirm-message="\#(HTML.escape(message))""#
        if let one { attributes += #" data-confirm-one="\#(HTML.escape(one))""# }
        if let messageOne { attributes += #" data-confirm-message-one="\#(HTML.escape(messageOne))""# }
        return attributes
    }

    /// The attributes of a Delete button for the `ids` its form selects: "Delete 3 Contacts".
    static func deletingContacts(strings: any Catalogue) -> String {
        attributes(confirm: strings.deleteContacts(2).replacingOccurrences(of: "2", with: "{n}"), one: strings.deleteContacts(1),
                   message: strings.deleteContactsMessage(2).replacingOccurrences(of: "2", with: "{n}"),
                   messageOne: strings.deleteContactsMessage(1))
    }

    /// The page's sheet, which the script fills in before showing it.
    static func dialog(context: WebContext) -> String {
        """
        <dialog class="sheet confirm-sheet" id="confirm-sheet" aria-describedby="confirm-message">
        <div class="sheet-group"><p id="confirm-message"></p><button type="button" class="destructive" id="confirm-button"></button></div>\
        <button type="button" class="cancel" id="cancel-confirm">\(HTML.escape(context.strings.cancel))</button></dialog>
        """
    }

    /// The question as a page of its own: `fields` are sent again to `action`, confirmed.
    static func page(title: String, message: String, confirm: String, action: String, fields: [(String, String)],
                     cancel: String, context: WebContext) -> String {
        let hidden = (fields + [(confirmedField, "1")])
            .map { #"<input type="hidden" name="\#(HTML.escape($0.0))" value="\#(HTML.escape($0.1))">"# }.joined()
        let main = """
            <div class="sheet sheet-page" role="dialog" aria-labelledby="confirm-title" aria-describedby="confirm-message">
            <div class="sheet-group"><h2 id="confirm-title">\(HTML.escape(title))</h2><p id="confirm-message">\(HTML.escape(message))</p>
            <form method="post" action="\(HTML.escape(action))">\(context.csrfField)\(hidden)<button type="submit" class="destructive" id="confirm-button">\(HTML.escape(confirm))</button></form></div>
            <a class="cancel" href="\(HTML.escape(cancel))" role="button">\(HTML.escape(context.strings.cancel))</a></div>
            """
        return Layout.page(title: title, bodyClass: "confirm-page", bar: Layout.title(title), main: main, context: context)
    }
}
