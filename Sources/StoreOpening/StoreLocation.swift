import Foundation

/// Where a store's data lives: a SQLite data directory (the default), or a PostgreSQL database
/// that any number of servers share.
public enum StoreLocation: Sendable, Equatable {
    /// The directory holding `contacts.sqlite3`, made (mode 0700) on first use.
    case directory(String)
    /// A libpq connection URI: `postgresql://user:password@host:port/database`, or
    /// `postgresql:///database?host=/run/postgresql`.
    case postgresql(url: String)

    /// The location named by `text`: a `postgresql://` or `postgres://` URI, else a directory.
    public init(_ text: String) {
        let lowered = text.lowercased()
        self = lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") ? .postgresql(url: text) : .directory(text)
    }

    /// `url` as messages and logs may show it: the password of its user (`user:password@`) and
    /// of a `password=` parameter shown as `***`.
    public static func redactingPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        var text = url
        let rest = text[scheme.upperBound...]
        let query = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        // The last @ before the query ends the user info: a password may hold an unencoded @ or /.
        if let at = rest[..<query].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
            text.replaceSubrange(text.index(after: colon)..<at, with: "***")
        }
        return text.replacing(/([?&]password=)[^&#]*/) { $0.output.1 + "***" }
    }
}

extension StoreLocation: CustomStringConvertible {
    /// The directory, or the URL without its password.
    public var description: String {
        switch self {
        case .directory(let path): path
        case .postgresql(let url): Self.redactingPassword(url)
        }
    }
}
