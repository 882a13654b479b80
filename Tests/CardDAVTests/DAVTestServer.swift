import CardDAV
import ContactsStore
import Foundation
import HTTP

/// The CardDAV server on a real HTTP server on an ephemeral port, over a fresh store in a
/// temporary directory, with users alice and bob (password "password1").
final class DAVTestServer {
    let directory = NSTemporaryDirectory() + "carddav-test-" + UUID().uuidString
    let store: ContactStore
    let server: HTTPServer
    let alice: User
    let bob: User
    /// The login throttle, for tests that fail logins from elsewhere.
    let throttle = LoginThrottle()
    private let logSink: LogLines

    init() throws {
        store = try ContactStore(directory: directory)
        alice = try store.createUser(username: "alice", password: "password1")
        bob = try store.createUser(username: "bob", password: "password1")
        let lines = LogLines()
        let dav = CardDAVServer(store: store, throttle: throttle, gate: PasswordGate(), log: { lines.append($0) })
        logSink = lines
        server = HTTPServer(configuration: .init(port: 0), responder: dav.responder(), log: { _ in })
        try server.start()
    }

    /// The lines the DAV server logged (failed logins).
    var log: [String] { logSink.lines }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A client with these credentials (alice's by default).
    func client(_ user: String = "alice", password: String = "password1") -> DAVClient {
        DAVClient(base: "http://127.0.0.1:\(server.port)", user: user, password: password)
    }
}

/// Lines logged from server threads.
final class LogLines: @unchecked Sendable {
    // Unchecked: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

/// A minimal WebDAV client: one request at a time through curl, Basic auth, no redirects followed.
struct DAVClient {
    let base: String
    let user: String
    let password: String

    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: String

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// Sends one request with curl (which, unlike URLSession here, hands back a 401 as it is).
    func send(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
              authenticated: Bool = true) throws -> Reply {
        let headerFile = NSTemporaryDirectory() + "dav-headers-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: headerFile) }
        var arguments = ["-sS", "-D", headerFile, "-X", method, "--max-time", "20", "-H", "Expect:"]
        if authenticated { arguments += ["-u", "\(user):\(password)"] }
        var allHeaders = headers
        if body != nil, allHeaders["Content-Type"] == nil { allHeaders["Content-Type"] = "application/xml; charset=utf-8" }
        for (name, value) in allHeaders { arguments += ["-H", "\(name): \(value)"] }
        if body != nil { arguments += ["--data-binary", "@-"] }
        arguments.append(base + path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data((body ?? "").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let head = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
        let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw URLError(.badServerResponse)
        }
        var replyHeaders: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            replyHeaders[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Reply(status: status, headers: replyHeaders, body: String(decoding: data, as: UTF8.self))
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
}

/// A vCard 3.0 card with these content lines.
func vcard(_ lines: String...) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"
}
