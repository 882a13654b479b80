import HTTP

/// The page a logged-out person asked for, carried through the login page (`/login?next=…`) so
/// that logging in, by hand or automatically, ends on it. Only a path of this site is ever
/// followed: never another site (`//host`, `/\host`, `https:…`), never control characters.
enum ReturnPath {
    /// The query parameter and form field that carry it.
    static let field = "next"

    /// Where a request goes when it needs a login: the login page, asked to come back to the
    /// page requested when that was a page (a GET the page's script did not send).
    static func login(after request: Request) -> String {
        guard request.method == "GET", !request.isScripted, let path = checked(target(of: request)), path != "/" else {
            return "/login"
        }
        return "/login?\(field)=" + HTML.urlComponent(path)
    }

    /// `path` when it is a path of this site, else nil: it begins with one `/` (not `//`), holds
    /// only visible ASCII (no backslash, which browsers read as `/`, no spaces or control
    /// characters) and is at most 2,048 characters long.
    static func checked(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.dropFirst().hasPrefix("/"), path.utf8.count <= 2_048,
              path.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return nil }
        return path
    }

    /// The request's path and query as the browser can ask for them again.
    private static func target(of request: Request) -> String {
        let query = request.query.sorted { $0.key < $1.key }
            .map { HTML.urlComponent($0.key) + "=" + HTML.urlComponent($0.value) }.joined(separator: "&")
        return request.rawPath + (query.isEmpty ? "" : "?" + query)
    }
}
