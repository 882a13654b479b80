import Accounts
import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Synchronization

/// The browser app: the seed app's screens as pages that work without script, enhanced by
/// the script's ES modules (`StaticFiles`). Knows the store and HTTP; nothing here speaks SQL or sockets.
public final class WebApp: Sendable {
    let store: ContactStore
    let throttle: LoginThrottle
    /// Counts wrong codes at the login's second step: five in 15 minutes lock it for the account.
    let codeThrottle: LoginThrottle
    let gate: PasswordGate
    let clock: @Sendable () -> Date
    let errors: WebErrorAnswers
    /// The largest request body the server takes, in bytes (the import page says it).
    let maxUploadBytes: Int
    private let setupCode: Mutex<String?>
    /// The address devices and browsers reach the server at (`contacts serve --public-url`),
    /// without a trailing slash; nil to use each request's own host. The devices pages give it to
    /// devices, and passkeys are bound to its host.
    let publicURL: String?

    /// The `contacts serve` option, and the environment variable, that set `maxUploadBytes` in
    /// megabytes: the import page tells the server's operator of them.
    public static let maxUploadOption = "--max-upload-mb"
    public static let maxUploadVariable = "CONTACTS_MAX_UPLOAD_MB"

    /// - Parameters:
    ///   - setupCode: the one-time code of the first-run page (nil once a user exists).
    ///   - throttle, gate: shared with the other ways of logging in (CardDAV); fresh ones when nil.
    ///   - maxUploadBytes: the server's limit on a request body (`HTTPServer.Configuration.maxBodyBytes`).
    ///   - log: where errors the app did not expect are reported, with their detail.
    ///   - publicURL: the server's public address (`--public-url`), else nil.
    public init(store: ContactStore, setupCode: String?, throttle: LoginThrottle? = nil, gate: PasswordGate? = nil,
                maxUploadBytes: Int = HTTPServer.Configuration().maxBodyBytes, publicURL: String? = nil,
                log: @escaping @Sendable (String) -> Void = HTTPServer.standardErrorLog,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.maxUploadBytes = maxUploadBytes
        self.publicURL = publicURL
        errors = WebErrorAnswers(log: log)
        self.setupCode = Mutex(setupCode)
        self.clock = clock
        self.throttle = throttle ?? LoginThrottle(store: store, clock: clock)
        codeThrottle = LoginThrottle(store: store, scope: "two-step", clock: clock)
        self.gate = gate ?? PasswordGate()
    }

    /// The app's responder: security headers, CSRF and sessions around the routes.
    public func responder() throws -> any Responder {
        let router = Router()
        router.notFound = ClosureResponder { request in
            ErrorPage.response(status: 404, message: request.context.strings.notFoundMessage, context: request.context)
        }
        addLoginRoutes(to: router)
        addContactRoutes(to: router)
        addBirthdayRoutes(to: router)
        addDuplicateRoutes(to: router)
        addGroupRoutes(to: router)
        addSharingRoutes(to: router)
        addBookRoutes(to: router)
        addBulkRoutes(to: router)
        addTrashRoutes(to: router)
        addHistoryRoutes(to: router)
        addSettingsRoutes(to: router)
        addTwoStepRoutes(to: router)
        addSecondStepRoutes(to: router)
        addDeviceRoutes(to: router)
        addPasskeyRoutes(to: router)
        router.get("/static/*path") { request, _ in try StaticFiles.assets.respond(to: request) }
        addAppShellRoutes(to: router)
        router.get("/") { request, _ in .redirect(to: request.context.user == nil ? "/login" : "/contacts") }
        router.refusal = { request, status in Self.refusalPage(for: request, status: status) }
        let context = WebContextMiddleware(store: store, csrfKey: try store.secretKey(named: "csrf"),
                                           clientKey: try store.secretKey(named: "web-client"), router: router, errors: errors)
        return chain([context], to: router)
    }

    /// The page for a request the server refused for its size (a body or header section over the
    /// limits): the error page in the browser's language, with the security headers. Nobody is
    /// logged in on it: the request is not read far enough to trust its session. Nil for the other
    /// refusals (malformed framing, which no browser sends), whose plain text says exactly why.
    static func refusalPage(for request: Request, status: Int) -> Response? {
        let context = WebContext(language: WebContextMiddleware.language(of: request), csrfToken: "",
                                 user: nil, book: nil, sessionToken: nil)
        let message: String
        switch status {
        case 413: message = context.strings.requestTooLarge
        case 431: message = context.strings.headersTooLarge
        default: return nil
        }
        var response = ErrorPage.response(status: status, message: message, context: context)
        for (name, value) in WebContextMiddleware.securityHeaders { response.headers[name] = value }
        return response
    }

