import Accounts
import Blanks
import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Wording

/// Builds the `WebContext` of each request (language, CSRF token, logged-in user), refuses
/// state-changing requests without the right CSRF token or from another site (403), switches the
/// language on `?lang=`, answers every error with a page (`WebErrorAnswers`), and adds the
/// security headers to every response, error pages included. A logged-in browser's requests
/// make their changes as its `ChangeClient`.
///
/// The CSRF token is an HMAC of the browser's `pc_csrf` cookie and, once logged in, of the
/// session: a token seen before the login, or in another account's pages, is no good.
struct WebContextMiddleware: Middleware {
    let store: ContactStore
    let csrfKey: [UInt8]
    /// The key of the HMAC that groups a browser session's changes (`ChangeClientNames.webClient`).
    let clientKey: [UInt8]
    /// Tells which requests reach a route: only those are checked, the rest get the router's 404 or 405.
    let router: Router
    let errors: WebErrorAnswers

    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; script-src 'self'; style-src 'self'; "
            + "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
    ]

    func handle(_ request: Request, next: any Responder) throws -> Response {
        var response: Response
        do {
            response = try respond(to: request, next: next)
        } catch {
            // The context itself could not be made (the store failed reading the session): the
            // error page is shown as to someone logged out.
            let context = WebContext(language: Self.language(of: request), csrfToken: "", user: nil, book: nil,
                                     sessionToken: nil)
            response = errors.response(for: error, request: request, context: context)
        }
        for (name, value) in Self.securityHeaders { response.headers[name] = value }
        // What a signed-in page shows stays out of every cache (the browser's, a proxy's, the
        // back button's after logging out) unless the response says otherwise: static files,
        // photos, downloads.
        if response.headers["Cache-Control"] == nil { response.headers["Cache-Control"] = "no-store" }
        // A response that sets a cookie is never kept by the service worker.
        if response.headers["Set-Cookie"] != nil { response.headers[AppShell.offlineCopyHeader] = nil }
        return response
    }

    private func respond(to request: Request, next: any Responder) throws -> Response {
        if request.method == "GET", let choice = request.query["lang"], let language = Language(rawValue: choice) {
            var response = Response.redirect(to: Self.localTarget(of: request))
            response.setCookie(Cookies.make(Cookies.language, language.rawValue, maxAge: Cookies.preferenceLifetime, for: request))
            return response
        }
        var request = request
        let existingCSRF = request.cookies[Cookies.csrf].flatMap { $0.count == 43 ? $0 : nil }
        let csrfCookie = existingCSRF ?? SecretToken.make()
        let sessionToken = request.cookies[Cookies.session]
        let user = try sessionToken.flatMap { try store.user(forSession: $0, seenFrom: RequestClient(request)) }
        let boundSession = user == nil ? nil : sessionToken
        let context = WebContext(language: Self.language(of: request),
                                 csrfToken: SecretToken.mac(csrfCookie + "\u{0}" + (boundSession ?? ""), key: csrfKey),
                                 user: user, book: try user.flatMap { try book(of: request, for: $0) },
                                 sessionToken: boundSession)
        request.attributes[WebContextKey.self] = context
        var response: Response
        let checked = !["GET", "HEAD"].contains(request.method) && router.hasRoute(for: request)
        if checked, Self.isMultipartForm(request) {
            // Parsed once, here: the handler reads the same parts (`Request.formParts`).
            request.attributes[MultipartFormKey.self] = try? request.multipartParts()
        }
        if checked, !Self.comesFromThisSite(request) || !hasValidToken(request, expected: context.csrfToken) {
            response = ErrorPage.response(status: 403, message: context.strings.forbidden, context: context)
        } else {
            do {
                // The store records who made each change: this browser, when someone is logged in.
                let client = boundSession.map { ChangeClientNames.webClient(of: request, session: $0, key: clientKey) }
                response = try ChangeClient.$current.withValue(client ?? ChangeClient.current) { try next.respond(to: request) }
            } catch {
                // Rendered here, with the context, so that error pages get the headers and cookie too.
                response = errors.response(for: error, request: request, context: context)
            }
        }
        if existingCSRF == nil {
            response.setCookie(Cookies.make(Cookies.csrf, csrfCookie, maxAge: nil, for: request))
        }
        return response
    }

    /// The path to send a language switch back to: this request's own path, as sent, when it is a
    /// path of this site; else `/`. Never `//host` or `/\host`, which browsers read as another site.
    static func localTarget(of request: Request) -> String {
        let path = request.rawPath
        let isLocal = path.hasPrefix("/") && !path.dropFirst().hasPrefix("/")
            && path.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" }
        return isLocal ? path : "/"
    }

    /// The book the request works in: the one its `?book=` names among the user's own and those
    /// shared with them (`SharedBookSegment`), as the share stands now, else the default book;
    /// nil when the user has no book of that name (the page is then 404).
    private func book(of request: Request, for user: User) throws -> AddressBook? {
        try store.addressBook(named: request.query["book"] ?? ContactStore.defaultAddressBookName, for: user)
    }

    /// A second line behind the token: a browser that says where a request comes from
    /// (`Sec-Fetch-Site`, `Origin`) must name this site.
    static func comesFromThisSite(_ request: Request) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased(), !["same-origin", "none"].contains(site) { return false }
        guard let origin = request.headers["Origin"] else { return true }
        guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let originHost = url.host, let host = request.headers["Host"].flatMap(HostHeader.init) else { return false }
        // Behind a proxy that passes `$host`, Host has no port while Origin may: the names must match.
        guard HostHeader.sameName(host.name, originHost) else { return false }
        return host.port == nil || host.port == url.port ?? (scheme == "https" ? 443 : 80)
    }

    private func hasValidToken(_ request: Request, expected: String) -> Bool {
        let sent = request.headers["X-CSRF-Token"] ?? Self.formValue("csrf", in: request)
        return sent.map { SecretToken.equal($0, expected) } ?? false
    }

    /// A field of an urlencoded or multipart form body.
    static func formValue(_ name: String, in request: Request) -> String? {
        if isMultipartForm(request) {
            return (try? request.formParts())?.first { $0.name == name && $0.filename == nil }?.text
        }
        return request.formFields()[name]
    }

    private static func isMultipartForm(_ request: Request) -> Bool {
        (request.headers["Content-Type"] ?? "").lowercased().hasPrefix("multipart/form-data")
    }

    /// The cookie's language, else the first of Accept-Language's that the app speaks, else English.
    static func language(of request: Request) -> Language {
        if let chosen = request.cookies[Cookies.language].flatMap(Language.init(rawValue:)) { return chosen }
        let ranked = (request.headers["Accept-Language"] ?? "").split(separator: ",").enumerated().map { index, item in
            let parts = item.split(separator: ";")
            let tag = parts[0].trimmingBlanks().lowercased()
            let quality = parts.dropFirst().first { $0.trimmingBlanks().hasPrefix("q=") }
                .flatMap { Double($0.trimmingBlanks().dropFirst(2)) } ?? 1
            return (tag: tag, quality: quality, index: index)
        }.sorted { ($0.quality, -$0.index) > ($1.quality, -$1.index) }
        for item in ranked where item.quality > 0 {
            if let language = Language(matching: item.tag) { return language }
        }
        return .english
    }
}

/// A `Host` header's name and port (`example.com:8443`, `[::1]:8080`, `example.com`).
private struct HostHeader {
    let name: String
    let port: Int?

    /// Nil when a port is given but is not one (`host:99999999999`, `host:x`): such a Host names no site.
    init?(_ value: String) {
        let text = value.trimmingBlanks()
        let closing = text.hasPrefix("[") ? text.firstIndex(of: "]") : nil
        let colon = text[(closing ?? text.startIndex)...].lastIndex(of: ":")
        name = String(text[..<(colon ?? text.endIndex)])
        guard let colon else {
            port = nil
            return
        }
        guard let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else { return nil }
        self.port = port
    }

    /// Whether two host names are the same, ignoring case and IPv6 brackets.
    static func sameName(_ left: String, _ right: String) -> Bool {
        let bare = { (name: String) in name.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased() }
        return bare(left) == bare(right)
    }
}
