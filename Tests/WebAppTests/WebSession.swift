import ContactsStore
import Foundation
import HTTP
import WebApp

/// The web app on a real server on an ephemeral port, over a fresh store in a temporary directory.
final class RunningApp {
    let directory = NSTemporaryDirectory() + "webapp-test-" + UUID().uuidString
    let store: ContactStore
    let server: HTTPServer
    /// The app's login throttle, for tests that fail logins from elsewhere.
    let throttle = LoginThrottle()

    init(setupCode: String? = nil) throws {
        store = try ContactStore(directory: directory)
        let app = WebApp(store: store, setupCode: setupCode, throttle: throttle)
        server = HTTPServer(configuration: .init(port: 0), responder: try app.responder(), log: { _ in })
        try server.start()
    }

    deinit {
        server.stop()
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

    func session(acceptLanguage: String = "en") -> WebSession {
        WebSession(port: server.port, acceptLanguage: acceptLanguage)
    }
}

/// A browser-like client: curl with a cookie jar, redirects not followed, the CSRF token taken
/// from the last page as a browser form would carry it.
final class WebSession {
    struct Reply {
        let status: Int
        let headers: [(String, String)]
        let body: String

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        func headers(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
    }

    let port: Int
    let acceptLanguage: String
    let jar = NSTemporaryDirectory() + "cookies-" + UUID().uuidString
    private(set) var csrf = ""

    init(port: Int, acceptLanguage: String) {
        self.port = port
        self.acceptLanguage = acceptLanguage
    }

    deinit { try? FileManager.default.removeItem(atPath: jar) }

    @discardableResult
    func get(_ path: String) throws -> Reply { try send(["-X", "GET"], path) }

    /// A urlencoded form POST; the CSRF token is added unless `csrf` is false. `headers` are
    /// extra request header lines (`Origin: …`).
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: Bool = true, headers: [String] = []) throws -> Reply {
        let all = (csrf ? [("csrf", self.csrf)] : []) + fields
        return try send(headers.flatMap { ["-H", $0] } + all.flatMap { ["--data-urlencode", "\($0.0)=\($0.1)"] }, path)
    }

    /// A request with `method` and a body sent as it is (already urlencoded), with extra header lines.
    @discardableResult
    func send(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws -> Reply {
        try send(["-X", method] + headers.flatMap { ["-H", $0] } + (body.map { ["--data-binary", $0] } ?? []), path)
    }

    /// A multipart form POST (the add, edit and import forms); files are (field, path) pairs.
    /// The CSRF token is added unless `csrf` is false.
    @discardableResult
    func postMultipart(_ path: String, _ fields: [(String, String)], files: [(String, String)] = [],
                       csrf: Bool = true) throws -> Reply {
        let parts = (csrf ? [("csrf", self.csrf)] : []) + fields
        return try send(parts.flatMap { ["--form-string", "\($0.0)=\($0.1)"] } + files.flatMap { ["-F", "\($0.0)=@\($0.1)"] }, path)
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

    /// The value of a cookie in the jar.
    func cookie(_ name: String) -> String? {
        guard let text = try? String(contentsOfFile: jar, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 7 && fields[5] == name ? String(fields[6]) : nil
        }.last
    }

    private func send(_ arguments: [String], _ path: String) throws -> Reply {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-i", "--path-as-is", "-b", jar, "-c", jar, "-H", "Accept-Language: \(acceptLanguage)"]
            + arguments + ["http://127.0.0.1:\(port)\(path)"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let split = text.range(of: "\r\n\r\n") ?? text.range(of: "\n\n")!
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = String(text[split.upperBound...])
        if let range = body.range(of: #"name="csrf" value=""#), let end = body[range.upperBound...].firstIndex(of: "\"") {
            csrf = String(body[range.upperBound..<end])
        }
        return Reply(status: status, headers: headers, body: body)
    }
}
