import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Synchronization

/// The browser app: the seed app's screens as pages that work without script, enhanced by
/// `/static/app.js`. Knows the store and HTTP; nothing here speaks SQL or sockets.
public final class WebApp: Sendable {
    let store: ContactStore
    let throttle: LoginThrottle
    let gate: PasswordGate
    let clock: @Sendable () -> Date
    let importResults = ImportResults()
    private let setupCode: Mutex<String?>

    /// - Parameters:
    ///   - setupCode: the one-time code of the first-run page (nil once a user exists).
    ///   - throttle, gate: shared with the other ways of logging in (CardDAV); fresh ones when nil.
    public init(store: ContactStore, setupCode: String?, throttle: LoginThrottle? = nil, gate: PasswordGate? = nil,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.setupCode = Mutex(setupCode)
        self.clock = clock
        self.throttle = throttle ?? LoginThrottle(clock: clock)
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
        router.get("/static/*path") { request, _ in try StaticFiles.assets.respond(to: request) }
        router.get("/") { request, _ in .redirect(to: request.context.user == nil ? "/login" : "/contacts") }
        router.refusal = { request, status in Self.refusalPage(for: request, status: status) }
        return chain([WebContextMiddleware(store: store, csrfKey: try store.secretKey(named: "csrf"), router: router)], to: router)
    }

    /// The page for a request the server refused (a body or header section over the limits): the error
    /// page in the browser's language, with the security headers. Nobody is logged in on it: the
    /// request is not read far enough to trust its session.
    static func refusalPage(for request: Request, status: Int) -> Response {
        let context = WebContext(strings: Strings(language: WebContextMiddleware.language(of: request)), csrfToken: "",
                                 user: nil, scope: nil, sessionToken: nil)
        var response = ErrorPage.response(status: status, message: HTTPStatus.reasonPhrase(for: status), context: context)
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

/// The CSS, script and icon, compiled into the binary.
enum StaticFiles {
    static let assets = StaticAssets([
        "/static/app.css": StaticAsset(contentType: "text/css; charset=utf-8", bytes: PackageResources.app_css),
        "/static/app.js": StaticAsset(contentType: "text/javascript; charset=utf-8", bytes: PackageResources.app_js),
        "/static/icon.svg": StaticAsset(contentType: "image/svg+xml", bytes: PackageResources.icon_svg),
    ])
}
