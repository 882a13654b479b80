extension HTTPServer {
    /// Where and how the server listens, and the limits it enforces.
    public struct Configuration: Sendable {
        /// The address or host name to bind.
        public var host: String
        /// The port to bind; 0 picks a free one (see `HTTPServer.port`).
        public var port: Int
        /// Worker threads, each running its own epoll loop; handlers run on them.
        public var threadCount: Int
        /// Larger bodies are answered 413.
        public var maxBodyBytes: Int
        /// More header fields are answered 431 (": " and CRLF count 4 bytes each toward `maxHeaderBytes`).
        public var maxHeaderCount: Int
        /// Larger header sections (names, values, separators) are answered 431.
        public var maxHeaderBytes: Int
        /// Open connections in total; more are closed on accept.
        public var maxConnections: Int
        /// Open connections from one client address; more are closed on accept.
        public var maxConnectionsPerClient: Int
        /// Connections idle this long are closed.
        public var connectionTimeoutSeconds: Int
        /// A PEM certificate (chain); with `tlsKeyPEM` the server speaks HTTPS only.
        public var tlsCertificatePEM: String?
        /// The PEM private key for `tlsCertificatePEM`.
        public var tlsKeyPEM: String?
        /// The reverse proxies whose forwarding headers name the client and its scheme.
        public var trustedProxies = TrustedProxies.loopback
        /// Every request is taken as made over HTTPS (the server's public address is https:
        /// whatever reaches it came through a TLS proxy), so cookies are Secure and HSTS is sent.
        public var alwaysSecure = false

        /// Creates a configuration; every value has a default suited to a small self-hosted server.
        public init(host: String = "127.0.0.1", port: Int = 8080, threadCount: Int = 4,
                    maxBodyBytes: Int = 10 * 1024 * 1024, maxHeaderCount: Int = 100, maxHeaderBytes: Int = 16 * 1024,
                    maxConnections: Int = 1000, maxConnectionsPerClient: Int = 64, connectionTimeoutSeconds: Int = 30,
                    tlsCertificatePEM: String? = nil, tlsKeyPEM: String? = nil) {
            self.host = host
            self.port = port
            self.threadCount = threadCount
            self.maxBodyBytes = maxBodyBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxHeaderBytes = maxHeaderBytes
            self.maxConnections = maxConnections
            self.maxConnectionsPerClient = maxConnectionsPerClient
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.tlsCertificatePEM = tlsCertificatePEM
            self.tlsKeyPEM = tlsKeyPEM
        }

        /// libmicrohttpd's per-connection memory pool, which holds the request line and header section
        /// while they are read: four times the header cap, at least 64 KiB, so that a header section up
        /// to about three times the cap is read whole and refused here. libmicrohttpd refuses larger ones
        /// itself (431 with its own body; the access log still gets a line).
        var connectionMemoryLimit: Int { max(64 * 1024, 4 * maxHeaderBytes) }

        /// The refusal of a request over the limits checked once it is read (431 for too many header
        /// fields or bytes, 413 for a body over the cap), or nil. The shim refuses a declared or
        /// chunked body over the cap before it is read; this check is for requests that come whole.
        func refusal(of request: Request) -> RequestDispatcher.Refusal? {
            let headerBytes = request.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            if request.headers.count > maxHeaderCount || headerBytes > maxHeaderBytes {
                return .init(status: 431, reason: nil)
            }
            return request.body.count > maxBodyBytes ? .init(status: 413, reason: nil) : nil
        }

        /// Why this configuration cannot work, or nil.
        var problem: String? {
            if !(0...65535).contains(port) { return "port \(port) is out of range" }
            if threadCount < 1 { return "threadCount must be at least 1" }
            if maxConnections < threadCount { return "maxConnections must be at least threadCount" }
            if maxBodyBytes < 0 || maxHeaderCount < 1 || maxHeaderBytes < 1 { return "limits must be positive" }
            if maxConnectionsPerClient < 1 || connectionTimeoutSeconds < 1 { return "limits must be positive" }
            if (tlsCertificatePEM == nil) != (tlsKeyPEM == nil) { return "TLS needs both a certificate and a key" }
            return nil
        }
    }
}
