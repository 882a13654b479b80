import ContactsStore
import HTTP
import Wording

/// The page shell: head, the bar at the top, the content, and the language switch.
enum Layout {
    /// A full HTML document.
    /// - Parameters:
    ///   - bar: the top bar's inner HTML (left control, title, right controls).
    ///   - main: the page's content.
    ///   - extra: markup after `main` (dialogs, toasts).
    ///   - aside: the list pane beside a contact (`ListPane`), after `extra`.
    static func page(title: String, bodyClass: String, bar: String, main: String, extra: String = "", aside: String = "",
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
            <meta name="theme-color" content="\(AppShell.themeColour)" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#000000" media="(prefers-color-scheme: dark)">
            <title>\(HTML.escape(title)) · \(HTML.escape(strings.appTitle))</title>
            <link rel="stylesheet" href="\(StaticFiles.stylesheet)">
            <link rel="icon" href="\(StaticFiles.icon)" type="image/svg+xml">
            \(homeScreen(strings))
            \(scripts)
            </head>
            <body class="\(bodyClass)">
            <header class="bar">\(bar)</header>
            <div class="offline-banner" id="offline-banner" role="status" hidden>\(HTML.escape(strings.offline))</div>
            <main id="main">\(main)</main>
            \(extra)\(aside)
            <footer class="footer">\(languageSwitch(context.language))</footer>
            </body>
            </html>
            """
    }

    /// What a phone's home screen reads: the manifest (fetched with cookies, so in the chosen
    /// language), the icons, and that the app opens without the browser's chrome.
    private static func homeScreen(_ strings: any Catalogue) -> String {
        """
        <link rel="manifest" href="\(AppShell.manifestPath)" crossorigin="use-credentials">
        <link rel="icon" href="\(StaticFiles.directory)icons/favicon.ico" sizes="16x16 32x32">
        <link rel="apple-touch-icon" href="\(StaticFiles.directory)icons/icon-180.png">
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-status-bar-style" content="default">
        <meta name="apple-mobile-web-app-title" content="\(HTML.escape(strings.appShortName))">
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

    /// Why a form was refused, above it (an alert); "" for none.
    static func formError(_ message: String?) -> String {
        message.map { #"<p class="form-error" role="alert" id="form-error">\#(HTML.escape($0))</p>"# } ?? ""
    }

    /// The bar's title element, with a smaller line under it when a subtitle is given.
    static func title(_ text: String, subtitle: String? = nil) -> String {
        guard let subtitle else { return #"<h1 class="bar-title">\#(HTML.escape(text))</h1>"# }
        return #"<hgroup class="bar-title"><h1>\#(HTML.escape(text))</h1><p class="bar-subtitle" id="bar-subtitle">\#(HTML.escape(subtitle))</p></hgroup>"#
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
