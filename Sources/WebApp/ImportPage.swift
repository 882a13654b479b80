import ContactsStore

/// The import form: a vCard or contact CSV file (a styled picker naming the chosen file, over a
/// plain file input that works without script), the largest file the server takes, what to do
/// with contacts already in the book, and Import.
enum ImportPage {
    /// The file input's `accept`: vCard and CSV files by extension and by the media types in use.
    static let accept = ".vcf,text/vcard,text/x-vcard,.csv,text/csv"

    /// The page, with `policy` chosen and `error` (no file, an empty file) shown above the button.
    /// - Parameter maxUploadBytes: the largest request the server takes (`WebApp.maxUploadBytes`).
    static func render(policy: ImportConflictPolicy = .update, error: String? = nil, maxUploadBytes: Int, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="/contacts" id="back-button" role="button">\#(HTML.escape(strings.back))</a>"#
            + Layout.title(strings.importCards)
        let choices = ImportConflictPolicy.allCases.map { choice in
            #"<label class="choice"><input type="radio" name="on_conflict" value="\#(choice.rawValue)"\#(choice == policy ? " checked" : "")><span>\#(HTML.escape(strings.conflictChoice(choice)))</span></label>"#
        }.joined()
        let limit = strings.importSizeLimit(size(maxUploadBytes), option: WebApp.maxUploadOption, variable: "$" + WebApp.maxUploadVariable)
        let main = """
            <form id="import-form" class="import-form inset-form" method="post" action="\(HTML.escape(context.inBook("/contacts/import")))" enctype="multipart/form-data">
            \(context.csrfField)
            <h2 class="group-label" id="file-heading">\(HTML.escape(strings.vCardFile))</h2>
            <div class="field-group"><div class="field file-field" data-max-bytes="\(maxUploadBytes)">\
            <input id="file" name="file" type="file" accept="\(accept)" required aria-labelledby="file-heading" aria-describedby="file-name import-limit">\
            <label class="file-button" for="file" aria-hidden="true">\(HTML.escape(strings.chooseFileButton))</label>\
            <span class="file-name" id="file-name" aria-live="polite">\(HTML.escape(strings.noFileChosen))</span></div></div>
            <p class="inset-footer" id="import-limit">\(HTML.escape(limit))</p>
            <fieldset class="choices"><legend class="group-label">\(HTML.escape(strings.ifAlreadyThere))</legend>
            <div class="field-group">\(choices)</div></fieldset>
            \(Layout.formError(error))
            <button id="import-button" class="primary" type="submit">\(HTML.escape(strings.importCards))</button>
            </form>
            """
        return Layout.page(title: strings.importCards, bodyClass: "import-page", bar: bar, main: main, context: context)
    }

    /// A size as the page states it: whole megabytes (`10 MB`), else kilobytes.
    static func size(_ bytes: Int) -> String {
        let megabyte = 1024 * 1024
        return bytes % megabyte == 0 ? "\(bytes / megabyte) MB" : "\(max(1, bytes / 1024)) KB"
    }
}
