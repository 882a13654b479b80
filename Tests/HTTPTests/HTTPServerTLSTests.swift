import Foundation
import Testing
import HTTP
import TestSupport

@Suite struct HTTPServerTLSTests {
    /// A fresh self-signed certificate and key for localhost, made with the openssl CLI.
    private static func selfSignedPEM() throws -> (certificate: String, key: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("http-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificate = directory.appendingPathComponent("cert.pem")
        let key = directory.appendingPathComponent("key.pem")
        let status = try run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                                                  "-subj", "/CN=localhost", "-keyout", key.path, "-out", certificate.path]).status
        #expect(status == 0)
        return (try String(contentsOf: certificate, encoding: .utf8), try String(contentsOf: key, encoding: .utf8))
    }

    private static func run(_ tool: String, _ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe(), standardInput = Pipe()
        process.standardInput = standardInput
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private let responder = ClosureResponder { request in .text("secure=\(request.isSecure)") }

    @Test func servesHTTPSWhenGivenACertificateAndKey() throws {
        let pem = try Self.selfSignedPEM()
        let server = try TestServer(.init(tlsCertificatePEM: pem.certificate, tlsKeyPEM: pem.key), responder: responder)
        // openssl's client writes what the server sends, the HTTP response as it came, to standard output.
        let result = try Self.run("/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(server.port)", "-quiet"],
                                  input: "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("HTTP/1.1 200"), "\(result.output)")
        #expect(result.output.hasSuffix("\r\n\r\nsecure=true"))
        #expect(result.output.contains("\r\nStrict-Transport-Security: max-age=31536000\r\n"), "\(result.output)")
    }

    @Test func plainHTTPIsNotServedOnATLSPort() throws {
        let pem = try Self.selfSignedPEM()
        let server = try TestServer(.init(tlsCertificatePEM: pem.certificate, tlsKeyPEM: pem.key), responder: responder)
        let client = try server.client(timeoutSeconds: 3)
        client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(throws: (any Error).self) { try client.readResponse() }
    }

    @Test func invalidKeyMaterialFailsToStartWithAReason() {
        let server = HTTPServer(configuration: .init(port: 0, tlsCertificatePEM: "not a cert", tlsKeyPEM: "not a key"),
                                responder: responder, log: { _ in })
        #expect {
            try server.start()
        } throws: { error in
            guard case HTTPServerError.startFailed(let reason) = error else { return false }
            return reason.hasPrefix("libmicrohttpd did not start: ") && reason != "libmicrohttpd did not start: unknown reason"
        }
    }
}
