import Accounts
import ContactsCore
import ContactsStore
import Foundation
import HTTP
import Wording

/// The CardDAV server (RFC 6352 over RFC 4918 WebDAV, RFC 6578 sync, RFC 6764 discovery): the
/// phone's own Contacts app syncs each user's address books through it. Every request but
/// OPTIONS needs HTTP Basic credentials, and every path is scoped to their user.
public final class CardDAVServer: Sendable {
    let store: ContactStore
    let authenticator: BasicAuthenticator
    let cardTexts = CardTextCache()
    let clock: @Sendable () -> Date
    let log: @Sendable (String) -> Void

    /// The largest vCard accepted by PUT (`CARDDAV:max-resource-size`): a 1 MiB photo in base64
    /// and the rest of a card.
    static let maximumResourceSize = 2_000_000
    /// The methods every DAV resource answers (RFC 4918 §10.1 via OPTIONS and 405's Allow).
    static let methods = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCOL, ACL"

    /// - Parameters:
    ///   - throttle, gate: shared with the web login, so failures anywhere count together.
    ///   - log: where failed logins are reported, one fail2ban-friendly line each, and failures
    ///     of the server's own, with their detail.
    public init(store: ContactStore, throttle: LoginThrottle, gate: PasswordGate,
                log: @escaping @Sendable (String) -> Void = HTTPServer.standardErrorLog,
                clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.clock = clock
        self.log = log
        authenticator = BasicAuthenticator(store: store, throttle: throttle, gate: gate, log: log, clock: clock)
    }

    /// Whether a request is the DAV server's rather than the web app's: anything under /dav/,
    /// the well-known address, and the WebDAV methods wherever a client sends them first.
    public static func handles(_ request: Request) -> Bool {
        request.path == "/dav" || request.path.hasPrefix(DAVPath.prefix) || request.path.hasPrefix("/.well-known/carddav")
            || davOnlyMethods.contains(request.method)
    }

    /// The methods only WebDAV sends.
    private static let davOnlyMethods: Set = ["PROPFIND", "PROPPATCH", "REPORT", "MKCOL", "ACL"]
    /// The methods that never write.
    private static let readOnlyMethods: Set = ["GET", "HEAD", "PROPFIND", "REPORT"]
    /// The methods whose first statement reads the address book or card they are about (see `answer(_:)`).
    private static let methodsReadingFirst: Set = ["GET", "HEAD", "PROPFIND", "REPORT", "PUT", "DELETE"]

    /// The responder for the requests `handles` accepts.
    public func responder() -> any Responder {
        ClosureResponder({ [self] request in respond(to: request) }, refusal: Self.refusal)
    }

    /// RFC 6352 §6.3.2.1: a card too large for the server to read at all is refused with the
    /// same CARDDAV:max-resource-size precondition as one merely over the card limit.
    static func refusal(of request: Request, status: Int) -> Response? {
        guard status == 413, request.method == "PUT", request.path.hasPrefix(DAVPath.prefix) else { return nil }
        return cardTooLarge.response(for: request)
    }

    /// The answer to a card over `maximumResourceSize`.
    static let cardTooLarge = DAVError(413, davWording.cardTooLarge(maximumBytes: maximumResourceSize),
                                       precondition: .cardDAV("max-resource-size"))

    /// The answer to a request, errors included, all the DAV way: errors of the method handlers
    /// as they render themselves, store errors as `DAVError(_:)` maps them, anything else logged
    /// and answered 500.
    private func respond(to request: Request) -> Response {
        do {
            return try answer(request)
        } catch {
            if let error = error as? any HTTPResponseConvertibleError { return error.response(for: request) }
            if let error = error as? StoreError, let answer = DAVError(error) { return answer.response(for: request) }
            log(LogText.failure(of: request, String(describing: error)))
            return DAVError.internalError.response(for: request)
        }
    }

