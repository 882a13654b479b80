import Foundation
import HTTP
import StoreOpening
import TestSupport
import Testing
import Wording

/// `contacts serve` on the wire: the web app and the CardDAV server on one port, each refusing what the
/// server refuses (a header section or body over the limits) its own way, with an access-log line.
@Suite struct ServeCommandTests {
    let cli = CLIRunner()
    let server = Process()
    let log = NSTemporaryDirectory() + "contacts-serve-log-" + UUID().uuidString
    let port: Int

    init() throws {
        try cli.addUser("alice")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        server.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        server.arguments = ["--data", cli.dataDirectory, "serve", "--port", "0"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try server.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        port = try #require(line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                            "\(line)")
    }

    /// Stops the server and returns what it wrote to standard error.
    private func stop() throws -> [String] {
        server.terminate()
        server.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: log) }
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// Sends a request with a header section over the 16 KiB cap and libmicrohttpd's former 32 KiB of connection
    /// memory, within its 64 KiB now.
    private func oversizedHeaders(_ method: String, _ path: String) throws -> RawResponse {
        let client = try RawHTTPClient(port: port)
        client.send("\(method) \(path) HTTP/1.1\r\nHost: t\r\nAccept-Language: zh-CN\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n")
        return try client.readResponse()
    }

    @Test func theWebAppRefusesAnOversizedHeaderSectionWithItsOwnPage() throws {
        let page = try oversizedHeaders("GET", "/login")
        let lines = try stop()
        #expect(lines.contains { $0.contains(" 127.0.0.1 GET /login 431 ") }, "\(lines)")
        #expect(page.status == 431)
        #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(page.text.contains(#"class="error-page""#) && page.text.contains(#"<html lang="zh"#), "\(page.text)")
        #expect(page.text.contains("请求头太大"), "\(page.text)")
        #expect(page.headers["Content-Security-Policy"] != nil)
    }

    @Test func theDAVServerRefusesAnOversizedHeaderSectionAsPlainText() throws {
        let reply = try oversizedHeaders("PROPFIND", "/dav/")
        #expect(reply.status == 431)
        #expect(reply.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(reply.text == "431 Request Header Fields Too Large\n")
        let lines = try stop()
        #expect(lines.contains { $0.contains(" 127.0.0.1 PROPFIND /dav/ 431 ") }, "\(lines)")
    }

    @Test func theDAVServerRefusesACardOverTheBodyCapWithItsPrecondition() throws {
        let client = try RawHTTPClient(port: port)
        client.send("PUT /dav/addressbooks/alice/contacts/big.vcf HTTP/1.1\r\nHost: t\r\nContent-Length: \(20 * 1024 * 1024)\r\n\r\n")
        let reply = try client.readResponse()
        #expect(reply.status == 413)
        #expect(reply.text.contains("max-resource-size"), "\(reply.text)")
        let lines = try stop()
        #expect(lines.contains { $0.contains(" PUT /dav/addressbooks/alice/contacts/big.vcf 413 ") }, "\(lines)")
    }
}
