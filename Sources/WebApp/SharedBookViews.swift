import ContactsStore
import Foundation

/// What the pages show of a book shared between accounts: who shared it with the user, who
/// last changed a contact, and the write controls of a read-only share, disabled.
enum SharedBookViews {
    /// A control the user cannot use here, kept in its place (and found by its name) but disabled.
    static func disabledButton(_ text: String, id: String, label: String? = nil, class classes: String? = nil) -> String {
        let label = label.map { #" aria-label="\#(HTML.escape($0))""# } ?? ""
        let classes = classes.map { #" class="\#($0)""# } ?? ""
        return #"<button type="button" id="\#(id)"\#(classes)\#(label) disabled>\#(HTML.escape(text))</button>"#
    }

    /// "Shared with you by alice, read-only", above the list of a book shared with the user.
    static func sharedWithYou(_ context: WebContext) -> String {
        guard let book = context.book, let owner = book.sharedBy else { return "" }
        return #"<p class="shared-note" id="shared-note">\#(HTML.escape(context.strings.sharedWithYou(by: owner, book.scope.access)))</p>"#
    }

    /// "Last changed by bob, 2026-12-04 17:05" (UTC), under a contact.
    static func lastChanged(_ change: ContactChange, context: WebContext) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        let text = context.strings.lastChanged(by: change.account, at: format.string(from: change.at))
        return #"<p class="last-changed" id="last-changed">\#(HTML.escape(text))</p>"#
    }
}