    private func answer(_ request: Request) throws -> Response {
        // RFC 6764 §5: the well-known URI (and a bare host) lead to the DAV root.
        let underRoot = request.path == "/dav" || request.path.hasPrefix(DAVPath.prefix)
        if request.path.hasPrefix("/.well-known/carddav") || !underRoot {
            if request.method == "OPTIONS" { return options() }
            return Response(status: 301, headers: ["Location": DAVPath.prefix])
        }
        if request.method == "OPTIONS" { return options(at: DAVPath(request.path)) }
        // Credentials verified earlier are confirmed against the account's credentials
        // generation: a request that reads, and a PUT or DELETE (which read their address book
        // before they write), does it in the statement that reads its address book (or card);
        // any other write before it runs. Should they have changed, they are verified again and
        // the request answered anew.
        let confirmsByReading = Self.methodsReadingFirst.contains(request.method)
        do {
            return try answer(request, login: authenticator.login(for: request), confirmsByReading: confirmsByReading)
        } catch is CredentialsChanged {
            return try answer(request, login: authenticator.login(for: request, trustingCache: false), confirmsByReading: confirmsByReading)
        }
    }

    private func answer(_ request: Request, login: BasicAuthenticator.Login, confirmsByReading: Bool) throws -> Response {
        let credentials = PendingCredentials(login)
        if !confirmsByReading { try credentials.confirmIfPending(with: store, user: login.user) }
        do {
            // Who makes the changes, for the history: only methods that may write have any.
            var response = try Self.readOnlyMethods.contains(request.method)
                ? dispatch(request, user: login.user, credentials: credentials)
                : ChangeClient.$current.withValue(Self.client(of: request, login: login)) {
                    try dispatch(request, user: login.user, credentials: credentials)
                }
            try credentials.confirmIfPending(with: store, user: login.user)
            response.headers["Cache-Control"] = response.headers["Cache-Control"] ?? "no-store"
            return response
        } catch let error where !(error is CredentialsChanged) {
            // Not even an error goes out to credentials not confirmed.
            try credentials.confirmIfPending(with: store, user: login.user)
            throw error
        }
    }

    /// Who the history says made the request's changes: the app password's device, or the
    /// account's own password, with the client's User-Agent.
    static func client(of request: Request, login: BasicAuthenticator.Login) -> ChangeClient {
        let userAgent = request.headers["User-Agent"]
        guard let device = login.device else {
            return ChangeClient(kind: .carddav, key: "password:\(login.user.id)", name: "", userAgent: userAgent)
        }
        return ChangeClient(kind: .carddav, key: "app-password:\(device.id)", name: device.name, userAgent: userAgent)
    }

    private func dispatch(_ request: Request, user: User, credentials: PendingCredentials) throws -> Response {
        guard let path = DAVPath(request.path) else {
            // RFC 6352 §5.2: an address book holds cards, never collections.
            if request.method == "MKCOL" { throw DAVError(403, davWording.booksHoldCardsOnly) }
            throw DAVError(404, davWording.nothingAt(request.path))
        }
        let representation = try CardRepresentation(userAgent: request.headers["User-Agent"]) { try store.phoneticNames(for: user) }
        let context = DAVContext(server: self, request: request, user: user, path: path, representation: representation,
                                 credentials: credentials)
        try context.checkOwner()
        try context.checkSharedBookPrivilege()
        switch request.method {
        case "PROPFIND": return try context.propfind()
        case "PROPPATCH": return try context.proppatch()
        case "REPORT": return try context.report()
        case "GET", "HEAD": return try context.get()
        case "PUT": return try context.put()
        case "DELETE": return try context.delete()
        case "MKCOL": return try context.mkcol()
        case "ACL": return try context.acl()
        default: throw DAVError(405, davWording.methodNotSupported(request.method))
        }
    }

    /// RFC 4918 §10.1, RFC 3744 §7.2, RFC 6352 §6.1: the compliance classes and methods; RFC
    /// 5689 §3.1: `extended-mkcol` where it is used, the home and the address books' URIs.
    private func options(at path: DAVPath? = nil) -> Response {
        let mkcol: Bool = switch path {
        case .home?, .addressBook?: true
        default: false
        }
        return Response(status: 200, headers: ["DAV": "1, 3, access-control, addressbook" + (mkcol ? ", extended-mkcol" : ""),
                                               "Allow": Self.methods, "Content-Length": "0"])
    }
}
