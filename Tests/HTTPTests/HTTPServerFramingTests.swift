import Foundation
import Synchronization
import Testing
import HTTP
import TestSupport

/// Requests whose body length could be read two ways (RFC 9112 §6.1, §6.3) are refused with 400 and the
/// connection closed, so nothing smuggled after them on the connection is ever read as a request.
@Suite struct HTTPServerFramingTests {
    /// Answers 200 with the path and body length, and records every path it sees.
    private final class Recorder: Responder {
        let paths = Mutex<[String]>([])
        func respond(to request: Request) throws -> Response {
            paths.withLock { $0.append(request.path) }
            return .text("\(request.path) got \(request.body.count)")
        }
    }

    /// A request that must never be answered: it travels inside the body of the refused one.
    private static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n"

    /// Sends `head` (its lines, without the blank line) and `body` with the smuggled request behind it, then
    /// checks that exactly one response came back, a 400 saying why, and that the connection was closed.
    private func expectRefused(_ head: String, body: String = "0\r\n\r\n", method: String = "POST",
                               version: String = "HTTP/1.1", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let recorder = Recorder()
        let server = try TestServer(.init(maxBodyBytes: 1024), responder: recorder)
        let client = try server.client(timeoutSeconds: 3)
        client.send("\(method) /up \(version)\r\nHost: t\r\n\(head)\r\n\r\n\(body)\(Self.smuggled)")
        let response = try client.readResponse()
        #expect(response.status == 400, sourceLocation: sourceLocation)
        #expect(response.headers["Connection"]?.lowercased() == "close", sourceLocation: sourceLocation)
        #expect(response.text.hasPrefix("The request's "), "\(response.text)", sourceLocation: sourceLocation)
        let rest = try client.readUntilClosed()
        #expect(rest.isEmpty, "after the 400: \(String(decoding: rest, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(recorder.paths.withLock { $0 }.isEmpty, sourceLocation: sourceLocation)
        #expect(server.log.lines.contains { $0.contains(" \(method) /up 400 ") }, "\(server.log.lines)",
                sourceLocation: sourceLocation)
        #expect(!server.log.lines.contains { $0.contains("/smuggled") }, sourceLocation: sourceLocation)
    }

    @Test func contentLengthWithChunkedTransferEncodingIsRefused() throws {
        try expectRefused("Content-Length: 5\r\nTransfer-Encoding: chunked")
        try expectRefused("Transfer-Encoding: chunked\r\nContent-Length: \(5 + Self.smuggled.utf8.count)")
        try expectRefused("Content-Length: 0\r\nTransfer-Encoding: chunked", method: "GET")
    }

    @Test func refusalExplainsTheAmbiguousLength() throws {
        let server = try TestServer(responder: Recorder())
        let client = try server.client(timeoutSeconds: 3)
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(response.text == "The request's length is ambiguous: it has both Content-Length and Transfer-Encoding.\n")
    }

    @Test func differingContentLengthsAreRefused() throws {
        try expectRefused("Content-Length: 0\r\nContent-Length: \(Self.smuggled.utf8.count)", body: "")
        try expectRefused("Content-Length: \(Self.smuggled.utf8.count)\r\nContent-Length: 0", body: "")
    }

    @Test func identicalContentLengthsAreRefusedToo() throws {
        try expectRefused("Content-Length: 3\r\nContent-Length: 3", body: "abc")
    }

    @Test func contentLengthsDifferingInNameCaseAreRefused() throws {
        try expectRefused("content-length: 3\r\nCONTENT-LENGTH: 0", body: "abc")
    }

    /// libmicrohttpd checks the first Content-Length itself (400, or 413 past 2^64); the server checks every one,
    /// and the one libmicrohttpd skips when Transfer-Encoding is present.
    @Test(arguments: ["+5", "-1", "5, 6", "0x10", "", "5 ", "5\t", "1_0", "99999999999999999999999", "18446744073709551616"])
    func malformedContentLengthIsRefused(value: String) throws {
        try expectRefused("Content-Length: 5\r\nContent-Length: \(value)", body: "abcde")
        try expectRefused("Transfer-Encoding: chunked\r\nContent-Length: \(value)")

        let recorder = Recorder()
        let server = try TestServer(.init(maxBodyBytes: 1024), responder: recorder)
        let client = try server.client(timeoutSeconds: 3)
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: \(value)\r\n\r\nabcde\(Self.smuggled)")
        let everything = String(decoding: try client.readUntilClosed(), as: UTF8.self)
        #expect(everything.hasPrefix("HTTP/1.1 400 ") || everything.hasPrefix("HTTP/1.1 413 "), "\(everything)")
        #expect(!everything.contains(" 200 OK"))
        #expect(recorder.paths.withLock { $0 }.isEmpty)
        // libmicrohttpd refuses a single malformed Content-Length itself; the access log still has the line.
        #expect(server.log.lines.contains { $0.contains(" - /up 400 - ") || $0.contains(" - /up 413 - ") }, "\(server.log.lines)")
    }

    @Test(arguments: ["chunked, identity", "gzip, chunked", "chunked, chunked", "xchunked", "chunked\t", "chunked ",
                      "chunked;x=1", "identity", "gzip", ""])
    func transferEncodingOtherThanChunkedIsRefused(value: String) throws {
        try expectRefused("Transfer-Encoding: \(value)")
    }

    @Test func transferEncodingInAnyLetterCaseIsChunked() throws {
        let recorder = Recorder()
        let server = try TestServer(responder: recorder)
        let client = try server.client()
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding:   ChUnKeD\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(try client.readResponse().text == "/up got 3")
    }

    @Test func repeatedTransferEncodingIsRefused() throws {
        try expectRefused("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked")
        try expectRefused("transfer-encoding: chunked\r\nTransfer-Encoding: identity")
    }

    @Test func transferEncodingInAnHTTP10RequestIsRefused() throws {
        try expectRefused("Connection: keep-alive\r\nTransfer-Encoding: chunked", version: "HTTP/1.0")
    }

    /// libmicrohttpd 0.9.75 keeps the space in the name, so it would not see a Content-Length at all.
    @Test func whitespaceBeforeTheColonIsRefused() throws {
        try expectRefused("Content-Length : 5", body: "abcde")
        try expectRefused("Transfer-Encoding\t: chunked")
        try expectRefused("X-Other : 1", body: "")
    }

    /// libmicrohttpd 0.9.75 appends a folded line to the header's name: `Content-Length:\r\n 5` becomes a
    /// header named `Content-Length5`.
    @Test func foldedContentLengthOrTransferEncodingIsRefused() throws {
        try expectRefused("Content-Length:\r\n 5", body: "abcde")
        try expectRefused("Content-Length: 5\r\n 0", body: "abcde")
        try expectRefused("Transfer-Encoding:\r\n chunked")
        try expectRefused("Transfer-Encoding: chunked\r\n\t, identity")
    }

    @Test func theConnectionClosesWhateverTheRespondersRefusalSays() throws {
        let responder = ClosureResponder({ _ in .text("handled") }, refusal: { _, status in
            var response = Response.text("own \(status)", status: status)
            response.headers["Connection"] = "keep-alive"
            return response
        })
        let server = try TestServer(responder: responder)
        let client = try server.client(timeoutSeconds: 3)
        client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
            + Self.smuggled)
        let response = try client.readResponse()
        #expect(response.status == 400 && response.text == "own 400")
        #expect(response.headers.values("Connection").map { $0.lowercased() } == ["close"])
        #expect(try client.readUntilClosed().isEmpty)
    }

    @Test func wellFormedRequestsPipelinedOnOneConnectionAreAllAnswered() throws {
        let recorder = Recorder()
        let server = try TestServer(responder: recorder)
        let client = try server.client()
        client.send("POST /one HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello"
            + "POST /two HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            + "GET /three HTTP/1.1\r\nHost: t\r\n\r\n")
        let answers = try (0..<3).map { _ in try client.readResponse() }
        #expect(answers.map(\.status) == [200, 200, 200])
        #expect(answers.map(\.text) == ["/one got 5", "/two got 3", "/three got 0"])
        #expect(answers.allSatisfy { $0.headers["Connection"] == nil })
        client.send("GET /four HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "/four got 0", "the connection stays open")
        #expect(recorder.paths.withLock { $0 } == ["/one", "/two", "/three", "/four"])
    }
}
