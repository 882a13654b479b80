import ContactsStore
import Foundation
import HTTP
import Wording

/// What makes the site an app on a phone's home screen: the web app manifest (in each language),
/// the service worker that keeps the shell and the last list for offline use, and the favicon.
/// All of it is the same for everyone: nothing private, served without a login at fixed paths.
enum AppShell {
    /// The manifest's path; the layout links it.
    static let manifestPath = "/manifest.webmanifest"

    /// The worker's path: at the root, so that its scope covers every page.
    static let workerPath = "/service-worker.js"

    /// The light theme's background, the colour of the bar and of the splash screen.
    static let themeColour = "#f2f2f7"

    /// The response header that marks a page the service worker may keep for offline use: the
    /// signed-in user's list. `WebContextMiddleware` drops it from a response that sets a cookie.
    static let offlineCopyHeader = "X-Offline-Copy"

    /// The manifest of each language, as a file.
    static let manifests: [Language: StaticAsset] = Dictionary(uniqueKeysWithValues: Language.allCases.map { language in
        (language, StaticAsset(contentType: "application/manifest+json", bytes: manifest(language), cacheControl: "no-cache"))
    })

    /// The worker: the static version and the shell's URLs, then Static/service-worker.js. A new
    /// version makes a new worker, which drops the old version's copies.
    static let worker = StaticAsset(
        contentType: "text/javascript; charset=utf-8",
        bytes: Array("const VERSION = \(json(StaticFiles.directory));\nconst SHELL = \(json(StaticFiles.urls));\n".utf8)
            + PackageResources.service_worker_js,
        cacheControl: "no-cache")

    /// The favicon browsers ask for at the root.
    static let favicon = StaticAsset(contentType: "image/x-icon", bytes: PackageResources.favicon_ico,
                                     cacheControl: "public, max-age=86400")

    private struct Manifest: Encodable {
        struct Icon: Encodable {
            let src: String
            let sizes: String
            let type = "image/png"
            let purpose: String
        }

        let id = "/", start_url = "/contacts", scope = "/", display = "standalone"
        let background_color = themeColour, theme_color = themeColour
        let lang: String, name: String, short_name: String
        let icons: [Icon]
    }

    private static func manifest(_ language: Language) -> [UInt8] {
        let strings = language.catalogue
        let icons = [("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any"),
                     ("icon-maskable-512.png", "512x512", "maskable")].map { file, sizes, purpose in
            Manifest.Icon(src: StaticFiles.directory + "icons/" + file, sizes: sizes, purpose: purpose)
        }
        return Array(json(Manifest(lang: language.rawValue, name: strings.appTitle, short_name: strings.appShortName,
                                   icons: icons)).utf8)
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these fixed strings cannot fail.
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }
}

extension WebApp {
    /// The manifest, the service worker and the favicon; open to everyone.
    func addAppShellRoutes(to router: Router) {
        router.get(AppShell.manifestPath) { request, _ in
            var response = try AppShell.manifests[request.context.language]!.respond(to: request)
            response.headers["Vary"] = "Cookie, Accept-Language"
            return response
        }
        router.get(AppShell.workerPath) { request, _ in try AppShell.worker.respond(to: request) }
        router.get("/favicon.ico") { request, _ in try AppShell.favicon.respond(to: request) }
    }
}
