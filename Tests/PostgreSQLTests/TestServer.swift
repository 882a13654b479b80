import Foundation
import Glibc
@testable import PostgreSQL

/// The server the tests use, from `CONTACTS_TEST_POSTGRES` (scripts/with-postgres.sh sets it);
/// the suites that need it are skipped without it.
enum TestServer {
    static let url = ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES"]
    static var isConfigured: Bool { url != nil }

    /// Runs `body` with the URL of a new database of its own (so tests may run in parallel),
    /// dropped afterwards, and a connection to the server's own database.
    /// - Parameter options: what CREATE DATABASE is given after the name.
    static func withScratchDatabase(options: String = "", _ body: (_ url: String, _ admin: Connection) throws -> Void) throws {
        let admin = try Connection(url: url!)
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try admin.execute("CREATE DATABASE \(name) \(options)")
        defer { try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        try body(replacingDatabase(in: url!, with: name), admin)
    }

    /// Runs `body` with a connection to a scratch database holding one table `v`, made by `definition`.
    static func withTable(_ definition: String, _ body: (Connection) throws -> Void) throws {
        try withScratchDatabase { url, _ in
            let connection = try Connection(url: url)
            try connection.execute("CREATE TABLE v (\(definition))")
            try body(connection)
        }
    }

    /// A connection URI like `url`, naming `database` instead of its own.
    static func replacingDatabase(in url: String, with database: String) -> String {
        let authorityStart = url.range(of: "://")!.upperBound
        let pathStart = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" } ?? url.endIndex
        let queryStart = url[pathStart...].firstIndex(of: "?") ?? url.endIndex
        return url[..<pathStart] + "/" + database + url[queryStart...]
    }
}

/// A TCP port on 127.0.0.1 bound by the test: listening but never answering, or closed again
/// so that nothing listens there.
final class LocalPort {
    let number: UInt16
    private var socketDescriptor: Int32

    init(listening: Bool) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound, !listening || listen(descriptor, 16) == 0 else {
            if descriptor >= 0 { Glibc.close(descriptor) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        socketDescriptor = descriptor
        number = UInt16(bigEndian: address.sin_port)
        if !listening { close() }
    }

    deinit { close() }

    private func close() {
        if socketDescriptor >= 0 { Glibc.close(socketDescriptor) }
        socketDescriptor = -1
    }
}
