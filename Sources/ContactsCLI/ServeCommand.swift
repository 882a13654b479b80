import Accounts
import CardDAV
import ContactsStore
import Dispatch
import Foundation
import HTTP
import WebApp
import Wording

/// `contacts serve`: the web app and the CardDAV server on libmicrohttpd until SIGINT or SIGTERM.
enum ServeCommand {
    static let command = Command(
        words: ["serve"], summary: "Run the web app and CardDAV server (and print the first-run setup link while no user exists).",
        usage: "serve [--host 127.0.0.1] [--port 8080] [--tls-cert FILE --tls-key FILE] [--max-connections-per-client 64] "
            + "[--trusted-proxy CIDR,…] [--public-url URL] [\(WebApp.maxUploadOption) 10]",
        options: [.value("--host"), .value("--port"), .value("--tls-cert"), .value("--tls-key"), .value("--max-connections-per-client"),
                  .value("--trusted-proxy", repeatable: true), .value("--public-url"), .value(WebApp.maxUploadOption)],
        notes: """
            --trusted-proxy names the reverse proxies whose X-Forwarded-For, X-Forwarded-Proto and Forwarded headers
            are believed (else $CONTACTS_TRUSTED_PROXIES; default 127.0.0.0/8,::1, a proxy on this machine; none to
            trust nobody). --public-url is the address devices reach the server at (else $CONTACTS_PUBLIC_URL): an
            https one makes every cookie Secure and sends HSTS, whatever the proxy in front says.
            \(WebApp.maxUploadOption) is the largest request in megabytes — an imported file, a photo, a card (else
            $\(WebApp.maxUploadVariable); default 10; at most 256). A reverse proxy in front has a limit of its own to raise too.
            """
    ) { context in
        _ = try context.arguments.positionals()
        let host = context.arguments.value("--host") ?? "127.0.0.1"
        guard let port = Int(context.arguments.value("--port") ?? "8080"), (0...65535).contains(port) else {
            throw UsageError { $0.mustBeNumber("--port", from: 0, to: 65535) }
        }
        var configuration = HTTPServer.Configuration(host: host, port: port)
        if let limit = context.arguments.value("--max-connections-per-client") {
            // Behind a reverse proxy every connection comes from the proxy's address.
            guard let number = Int(limit), (1...configuration.maxConnections).contains(number) else {
                throw UsageError { [highest = configuration.maxConnections] in $0.mustBeNumber("--max-connections-per-client", from: 1, to: highest) }
            }
            configuration.maxConnectionsPerClient = number
        }
        switch (context.arguments.value("--tls-cert"), context.arguments.value("--tls-key")) {
        case (nil, nil): break
        case (let certificate?, let key?):
            configuration.tlsCertificatePEM = try readPEM(certificate)
            configuration.tlsKeyPEM = try readPEM(key)
        default: throw UsageError { $0.together("--tls-cert", "--tls-key") }
        }
        configuration.trustedProxies = try trustedProxies(context)
        if let megabytes = try maxUploadMegabytes(context) { configuration.maxBodyBytes = megabytes * 1024 * 1024 }
        let publicURL = try publicURL(context)
        configuration.alwaysSecure = publicURL?.hasPrefix("https://") == true
        let store = try context.openStore()
        let lock = try DataDirectoryLock.take(context.location, exclusive: false)
        let setupCode = try store.users().isEmpty ? SecretToken.make() : nil
        let server = HTTPServer(configuration: configuration,
                                responder: try responder(store: store, setupCode: setupCode, maxUploadBytes: configuration.maxBodyBytes,
                                                         publicURL: publicURL))
        // Caught from before the address is printed: whoever reads it may signal at once.
        let termination = TerminationSignal()
        try server.start()
        let scheme = configuration.tlsCertificatePEM == nil ? "http" : "https"
        let base = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(server.port)"
        // Scripts read these two lines: they are the same whatever the locale's language.
        context.console.print("Listening on \(base)")
        if let setupCode {
            context.console.print("Setup: \(publicURL ?? base)/setup?code=\(setupCode)")
        }
        withExtendedLifetime(lock) {
            termination.wait()
            context.console.printError(context.catalogue.stopping)
            server.stop()
        }
    }

