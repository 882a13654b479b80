import Accounts
import ContactsStore
import HTTP
import Wording

/// Who made a change, as the web app records it and as its pages name it.
enum ChangeClientNames {
    /// The client of a logged-in browser's requests: grouped by its session, under a key that
    /// does not give the session's token away (an HMAC of it under the server's `key`), and
    /// named after the browser and system of its User-Agent ("Chrome on macOS"; empty when it
    /// tells neither).
    static func webClient(of request: Request, session: String, key: [UInt8]) -> ChangeClient {
        let userAgent = request.headers["User-Agent"]
        let identity = BrowserIdentity(userAgent: userAgent ?? "")
        let name = identity.browser == nil && identity.system == nil
            ? "" : Language.english.catalogue.browser(identity.browser, on: identity.system)
        return ChangeClient(kind: .web, key: "session:" + SecretToken.mac(session, key: key).prefix(22), name: name,
                            userAgent: userAgent)
    }

    /// The client in the page's language: a browser by its User-Agent, a CardDAV client by its
    /// app password's device, else what it is ("the command line"); `isDevice` when that is a
    /// name of its own.
    static func name(of client: ChangeClient, strings: any Catalogue) -> (text: String, isDevice: Bool) {
        switch client.kind {
        case .web:
            let identity = BrowserIdentity(userAgent: client.userAgent ?? "")
            return (strings.browser(identity.browser, on: identity.system), identity.browser != nil || identity.system != nil)
        case .carddav: return client.name.isEmpty ? (strings.cardDAVClient, false) : (client.name, true)
        case .cli: return (strings.commandLine, false)
        case .server: return (strings.theServer, false)
        }
    }
}
