import ContactsStore
import HTTP

/// The page shell: head, the bar at the top, the content, and the language switch.
enum Layout {
    /// A full HTML document.
    /// - Parameters:
    ///   - bar: the top bar's inner HTML (left control, title, right controls).
    ///   - main: the page's content.
    ///   - extra: markup after `main` (dialogs, toasts).
    static func page(title: String, bodyClass: String, bar: String, main: String, extra: String = "",
                     context: WebContext) -> String {
        let strings = context.strings
        return """
            <!doctype html>
            <html lang="\(context.language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="csrf-token" content="\(HTML.escape(context.csrfToken))">
            <meta name="color-scheme" content="light dark">
            <meta name="theme-color" content="#f2f2f7" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#000000" media="(prefers-color-scheme: dark)">
            <title>\(HTML.escape(title)) · \(HTML.escape(strings.appTitle))</title>
            <link rel="stylesheet" href="\(StaticFiles.stylesheet)">
            <link rel="icon" href="\(StaticFiles.icon)" type="image/svg+xml">
            \(scripts)
            </head>
            <body class="\(bodyClass)">
            <header class="bar">\(bar)</header>
            <main id="main">\(main)</main>
            \(extra)
            <footer class="footer">\(languageSwitch(context.language))</footer>
            </body>
            </html>
            """
    }

    /// The entry module, and a preload of each module it imports: the browser fetches them all at
    /// once instead of one level of imports after another.
    private static let scripts = ([#"<script type="module" src="\#(HTML.escape(StaticFiles.entryScript))"></script>"#]
        + StaticFiles.scriptModules.dropFirst().map { module in
            #"<link rel="modulepreload" href="\#(HTML.escape(StaticFiles.scriptDirectory + module.name))">"#
        }).joined(separator: "\n")

    /// A link to each other language, named in that language.
    private static func languageSwitch(_ current: Language) -> String {
        Language.allCases.filter { $0 != current }.map { other in
            #"<a class="language-switch" href="?lang=\#(other.rawValue)" lang="\#(other.rawValue)" hreflang="\#(other.rawValue)">\#(HTML.escape(other.catalogue.languageName))</a>"#
        }.joined(separator: " ")
    }

    /// The bar's title element.
    static func title(_ text: String) -> String {
        #"<h1 class="bar-title">\#(HTML.escape(text))</h1>"#
    }
}

/// Error pages (404, 403) in the page shell.
enum ErrorPage {
    static func response(status: Int, message: String, context: WebContext) -> Response {
        Response.html(Layout.page(
            title: status == 404 ? context.strings.notFound : String(status), bodyClass: "error-page",
            bar: #"<a class="bar-left" href="/">\#(HTML.escape(context.strings.back))</a>"#
                + Layout.title(status == 404 ? context.strings.notFound : String(status)),
            main: #"<p class="message">\#(HTML.escape(message))</p>"#, context: context), status: status)
    }
}
