import ContactsStore

/// The import form: a vCard or contact CSV file, what to do with contacts already in the book, and Import.
enum ImportPage {
    /// The file input's `accept`: vCard and CSV files by extension and by the media types in use.
    static let accept = ".vcf,text/vcard,text/x-vcard,.csv,text/csv"

    /// The page, with `policy` chosen and `error` (no file, an empty file) shown above the button.
    static func render(policy: ImportConflictPolicy = .update, error: String? = nil, context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="/contacts" id="back-button" role="button">\#(HTML.escape(strings.back))</a>"#
            + Layout.title(strings.importCards)
        let choices = ImportConflictPolicy.allCases.map { choice in
            #"<label class="choice"><input type="radio" name="on_conflict" value="\#(choice.rawValue)"\#(choice == policy ? " checked" : "")><span>\#(HTML.escape(strings.conflictChoice(choice)))</span></label>"#
        }.joined()
        let errorHTML = error.map { #"<p class="form-error" role="alert" id="form-error">\#(HTML.escape($0))</p>"# } ?? ""
        let main = """
            <form id="import-form" class="import-form" method="post" action="\(HTML.escape(context.inBook("/contacts/import")))" enctype="multipart/form-data">
            \(context.csrfField)
            <div class="field-group">
            <div class="field"><label class="field-label" for="file">\(HTML.escape(strings.vCardFile))</label><input id="file" name="file" type="file" accept="\(accept)" required></div>
            </div>
            <fieldset class="choices"><legend class="group-label">\(HTML.escape(strings.ifAlreadyThere))</legend>
            <div class="field-group">\(choices)</div></fieldset>
            \(errorHTML)
            <button id="import-button" class="primary" type="submit">\(HTML.escape(strings.importCards))</button>
            <p class="hint">\(HTML.escape(strings.largerFiles))</p>
            </form>
            """
        return Layout.page(title: strings.importCards, bodyClass: "import-page", bar: bar, main: main, context: context)
    }
}
