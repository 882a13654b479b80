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
        /// More header fields are answered 431.
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

        /// libmicrohttpd's per-connection memory pool: twice the header cap, at least its 32 KiB default.
        /// Header sections too big for the pool are refused by libmicrohttpd itself (also with 431).
        var connectionMemoryLimit: Int { max(32 * 1024, 2 * maxHeaderBytes) }

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
