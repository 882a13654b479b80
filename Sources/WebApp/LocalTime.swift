import Foundation

/// Moments as the pages give them: in UTC, in a `<time>` element that the page's script
/// (time-zone.js) rewrites in the browser's own time zone and language.
enum LocalTime {
    /// "Dec 4, 2026, 10:04 UTC"; with `timeOnly`, "10:04 UTC".
    static func moment(_ date: Date, timeOnly: Bool = false, context: WebContext) -> String {
        let text = timeOnly ? context.strings.timeInUTC(date) : context.strings.momentInUTC(date)
        return #"<time datetime="\#(date.formatted(.iso8601))" data-local="\#(timeOnly ? "time" : "moment")">\#(HTML.escape(text))</time>"#
    }

    /// A message with a moment in it (`message` given a placeholder for it), escaped, the moment as `moment(…)`.
    static func message(_ message: (String) -> String, _ date: Date, timeOnly: Bool = false, context: WebContext) -> String {
        HTML.escape(message("\u{0}")).replacingOccurrences(of: "\u{0}", with: moment(date, timeOnly: timeOnly, context: context))
    }
}