    /// The web app and the CardDAV server on one port, sharing one login throttle and one
    /// password-check queue.
    static func responder(store: ContactStore, setupCode: String?, maxUploadBytes: Int, publicURL: String? = nil) throws -> any Responder {
        let throttle = LoginThrottle(store: store)
        let gate = PasswordGate()
        let web = try WebApp(store: store, setupCode: setupCode, throttle: throttle, gate: gate, maxUploadBytes: maxUploadBytes,
                             publicURL: publicURL).responder()
        let dav = CardDAVServer(store: store, throttle: throttle, gate: gate).responder()
        return Mount(dav, where: CardDAVServer.handles, otherwise: web)
    }

    /// `--trusted-proxy` (repeated or comma-separated), else `$CONTACTS_TRUSTED_PROXIES`, else
    /// the loopback addresses; `none` trusts nobody.
    static func trustedProxies(_ context: CommandContext) throws -> TrustedProxies {
        let given = context.arguments.all("--trusted-proxy")
        let (option, values) = given.isEmpty ? ("$CONTACTS_TRUSTED_PROXIES", context.environment["CONTACTS_TRUSTED_PROXIES"].map { [$0] } ?? [])
                                             : ("--trusted-proxy", given)
        guard !values.isEmpty else { return .loopback }
        let items = values.flatMap { $0.split { $0 == "," || $0 == " " } }.map(String.init)
        if items == ["none"] { return .none }
        var ranges: [TrustedProxies.Range] = []
        for item in items {
            guard let range = TrustedProxies.Range(item) else {
                throw UsageError { $0.notAddressRange(option, given: String(item.prefix(80))) }
            }
            ranges.append(range)
        }
        return TrustedProxies(ranges)
    }

    /// The largest request body in megabytes: `--max-upload-mb`, else `$CONTACTS_MAX_UPLOAD_MB`,
    /// else nil (the server's default); a whole number from 1 to 256 (a body is held in memory
    /// while it arrives, so the cap bounds what a few concurrent uploads can take).
    static func maxUploadMegabytes(_ context: CommandContext) throws -> Int? {
        let (option, value) = context.arguments.value(WebApp.maxUploadOption).map { (WebApp.maxUploadOption, $0) }
            ?? ("$" + WebApp.maxUploadVariable, context.environment[WebApp.maxUploadVariable] ?? "")
        guard !value.isEmpty else { return nil }
        guard let megabytes = Int(value), (1...256).contains(megabytes) else {
            throw UsageError { $0.mustBeNumber(option, from: 1, to: 256) }
        }
        return megabytes
    }

    /// `--public-url`, else `$CONTACTS_PUBLIC_URL`, without a trailing slash; nil when neither is set.
    static func publicURL(_ context: CommandContext) throws -> String? {
        let (option, value) = context.arguments.value("--public-url").map { ("--public-url", $0) }
            ?? ("$CONTACTS_PUBLIC_URL", context.environment["CONTACTS_PUBLIC_URL"] ?? "")
        guard !value.isEmpty else { return nil }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil, url.user == nil else {
            throw UsageError { $0.notPublicURL(option, given: String(value.prefix(80))) }
        }
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }

    private static func readPEM(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure { $0.cannotRead(path) } }
        return String(decoding: data, as: UTF8.self)
    }
}

/// SIGINT and SIGTERM, caught (not acted on) from creation until one arrives.
private final class TerminationSignal {
    private let arrived: DispatchSemaphore
    private let sources: [any DispatchSourceSignal]

    init() {
        let arrived = DispatchSemaphore(value: 0)
        self.arrived = arrived
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { arrived.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until SIGINT or SIGTERM has arrived.
    func wait() {
        arrived.wait()
        sources.forEach { $0.cancel() }
    }
}
