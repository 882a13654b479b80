import Accounts
import CardDAV
import ContactsStore
import Foundation
import HTTP
import StoreOpening
import TestSupport

/// The CardDAV server, answering in process as `contacts serve` does, over a fresh store in a
/// temporary directory, with users alice and bob (password "password1").
final class DAVTestServer {
    let directory = NSTemporaryDirectory() + "carddav-test-" + UUID().uuidString
    let store: ContactStore
    let alice: User
    let bob: User
    /// The login throttle, for tests that fail logins from elsewhere.
    let throttle: LoginThrottle
    /// Requests to the server, through the path `HTTPServer` answers them on.
    let http: InProcessClient
    private let failedLogins: LogRecorder

    init() throws {
        store = try ContactStore(directory: directory)
        throttle = LoginThrottle(store: store)
        alice = try store.createUser(username: "alice", password: "password1")
        bob = try store.createUser(username: "bob", password: "password1")
        let recorder = LogRecorder()
        failedLogins = recorder
        let dav = CardDAVServer(store: store, throttle: throttle, gate: PasswordGate(), log: recorder.sink)
        http = InProcessClient(responder: dav.responder())
    }

    /// The lines the DAV server logged (failed logins).
    var log: [String] { failedLogins.lines }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A client with these credentials (alice's by default).
    func client(_ user: String = "alice", password: String = "password1") -> DAVClient {
        DAVClient(http: http, user: user, password: password)
    }
}

/// A minimal WebDAV client: Basic auth, no redirects followed.
struct DAVClient {
    let http: InProcessClient
    let user: String
    let password: String

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: String

        func header(_ name: String) -> String? { headers[name] }
    }

    /// Sends one request; a body without a Content-Type goes as XML.
    func send(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
              authenticated: Bool = true) throws -> Reply {
        var fields = HTTPHeaders(headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        if authenticated { fields["Authorization"] = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
        if body != nil, fields["Content-Type"] == nil { fields["Content-Type"] = "application/xml; charset=utf-8" }
        let response = http.send(method, path, headers: fields, body: Array((body ?? "").utf8))
        return Reply(status: response.status, headers: response.headers, body: String(decoding: response.body, as: UTF8.self))
    }

    func propfind(_ path: String, depth: Int, _ properties: String) throws -> Reply {
        try send("PROPFIND", path, body: #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>"#
                    + properties + "</d:prop></d:propfind>", headers: ["Depth": String(depth)])
    }

    /// A REPORT with Depth 0, as multiget and sync-collection are sent (query: pass 1).
    func report(_ path: String, _ body: String, depth: String = "0") throws -> Reply {
        try send("REPORT", path, body: #"<?xml version="1.0"?>"# + body, headers: ["Depth": depth])
    }

    func put(_ path: String, _ card: String, headers: [String: String] = [:]) throws -> Reply {
        try send("PUT", path, body: card, headers: ["Content-Type": "text/vcard; charset=utf-8"].merging(headers) { $1 })
    }

    /// The book's sync token, from a PROPFIND; nil when the answer has none.
    func syncToken(of book: String) throws -> String? {
        elementTexts("d:sync-token", in: try propfind(book, depth: 0, "<d:sync-token/>").body).first
    }

    /// The hrefs a sync-collection of the book from `token` reports, each "written" or "removed".
    func syncChanges(_ book: String, since token: String) throws -> [String: String] {
        let reply = try syncCollection(book, since: token)
        guard reply.status == 207 else { return ["status": String(reply.status)] }
        var found: [String: String] = [:]
        for response in elementTexts("d:response", in: reply.body) {
            guard let href = elementTexts("d:href", in: response).first else { continue }
            found[href] = response.contains("404") ? "removed" : "written"
        }
        return found
    }

    /// A sync-collection REPORT (RFC 6578) of the book from `token`, asking for ETags.
    func syncCollection(_ book: String, since token: String) throws -> Reply {
        try report(book, """
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>
            <d:prop><d:getetag/></d:prop></d:sync-collection>
            """)
    }
}

/// The texts of every `<name>` element in `body`, in order.
func elementTexts(_ name: String, in body: String) -> [String] {
    body.components(separatedBy: "<\(name)>").dropFirst().compactMap { $0.components(separatedBy: "</\(name)>").first }
}

/// A vCard 3.0 card with these content lines.
func vcard(_ lines: String...) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
}
