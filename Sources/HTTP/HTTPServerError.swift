/// Why an HTTPServer could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// start() was called on a running server.
    case alreadyRunning
    /// The configuration cannot work, for the reason given.
    case invalidConfiguration(String)
    /// Binding or starting libmicrohttpd failed, for the reason given (such as "Address already in use").
    case startFailed(String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .alreadyRunning: "the HTTP server is already running"
        case .invalidConfiguration(let reason): "invalid HTTP server configuration: \(reason)"
        case .startFailed(let reason): "the HTTP server could not start: \(reason)"
        }
    }
}
