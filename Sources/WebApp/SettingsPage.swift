import Accounts
import HTTP
import Wording

/// The Settings page, laid out as iOS Settings and Google's account pages are: the account at
/// the top, a group of rows leading to the pages that guard it (two-step verification, passkeys,
/// devices), then the browsers signed in to it, each but this one with Sign out, and Sign out
/// everywhere else.
enum SettingsPage {
    static let path = "/settings"

    /// A row leading to another page: its icon, its title, and a status at the end ("On", "2") when given.
    struct LinkRow {
        let id: String
        let href: String
        let icon: Icon
        let title: String
        var status: String?
    }

    /// The white glyphs on coloured squares that begin the rows, as iOS Settings draws them.
    enum Icon: String {
        case lock, key, phone

        var svg: String {
            let shape = switch self {
            case .lock: #"<rect x="5" y="10.5" width="14" height="9.5" rx="2" fill="currentColor"/><path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" fill="none" stroke="currentColor" stroke-width="2"/>"#
            case .key: #"<circle cx="8" cy="12" r="3.8" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M11.8 12H20.5M17.5 12v3M20.5 12v2.5" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>"#
            case .phone: #"<rect x="7" y="3" width="10" height="18" rx="2.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M11 17.5h2" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>"#
            }
            return #"<span class="settings-icon settings-icon-\#(rawValue)" aria-hidden="true"><svg viewBox="0 0 24 24" focusable="false">\#(shape)</svg></span>"#
        }
    }

    /// The rows of the Sign-in & Security group.
    /// - Parameters:
    ///   - twoStepOn: whether two-step verification is on (the row says On or Off).
    ///   - passkeys, devices: how many the account has (the rows show a count when there are any).
    static func securityRows(strings: any Catalogue, twoStepOn: Bool, passkeys: Int, devices: Int) -> [LinkRow] {
        let count = { (number: Int) in number > 0 ? String(number) : nil }
        return [LinkRow(id: "two-step-link", href: "/settings/two-step", icon: .lock, title: strings.twoStepVerification,
                        status: strings.twoStepStatus(twoStepOn)),
                LinkRow(id: "passkeys-link", href: "/settings/passkeys", icon: .key, title: strings.passkeys, status: count(passkeys)),
                LinkRow(id: "devices-link", href: DevicesPage.path, icon: .phone, title: strings.devices, status: count(devices))]
    }

    static func render(user: User, browsers: [SignedInBrowser], securityRows: [LinkRow], context: WebContext) -> String {
        let strings = context.strings
        let bar = #"<a class="bar-left" href="/contacts" id="back-button" role="button">\#(HTML.escape(strings.back))</a>\#(Layout.title(strings.settings))<div class="bar-right"></div>"#
        let initial = user.username.first.map { String($0).uppercased() } ?? "?"
        let othersForm = browsers.contains { !$0.isCurrent } ? """
            <form class="inset-form" method="post" action="\(signOutOthersPath)">\(context.csrfField)\
            <button type="submit" class="wide destructive" id="sign-out-others">\(HTML.escape(strings.signOutEverywhereElse))</button></form>
            """ : ""
        let main = """
            <section class="settings-account" aria-label="\(HTML.escape(strings.account))"><span class="avatar avatar-large" aria-hidden="true">\(HTML.escape(initial))</span>\
            <span class="settings-account-name" id="account-name">\(HTML.escape(user.username))</span></section>
            <section aria-labelledby="security-heading"><h2 class="group-label" id="security-heading">\(HTML.escape(strings.signInAndSecurity))</h2>
            <ul class="inset-list" id="security-rows">\(securityRows.map(linkRow).joined())</ul></section>
            <section aria-labelledby="browsers-heading"><h2 class="group-label" id="browsers-heading">\(HTML.escape(strings.signedInBrowsers))</h2>
            <ul class="inset-list" id="browsers">\(browsers.map { browserRow($0, context: context) }.joined())</ul>
            <p class="inset-footer">\(HTML.escape(strings.signedInBrowsersNote))</p>
            \(othersForm)</section>
            """
        return Layout.page(title: strings.settings, bodyClass: "settings-page", bar: bar, main: main, context: context)
    }

    /// Where a browser's Sign out posts, naming it by `SignedInBrowser.id`.
    static func signOutPath(_ id: Int64) -> String { "/settings/browsers/\(id)/sign-out" }

    static let signOutOthersPath = "/settings/browsers/sign-out-others"

    private static func linkRow(_ row: LinkRow) -> String {
        let status = row.status.map { #"<span class="inset-value">\#(HTML.escape($0))</span>"# } ?? ""
        return """
            <li class="inset-row"><a class="inset-link" id="\(row.id)" href="\(HTML.escape(row.href))">\(row.icon.svg)\
            <span class="inset-text"><span class="inset-title">\(HTML.escape(row.title))</span></span>\(status)<span class="chevron" aria-hidden="true"></span></a></li>
            """
    }

    /// A browser: its name from the User-Agent ("Chrome on macOS"), its address, and "This
    /// browser" or when it was last active and Sign out.
    private static func browserRow(_ browser: SignedInBrowser, context: WebContext) -> String {
        let strings = context.strings
        let name = displayName(of: browser, strings: strings)
        let when = browser.isCurrent
            ? #"<span class="inset-detail this-browser">\#(HTML.escape(strings.thisBrowser))</span>"#
            : #"<span class="inset-detail browser-seen">\#(LocalTime.message(strings.lastActive, browser.lastSeen, context: context))</span>"#
        let address = browser.client.address.map { #"<span class="inset-detail browser-address">\#(HTML.escape($0))</span>"# } ?? ""
        let signOut = browser.isCurrent ? "" : """
            <form method="post" action="\(signOutPath(browser.id))">\(context.csrfField)\
            <button type="submit" class="inset-action destructive" aria-label="\(HTML.escape(strings.signOut)) · \(HTML.escape(name))">\(HTML.escape(strings.signOut))</button></form>
            """
        return """
            <li class="inset-row browser-row\(browser.isCurrent ? " current" : "")"><span class="inset-text">\
            <span class="inset-title browser-name">\(HTML.escape(name))</span>\(address)\(when)</span>\(signOut)</li>
            """
    }

    /// "Chrome on macOS", from the User-Agent.
    static func displayName(of browser: SignedInBrowser, strings: any Catalogue) -> String {
        let identity = BrowserIdentity(userAgent: browser.client.userAgent ?? "")
        return strings.browserTitle(identity.browser, on: identity.system)
    }
}
