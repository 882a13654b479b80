import Foundation
import HTTP

/// A response read off a raw socket.
public struct RawResponse {
    public let status: Int
    public let headers: HTTPHeaders
    public let body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why a raw read or connect failed.
public enum RawHTTPClientError: Error, Equatable {
    case connectFailed(Int32)
    case closed
    case timedOut
    case malformed(String)
}

/// A blocking POSIX socket client for what only the wire shows: chunked and oversized uploads,
/// header floods, dripping bytes, several requests on one connection.
public final class RawHTTPClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to host:port (an IPv4 address, 127.0.0.1 unless given); reads give up after `timeoutSeconds`.
    public init(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 5) throws {
        fd = try Self.connectedSocket(host: host, port: port, timeoutSeconds: timeoutSeconds)
    }

    /// A socket connected to host:port, closed again when the connection fails. Made before
    /// the client exists, so a failed connection is closed here only: a client whose initializer
    /// threw after storing the socket would close it a second time in `deinit`, and that number may
    /// by then be another thread's (a server's wake-up channel).
    private static func connectedSocket(host: String, port: Int, timeoutSeconds: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPClientError.connectFailed(errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let reason = errno
            close(fd)
            throw RawHTTPClientError.connectFailed(reason)
        }
        return fd
    }

    deinit {
        close(fd)
    }

    /// Closes the connection from this side.
    public func disconnect() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Writes all bytes; false once the server has closed or reset the connection.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Writes the text as UTF-8.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Reads one response; HEAD responses carry no body whatever their Content-Length says.
    public func readResponse(toHead: Bool = false) throws -> RawResponse {
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffer.indices.dropLast(3).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
            if headEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + separator.count)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw RawHTTPClientError.malformed(head) }
        var headers = HTTPHeaders()
        for line in lines {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2 { headers.add(String(pair[0]), pair[1].trimmingCharacters(in: .whitespaces)) }
        }
        let length = toHead ? 0 : Int(headers["Content-Length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Whether the server closes the connection (EOF or reset) before the read timeout; any data is discarded.
    public func closedByServer() -> Bool {
        while true {
            do { try fill() } catch RawHTTPClientError.closed { return true } catch { return false }
        }
    }

    /// Everything still to come, the bytes already buffered included, up to the server closing the
    /// connection; throws `timedOut` if it keeps the connection open.
    public func readUntilClosed() throws -> [UInt8] {
        while true {
            do { try fill() } catch RawHTTPClientError.closed { break }
        }
        defer { buffer = [] }
        return buffer
    }

    /// Whether any bytes arrived before the connection closed or the timeout passed.
    public var hasBufferedData: Bool { !buffer.isEmpty }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffer += chunk[..<count]
            return
        }
        if count == 0 || errno == ECONNRESET { throw RawHTTPClientError.closed }
        throw RawHTTPClientError.timedOut
    }
}

/// Collects log lines written from server threads. NSLock rather than Mutex: ThreadSanitizer cannot
/// see Mutex's futex hand-off on Linux and reports a false race under contention.
public final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    public init() {}

    /// The function to pass as a log.
    public var sink: @Sendable (String) -> Void { { line in self.lock.withLock { self.storage.append(line) } } }

    /// Every line so far.
    public var lines: [String] { lock.withLock { storage } }
}
