import ContactsCore
import ContactsStore
import Foundation

/// A contact's History: its versions newest first, each with when, what kind of change, who
/// made it (and which account, in a shared book), what it changed from the version before, and
/// for the older ones *Restore this version*, which asks first (`ConfirmSheet`).
enum HistoryPage {
    /// - Parameters:
    ///   - back: where the bar's Back goes (the contact, or Recently Deleted for a deleted one).
    ///   - showsAccounts: whether to name the account of each change (a shared book).
    static func render(_ versions: [ContactVersion], contactID: Int64, back: String, showsAccounts: Bool,
                       context: WebContext) -> String {
        let strings = context.strings
        let name = versions.lazy.compactMap(\.contact).first?.details.displayName ?? ""
        let bar = #"<a class="bar-left" href="\#(HTML.escape(back))" id="back-button" role="button">\#(HTML.escape(strings.back))</a>"#
            + Layout.title(strings.history, subtitle: name)
        let rows = versions.indices.map { index in
            row(versions[index], before: versions.indices.contains(index + 1) ? versions[index + 1] : nil, isCurrent: index == 0,
                contactID: contactID, showsAccounts: showsAccounts, context: context)
        }
        let main = SharedBookViews.sharedWithYou(context)
            + #"<ul class="inset-list version-list" id="version-list" aria-label="\#(HTML.escape(strings.history))">\#(rows.joined())</ul>"#
        return Layout.page(title: strings.history, bodyClass: "history-page", bar: bar, main: main,
                           extra: ConfirmSheet.dialog(context: context), context: context)
    }

    /// Where a contact's History is.
    static func path(of contactID: Int64, context: WebContext) -> String {
        context.inBook("/contacts/\(contactID)/history")
    }

    private static func row(_ version: ContactVersion, before: ContactVersion?, isCurrent: Bool, contactID: Int64,
                            showsAccounts: Bool, context: WebContext) -> String {
        let strings = context.strings
        let id = "version-\(version.number)"
        // A line of its own: "The command line" starts with a capital, "iPhone" and "macOS" stay as they are.
        let who = version.client.map { ChangeClientNames.name(of: $0, strings: strings) }
            .map { $0.isDevice ? $0.text : $0.text.prefix(1).uppercased() + $0.text.dropFirst() }
        let byline = [who, showsAccounts ? version.account : nil].compactMap { $0 }.joined(separator: " · ")
        let kind = version.client == nil && before == nil ? strings.historyStart : strings.changeName(version.change)
        let changes = version.contact.map { VersionComparison.lines(from: before?.contact?.details, to: $0.details, strings: strings) }
            ?? [strings.versionLeftBook]
        let list = changes.isEmpty ? "" : #"<ul class="version-changes">\#(changes.map { "<li>\(HTML.escape($0))</li>" }.joined())</ul>"#
        let end = isCurrent
            ? #"<span class="version-current">\#(HTML.escape(strings.currentVersion))</span>"#
            : restoreForm(version, contactID: contactID, rowID: id, context: context)
        return """
            <li class="inset-row version-row" id="\(id)"><div class="inset-text"><span class="inset-title" id="\(id)-title">\
            \(HTML.escape(kind)) · \(LocalTime.moment(version.at, context: context))</span>\
            \(byline.isEmpty ? "" : #"<span class="inset-detail version-client">\#(HTML.escape(byline))</span>"#)\(list)\(end)</div></li>
            """
    }

    /// Restore this version: asks first; without script the server asks on a page (`ConfirmSheet.page`).
    private static func restoreForm(_ version: ContactVersion, contactID: Int64, rowID id: String, context: WebContext) -> String {
        let strings = context.strings
        guard context.canWriteContacts else {
            return SharedBookViews.disabledButton(strings.restoreThisVersion, id: "\(id)-restore", class: "link version-restore")
        }
        let asking = ConfirmSheet.attributes(confirm: strings.restoreThisVersion,
                                             message: strings.restoreVersionMessage(context.strings.momentInUTC(version.at)))
        // `ids` names the contact the question is about (confirmations.js asks for forms that carry one).
        return """
            <form method="post" action="\(HTML.escape(restorePath(version, contactID: contactID, context: context)))">\(context.csrfField)\
            <input type="hidden" name="ids" value="\(contactID)"><button type="submit" class="link version-restore" id="\(id)-restore" \
            aria-describedby="\(id)-title"\(asking)>\(HTML.escape(strings.restoreThisVersion))</button></form>
            """
    }

    /// Where Restore this version posts.
    static func restorePath(_ version: ContactVersion, contactID: Int64, context: WebContext) -> String {
        context.inBook("/contacts/\(contactID)/history/\(version.number)/restore")
    }
}
