import HTTP

/// The names and lifetimes of the web app's cookies.
enum Cookies {
    static let session = "pc_session"
    static let remember = "pc_remember"
    static let account = "pc_account"
    static let autoLogin = "pc_auto"
    static let language = "pc_lang"
    static let csrf = "pc_csrf"
    /// The last deletion of the mass deletion the list's banner was dismissed for (milliseconds).
    static let deletionsSeen = "pc_deletions_seen"
    /// The token of a login waiting for its second step (`AccountStore.startPendingLogin`).
    static let secondStep = "pc_second_step"

    static let sessionLifetime: Double = 12 * 3600
    static let rememberLifetime: Double = 30 * 24 * 3600
    static let preferenceLifetime = 365 * 24 * 3600

    /// A cookie for `request`: HttpOnly, SameSite=Lax, Secure when it came over TLS.
    static func make(_ name: String, _ value: String, maxAge: Int?, for request: Request) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, httpOnly: true, sameSite: .lax, secure: request.isSecure)
    }

    /// A cookie that deletes `name`.
    static func expire(_ name: String, for request: Request) -> Cookie {
        make(name, "", maxAge: 0, for: request)
    }
}
