@testable import ContactsCLI
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

/// The lines `contacts serve` starts with: where it listens and the first-run setup link, never
/// a wildcard address (`0.0.0.0`, `::`) no one can open, but the machine's own addresses, or the
/// public address when one is given.
@Suite struct ServeStartupLinesTests {
    let cli = CLIRunner()

    /// Starts `serve` on a fresh data directory (so it prints the setup link) and runs `body`
    /// with its lines up to that link and its port while it runs; stops it then.
    private func withServer(_ options: [String], environment: [String: String] = [:],
                            _ body: (_ lines: [String], _ port: Int) throws -> Void) throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        server.arguments = ["--data", cli.dataDirectory, "serve", "--port", "0"] + options
        server.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
            cli.removeData()
        }
        var text = ""
        while !text.contains("/setup?code=") || !text.hasSuffix("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init)
        try body(lines, try #require(lines.first?.split(separator: ":").last.flatMap { Int($0) }, "\(lines)"))
    }

    @Test(arguments: ["0.0.0.0", "::"])
    func aWildcardHostIsPrintedAsTheMachinesOwnAddresses(host: String) throws {
        try withServer(["--host", host]) { lines, port in
            let bases = ListeningAddresses.bases(scheme: "http", host: host, port: port)
            #expect(lines == bases.map { "Listening on \($0)" } + [lines.last ?? ""], "\(lines)")
            #expect(lines.last?.hasPrefix("Setup: \(bases[0])/setup?code=") == true, "the first address, another device's to open")
            #expect(!lines.contains { $0.contains("0.0.0.0") || $0.contains("[::]") }, "\(lines)")
            #expect(lines.contains("Listening on http://127.0.0.1:\(port)"), "loopback comes too")
            // Every IPv4 address printed is one the server answers on.
            for base in bases where !base.contains("[") {
                let address = String(base.dropFirst("http://".count).split(separator: ":")[0])
                let client = try RawHTTPClient(host: address, port: port)
                client.send("GET /login HTTP/1.1\r\nHost: \(address)\r\nConnection: close\r\n\r\n")
                #expect(try client.readResponse().status == 200, "\(base)")
            }
        }
    }

    @Test func theSetupLinkUsesThePublicAddressWhenOneIsGiven() throws {
        try withServer(["--host", "0.0.0.0", "--public-url", "https://contacts.example.org/"]) { lines, _ in
            #expect(lines.last?.hasPrefix("Setup: https://contacts.example.org/setup?code=") == true, "\(lines)")
            #expect(!lines.contains { $0.contains("0.0.0.0") }, "\(lines)")
        }
        try withServer(["--host", "::"], environment: ["CONTACTS_PUBLIC_URL": "https://book.example.net"]) { lines, _ in
            #expect(lines.last?.hasPrefix("Setup: https://book.example.net/setup?code=") == true, "\(lines)")
        }
    }

    @Test func aNamedHostIsPrintedAsItIs() throws {
        try withServer(["--host", "127.0.0.1"]) { lines, port in
            #expect(lines.first == "Listening on http://127.0.0.1:\(port)" && lines.count == 2, "\(lines)")
        }
    }

    @Test func theMachinesAddressesComeInTheOrderAnotherDeviceCanReachThem() {
        let interfaces = [
            ListeningAddresses.Interface(address: "127.0.0.1", isIPv6: false, isLoopback: true),
            ListeningAddresses.Interface(address: "::1", isIPv6: true, isLoopback: true),
            ListeningAddresses.Interface(address: "10.0.0.5", isIPv6: false, isLoopback: false),
            ListeningAddresses.Interface(address: "fe80::1%eth0", isIPv6: true, isLoopback: false),
            ListeningAddresses.Interface(address: "2001:db8::5", isIPv6: true, isLoopback: false),
            ListeningAddresses.Interface(address: "192.168.1.9", isIPv6: false, isLoopback: false),
            ListeningAddresses.Interface(address: "10.0.0.5", isIPv6: false, isLoopback: false),
        ]
        #expect(ListeningAddresses.bases(scheme: "http", host: "0.0.0.0", port: 80, interfaces: interfaces)
                == ["http://10.0.0.5:80", "http://192.168.1.9:80", "http://127.0.0.1:80"])
        #expect(ListeningAddresses.bases(scheme: "https", host: "::", port: 8443, interfaces: interfaces)
                == ["https://10.0.0.5:8443", "https://192.168.1.9:8443", "https://[2001:db8::5]:8443", "https://127.0.0.1:8443",
                    "https://[::1]:8443"])
        #expect(ListeningAddresses.bases(scheme: "http", host: "0.0.0.0", port: 80, interfaces: []) == ["http://127.0.0.1:80"])
        #expect(ListeningAddresses.bases(scheme: "http", host: "::1", port: 80, interfaces: interfaces) == ["http://[::1]:80"])
        #expect(ListeningAddresses.bases(scheme: "http", host: "contacts.lan", port: 80, interfaces: interfaces) == ["http://contacts.lan:80"])
    }
}
