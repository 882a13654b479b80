import Accounts
import ContactsStore
import Foundation
import SQLite
import HTTP
import StoreOpening
import Testing
import TestSupport
import WebApp
import Wording

/// The web app answering in process as `contacts serve` does, over a fresh store in a temporary directory.
final class RunningApp {
    /// The port in the Host sessions send, as a browser would for a server at 127.0.0.1 on it.
    static let port = 8080
    static let host = "127.0.0.1:\(port)"

    let directory = NSTemporaryDirectory() + "webapp-test-" + UUID().uuidString
    let store: ContactStore
    let http: InProcessClient
    /// The app's login throttle, for tests that fail logins from elsewhere.
    let throttle: LoginThrottle

    /// - Parameter log: records the store's transactions and statements, for tests that count them.
    /// - Parameter publicURL: the server's public address (`--public-url`), else none.
    init(setupCode: String? = nil, log: StatementLog? = nil, publicURL: String? = nil) throws {
        if let log {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = (directory as NSString).appendingPathComponent(ContactStore.fileName)
            store = try ContactStore(clock: Date.init) { LoggedDatabase(try DatabaseQueue(path: path, migrator: ContactStore.migrator), log: log) }
        } else {
            store = try ContactStore(directory: directory)
        }
        throttle = LoginThrottle(store: store)
        let app = WebApp(store: store, setupCode: setupCode, throttle: throttle, publicURL: publicURL)
        http = InProcessClient(responder: try app.responder())
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Creates a user with one contact-less address book.
    @discardableResult
    func addUser(_ name: String, password: String = "password1") throws -> User {
        try store.createUser(username: name, password: password)
    }

    /// The usual cast: users alice and bob, and alice logged in, on `path` (which sets the
    /// CSRF cookie her forms need).
    func aliceBesideBob(on path: String) throws -> WebSession {
        try addUser("alice")
        try addUser("bob")
        let alice = session()
        try alice.logIn("alice", "password1")
        try alice.get(path)
        return alice
    }

    /// The default address book of the user called `name`.
    func defaultBook(of name: String) throws -> AddressBookScope {
        try store.defaultAddressBook(for: try store.user(named: name))
    }

    func session(acceptLanguage: String = "en") -> WebSession {
        WebSession(http: http, acceptLanguage: acceptLanguage)
    }
}

/// A browser-like client: a cookie jar, redirects not followed, the CSRF token taken from the last
/// page as a browser form would carry it.
final class WebSession {
    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: String

        func header(_ name: String) -> String? { headers[name] }
        func headers(_ name: String) -> [String] { headers.values(name) }
    }

    let http: InProcessClient
    let acceptLanguage: String
    /// The cookies the app set, sent with every request.
    var jar = CookieJar()
    private(set) var csrf = ""

    init(http: InProcessClient, acceptLanguage: String) {
        self.http = http
        self.acceptLanguage = acceptLanguage
    }

    @discardableResult
    func get(_ path: String) throws -> Reply { try send("GET", path) }

    /// A urlencoded form POST; the CSRF token is added unless `csrf` is false. `headers` are
    /// extra request header lines (`Origin: …`).
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: Bool = true, headers: [String] = []) throws -> Reply {
        let all = (csrf ? [("csrf", self.csrf)] : []) + fields
        let body = all.map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        return try send("POST", path, body: body, headers: ["Content-Type: application/x-www-form-urlencoded"] + headers)
    }

    /// A request with `method` and a body sent as it is, with extra header lines that replace the
    /// browser's own of the same name (Host, Accept-Language, Cookie).
    @discardableResult
    func send(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws -> Reply {
        try send(method, path, body: Array((body ?? "").utf8), headers: headers)
    }

    /// A multipart form POST (the add, edit and import forms); files are (field, path) pairs.
    /// The CSRF token is added unless `csrf` is false.
    @discardableResult
    func postMultipart(_ path: String, _ fields: [(String, String)], files: [(String, String)] = [],
                       csrf: Bool = true, headers: [String] = []) throws -> Reply {
        let boundary = "----session-" + UUID().uuidString
        var body: [UInt8] = []
        for (name, value) in (csrf ? [("csrf", self.csrf)] : []) + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (name, file) in files {
            let filename = (file as NSString).lastPathComponent
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n".utf8)
                + Array("Content-Type: application/octet-stream\r\n\r\n".utf8)
                + Array(try Data(contentsOf: URL(fileURLWithPath: file))) + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try send("POST", path, body: body, headers: ["Content-Type: multipart/form-data; boundary=\(boundary)"] + headers)
    }

    /// Opens a contact's edit page and returns the hidden fields its form carries of the version it
    /// was filled from (revision and base), HTML entities decoded, for a save as the browser makes it.
    func openEditForm(_ id: Int64) throws -> [(String, String)] {
        try Self.versionFields(try get("/contacts/\(id)/edit").body)
    }

    /// The hidden revision and base fields of a page's contact form.
    static func versionFields(_ page: String) throws -> [(String, String)] {
        try ["revision", "base"].map { name in
            let value = try #require(page.firstMatch(of: try Regex(#"name="\#(name)" value="([^"]*)""#))?.output[1].substring)
            let text = String(value).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            return (name, text)
        }
    }

    /// Logs in through the login form.
    @discardableResult
    func logIn(_ account: String, _ password: String, remember: Bool = false, autoLogin: Bool = false) throws -> Reply {
        try get("/login")
        var fields = [("account", account), ("password", password)]
        if remember { fields.append(("remember", "on")) }
        if autoLogin { fields.append(("auto", "on")) }
        return try post("/login", fields)
    }

    private func send(_ method: String, _ path: String, body: [UInt8], headers lines: [String]) throws -> Reply {
        var headers: HTTPHeaders = ["Host": RunningApp.host, "Accept-Language": acceptLanguage]
        headers["Cookie"] = jar.headerValue
        for line in lines {
            let colon = try #require(line.firstIndex(of: ":"))
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let response = http.send(method, path, headers: headers, body: body)
        jar.update(from: response)
        let text = String(decoding: response.body, as: UTF8.self)
        if let range = text.range(of: #"name="csrf" value=""#), let end = text[range.upperBound...].firstIndex(of: "\"") {
            csrf = String(text[range.upperBound..<end])
        }
        return Reply(status: response.status, headers: response.headers, body: text)
    }

    /// A form value percent-encoded as a browser sends it (everything but letters, digits and `-._~`).
    private static func formEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "-._~").union(.init(charactersIn: "a"..."z"))
            .union(.init(charactersIn: "A"..."Z")).union(.init(charactersIn: "0"..."9"))) ?? value
    }
}
