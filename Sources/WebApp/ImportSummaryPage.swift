import ContactsStore

/// What an import did: the cards imported, updated, skipped and refused, and why each refused
/// one was, with Done back to the list.
enum ImportSummaryPage {
    /// The most failures listed; the rest are counted.
    static let listedFailures = 100

    static func render(_ summary: ImportSummary, context: WebContext) -> String {
        let strings = context.strings
        let bar = Layout.title(strings.importFinished)
            + #"<div class="bar-right"><a href="\#(HTML.escape(context.inBook("/contacts")))" id="done-button" class="primary-text" role="button">\#(HTML.escape(strings.done))</a></div>"#
        let counts = [("imported", strings.importedCount, summary.imported), ("updated", strings.updatedCount, summary.updated),
                      ("already-there", strings.alreadyThereCount, summary.alreadyThere), ("skipped", strings.skippedCount, summary.skipped), ("failed", strings.failedCount, summary.failures.count)]
            .map { id, label, count in #"<div class="field"><dt class="field-label">\#(HTML.escape(label))</dt><dd id="\#(id)-count">\#(count)</dd></div>"# }
            .joined()
        var failures = ""
        if !summary.failures.isEmpty {
            let items = summary.failures.prefix(listedFailures).map { "<li>\(HTML.escape(context.strings.message(for: $0)))</li>" }
            let more = summary.failures.count - listedFailures
            failures = #"<h2 class="group-label" id="failures-title">\#(HTML.escape(strings.notImported))</h2>"#
                + #"<ul class="field-group failures" id="failures" aria-labelledby="failures-title">\#(items.joined())"#
                + (more > 0 ? "<li>\(HTML.escape(strings.moreFailures(more)))</li>" : "") + "</ul>"
        }
        let main = """
            <div class="import-summary">
            <dl class="field-group counts" id="import-counts">\(counts)</dl>
            \(failures)
            </div>
            """
        return Layout.page(title: strings.importFinished, bodyClass: "import-page", bar: bar, main: main, context: context)
    }
}
