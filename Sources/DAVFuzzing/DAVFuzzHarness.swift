import Accounts
import CardDAV
import ContactsStore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTP
import StoreOpening

/// Fuzz inputs as CardDAV requests, answered in-process by a real server over a real store:
/// the first byte picks the method and path, the rest is the request body. Used by the
/// libFuzzer target (scripts/fuzz.sh dav) and by the tests that replay its corpus.
public final class DAVFuzzHarness: Sendable {
    /// What the first byte of an input selects (modulo the count).
    public static let requests: [(method: String, path: String, depth: String)] = [
        ("REPORT", book, "0"), ("REPORT", book, "1"), ("PROPFIND", book, "1"), ("PROPFIND", book, "0"),
        ("PROPPATCH", book, "0"), ("MKCOL", "/dav/addressbooks/alice/other/", "0"), ("REPORT", "/dav/principals/alice/", "0"),
        ("PROPFIND", "/dav/", "0"), ("PUT", book + "fuzzed.vcf", "0"),
    ]
    static let book = "/dav/addressbooks/alice/contacts/"

    private let directory: String
    private let client: InProcessClient

    /// A fresh store in a temporary directory with user alice and two cards.
    public init() throws {
        directory = NSTemporaryDirectory() + "dav-fuzz-" + UUID().uuidString
        let store = try ContactStore(directory: directory)
        _ = try store.createUser(username: "alice", password: "password1")
        client = InProcessClient(responder: CardDAVServer(store: store, throttle: LoginThrottle(store: store), gate: PasswordGate(), log: { _ in }).responder())
        for (name, card) in [("a.vcf", "UID:a\r\nFN:Anna Berg\r\nTEL;TYPE=CELL:+1 555 0100\r\n"), ("z.vcf", "UID:z\r\nFN:张三\r\nEMAIL:z@example.com\r\n")] {
            _ = respond("PUT", Self.book + name, depth: "0", Array("BEGIN:VCARD\r\nVERSION:3.0\r\n\(card)END:VCARD\r\n".utf8))
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// What is wrong with the answer to `input`: nothing when it is a well-formed answer below
    /// 500 (a 207's body parses as XML). An error that does not render itself is a 500.
    public func problems(with input: [UInt8]) -> [String] {
        guard let selector = input.first else { return [] }
        let (method, path, depth) = Self.requests[Int(selector) % Self.requests.count]
        let response = respond(method, path, depth: depth, Array(input.dropFirst()))
        var problems: [String] = []
        if response.status >= 500 { problems.append("\(method) \(path) answered \(response.status)") }
        let parser = XMLParser(data: Data(response.body))
        parser.shouldProcessNamespaces = true
        if response.status == 207, !parser.parse() {
            // The lines are long: show the stretch around where the parser stopped.
            let line = String(decoding: response.body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst(max(parser.lineNumber - 1, 0)).first ?? ""
            let around = line.utf8.dropFirst(max(parser.columnNumber - 200, 0)).prefix(400)
            problems.append("\(method) \(path) answered a 207 that is not well-formed XML at line \(parser.lineNumber), column "
                + "\(parser.columnNumber): …\(String(decoding: around, as: UTF8.self))…")
        }
        return problems
    }

    private func respond(_ method: String, _ path: String, depth: String, _ body: [UInt8]) -> Response {
        let headers: HTTPHeaders = ["Authorization": "Basic " + Data("alice:password1".utf8).base64EncodedString(), "Depth": depth,
                                    "Content-Type": method == "PUT" ? "text/vcard" : "application/xml"]
        return client.send(method, path, headers: headers, body: body)
    }
}
