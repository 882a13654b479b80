import Accounts
import ContactsStore
import Foundation
import HTTP

/// Undo changes, from the list's ⋯ menu: how far back to take the book (10 minutes, an hour,
/// yesterday, a week, or a date and time), then what that does before doing it.
enum UndoChangesPage {
    /// The offered choices, in seconds before now.
    static let choices = [600, 3_600, 86_400, 604_800]

    /// The page of choices; `error` says why the last one was refused.
    static func choose(error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let links = choices.map { seconds in
            let href = context.inBook("/contacts/undo/preview?ago=\(seconds)")
            return #"<li class="inset-row"><a class="inset-link" href="\#(HTML.escape(href))"><span class="inset-text"><span class="inset-title">\#(HTML.escape(strings.undoChoice(secondsAgo: seconds)))</span></span><span class="chevron" aria-hidden="true"></span></a></li>"#
        }
        let main = """
            \(Layout.formError(error))<p class="inset-footer undo-note" id="undo-note">\(HTML.escape(strings.undoChangesNote))</p>
            <ul class="inset-list undo-choices" id="undo-choices">\(links.joined())</ul>
            <form class="inset-form undo-time-form" id="undo-time-form" method="get" action="/contacts/undo/preview">\(context.bookField)
            <div class="field-group"><label class="field"><span class="field-label">\(HTML.escape(strings.chosenTime))</span>\
            <input type="datetime-local" name="at" id="undo-at" required></label></div><input type="hidden" name="offset" id="undo-offset">
            <noscript><p class="inset-footer">\(HTML.escape(strings.timeReadAsUTC))</p></noscript>
            <button type="submit" class="wide primary-text" id="undo-continue">\(HTML.escape(strings.continueButton))</button></form>
            """
        return Layout.page(title: strings.undoChanges, bodyClass: "undo-page", bar: bar(back: context.inBook("/contacts"), context: context),
                           main: main, context: context)
    }

    /// What taking the book back to `plan.to` does, with the button that does it (none when
    /// there is nothing to undo).
    static func preview(_ plan: RewindPlan, context: WebContext) -> String {
        let strings = context.strings
        let message = plan.isEmpty ? strings.nothingToUndoSince
            : strings.rewindPreview(broughtBack: plan.broughtBack.count, setBack: plan.setBack.count, removed: plan.removed.count)
        let confirm = plan.isEmpty ? "" : """
            <form class="inset-form" method="post" action="\(HTML.escape(context.inBook("/contacts/undo")))">\(context.csrfField)\
            <input type="hidden" name="to" value="\(StoredTime.milliseconds(plan.to))">\
            <button type="submit" class="wide destructive" id="undo-confirm">\(HTML.escape(strings.undoChanges))</button></form>
            """
        let main = """
            <section class="undo-preview" aria-labelledby="undo-to"><h2 class="group-label" id="undo-to">\(LocalTime.message(strings.undoTo, plan.to, context: context))</h2>
            <p class="inset-list undo-plan" id="undo-plan">\(HTML.escape(message))</p>\(confirm)</section>
            """
        return Layout.page(title: strings.undoChanges, bodyClass: "undo-page",
                           bar: bar(back: context.inBook("/contacts/undo"), context: context), main: main, context: context)
    }

    private static func bar(back: String, context: WebContext) -> String {
        #"<a class="bar-left" href="\#(HTML.escape(back))" id="back-button" role="button">\#(HTML.escape(context.strings.back))</a>"#
            + Layout.title(context.strings.undoChanges, subtitle: context.bookTitle)
    }

    /// The moment a preview's query asks for: `ago` seconds before `now`, `to` in milliseconds
    /// since 1970, or `at` (a datetime-local value, `2026-12-04T10:00`) in the browser's time
    /// zone, `offset` minutes east of UTC (UTC without it). Nil when the query names none, or
    /// not in those forms.
    static func moment(asked query: [String: String], now: Date) -> Date? {
        if let ago = query["ago"] {
            return Int(ago).map { now.addingTimeInterval(-Double($0)) }
        }
        if let to = query["to"] {
            return Int64(to).map(StoredTime.date)
        }
        guard let at = query["at"], let local = localTime(at) else { return nil }
        let offset = query["offset"].flatMap { $0.isEmpty ? 0 : Int($0) } ?? 0
        guard abs(offset) <= 18 * 60 else { return nil }
        return local.addingTimeInterval(-Double(offset * 60))
    }

    /// A datetime-local value read as UTC: `yyyy-MM-ddTHH:mm`, seconds optional.
    private static func localTime(_ text: String) -> Date? {
        guard text.count <= 19 else { return nil }
        for pattern in ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss"] {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = pattern
            if let date = format.date(from: text) { return date }
        }
        return nil
    }
}