    /// The setup code, if the first-run page is still open.
    func currentSetupCode() throws -> String? {
        try setupCode.withLock { code in
            if code != nil, try !store.users().isEmpty { code = nil }
            return code
        }
    }

    /// Ends the first-run page.
    func closeSetup() {
        setupCode.withLock { $0 = nil }
    }
}

/// The CSS, script and icon, compiled into the binary and served from one versioned directory.
enum StaticFiles {
    /// The script's ES modules by file name: first the entry, then what it imports.
    static let scriptModules: [(name: String, bytes: [UInt8])] = [
        ("app.js", PackageResources.app_js),
        // What several screens use.
        ("dom.js", PackageResources.dom_js), ("requests.js", PackageResources.requests_js),
        ("sheets.js", PackageResources.sheets_js), ("confirmations.js", PackageResources.confirmations_js),
        // The login page.
        ("login-page.js", PackageResources.login_page_js),
        // The contact list.
        ("list-rows.js", PackageResources.list_rows_js), ("list-editing.js", PackageResources.list_editing_js),
        ("list-deletion.js", PackageResources.list_deletion_js), ("list-index.js", PackageResources.list_index_js),
        ("list-selection.js", PackageResources.list_selection_js),
        // The contact page.
        ("contact-form.js", PackageResources.contact_form_js), ("contact-rows.js", PackageResources.contact_rows_js),
        ("photo-picker.js", PackageResources.photo_picker_js),
        ("photo-cropper.js", PackageResources.photo_cropper_js), ("copy-buttons.js", PackageResources.copy_buttons_js),
        // The import page.
        ("file-picker.js", PackageResources.file_picker_js),
        // Moments in the browser's time zone: the history pages, the list's banner and notice.
        ("time-zone.js", PackageResources.time_zone_js),
        // Settings → Passkeys and the login page's Sign in with a passkey.
        ("passkeys.js", PackageResources.passkeys_js),
        // Every page: the service worker, the offline banner, the wide screen's keys.
        ("app-shell.js", PackageResources.app_shell_js), ("desktop-keys.js", PackageResources.desktop_keys_js),
    ]

    /// The stylesheet and the icons, by file name.
    static let files: [(name: String, contentType: String, bytes: [UInt8])] = [
        ("app.css", "text/css; charset=utf-8", PackageResources.app_css),
        ("icon.svg", "image/svg+xml", PackageResources.icon_svg),
        ("icons/icon-180.png", "image/png", PackageResources.icon_180_png),
        ("icons/icon-192.png", "image/png", PackageResources.icon_192_png),
        ("icons/icon-512.png", "image/png", PackageResources.icon_512_png),
        ("icons/icon-maskable-512.png", "image/png", PackageResources.icon_maskable_512_png),
        ("icons/favicon.ico", "image/x-icon", PackageResources.favicon_ico),
    ]

    /// Where every file is served: one directory named after all of their content, so that after
    /// an upgrade a page loads only new URLs, never a cached file of the old version beside a new
    /// one. The stylesheet names the icon and the modules import one another by relative URL, so
    /// those URLs carry the version too; a browser may keep each file for a year.
    static let directory = "/static/\(version(of: files.map { ($0.name, $0.bytes) } + scriptModules))/"

    /// The directory of the script's modules.
    static let scriptDirectory = directory + "script/"

    /// The entry module's URL.
    static let entryScript = scriptDirectory + scriptModules[0].name

    /// The stylesheet's URL.
    static let stylesheet = directory + "app.css"

    /// The icon's URL.
    static let icon = directory + "icon.svg"

    /// Every file's URL: what the service worker keeps for offline use.
    static let urls = files.map { directory + $0.name } + scriptModules.map { scriptDirectory + $0.name }

    static let assets: StaticAssets = {
        let cacheControl = "public, max-age=31536000, immutable"
        var assets = StaticAssets()
        for file in files {
            assets[directory + file.name] = StaticAsset(contentType: file.contentType, bytes: file.bytes, cacheControl: cacheControl)
        }
        for module in scriptModules {
            assets[scriptDirectory + module.name] = StaticAsset(contentType: "text/javascript; charset=utf-8",
                                                                bytes: module.bytes, cacheControl: cacheControl)
        }
        return assets
    }()

    /// The entity tag of the files' names and bytes together, without its quotes.
    private static func version(of files: [(name: String, bytes: [UInt8])]) -> String {
        let all = files.flatMap { Array("\($0.name)\u{0}\($0.bytes.count)\u{0}".utf8) + $0.bytes }
        return StaticAsset(contentType: "text/javascript", bytes: all).etag.filter { $0 != "\"" }
    }
}
