import ContactsCore
import ContactsStore
import Foundation
import HTTP

/// Builds the `WebContext` of each request (language, CSRF token, logged-in user), refuses
/// state-changing requests without the right CSRF token (403), switches the language on `?lang=`,
/// and adds the security headers to every response, error pages included.
struct WebContextMiddleware: Middleware {
    let store: ContactStore
    let csrfKey: [UInt8]

    static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; script-src 'self'; style-src 'self'; "
            + "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
    ]

    func handle(_ request: Request, next: any Responder) throws -> Response {
        var response = try respond(to: request, next: next)
        for (name, value) in Self.securityHeaders { response.headers[name] = value }
        return response
    }

    private func respond(to request: Request, next: any Responder) throws -> Response {
        if request.method == "GET", let choice = request.query["lang"], let language = Language(rawValue: choice) {
            var response = Response.redirect(to: request.path.hasPrefix("/") ? request.path : "/")
            response.setCookie(Cookies.make(Cookies.language, language.rawValue, maxAge: Cookies.preferenceLifetime, for: request))
            return response
        }
        var request = request
        let existingCSRF = request.cookies[Cookies.csrf].flatMap { $0.count == 43 ? $0 : nil }
        let csrfCookie = existingCSRF ?? SecretToken.make()
        let sessionToken = request.cookies[Cookies.session]
        let user = try sessionToken.flatMap { try store.user(forToken: $0, kind: .session) }
        let context = WebContext(strings: Strings(language: Self.language(of: request)),
                                 csrfToken: SecretToken.mac(csrfCookie, key: csrfKey),
                                 user: user, scope: try user.map(store.defaultAddressBook(for:)),
                                 sessionToken: user == nil ? nil : sessionToken)
        request.attributes[WebContextKey.self] = context
        var response: Response
        if !["GET", "HEAD"].contains(request.method), !hasValidToken(request, expected: context.csrfToken) {
            response = ErrorPage.response(status: 403, message: context.strings.forbidden, context: context)
        } else {
            do {
                response = try next.respond(to: request)
            } catch let error as any HTTPResponseConvertibleError {
                // Rendered here, with the context, so that error pages get the headers and cookie too.
                response = error.response(for: request)
            }
        }
        if existingCSRF == nil {
            response.setCookie(Cookies.make(Cookies.csrf, csrfCookie, maxAge: nil, for: request))
        }
        return response
    }

    private func hasValidToken(_ request: Request, expected: String) -> Bool {
        let sent = request.headers["X-CSRF-Token"] ?? Self.formValue("csrf", in: request)
        return sent.map { SecretToken.equal($0, expected) } ?? false
    }

    /// A field of an urlencoded or multipart form body.
    static func formValue(_ name: String, in request: Request) -> String? {
        if (request.headers["Content-Type"] ?? "").lowercased().hasPrefix("multipart/form-data") {
            return (try? request.multipartParts())?.first { $0.name == name && $0.filename == nil }?.text
        }
        return request.formFields()[name]
    }

    /// The cookie's language, else the first of Accept-Language's that the app speaks, else English.
    static func language(of request: Request) -> Language {
        if let chosen = request.cookies[Cookies.language].flatMap(Language.init(rawValue:)) { return chosen }
        let ranked = (request.headers["Accept-Language"] ?? "").split(separator: ",").enumerated().map { index, item in
            let parts = item.split(separator: ";")
            let tag = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            let quality = parts.dropFirst().first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("q=") }
                .flatMap { Double($0.trimmingCharacters(in: .whitespaces).dropFirst(2)) } ?? 1
            return (tag: tag, quality: quality, index: index)
        }.sorted { ($0.quality, -$0.index) > ($1.quality, -$1.index) }
        for item in ranked where item.quality > 0 {
            if item.tag.hasPrefix("zh") { return .chinese }
            if item.tag.hasPrefix("en") { return .english }
        }
        return .english
    }
}
