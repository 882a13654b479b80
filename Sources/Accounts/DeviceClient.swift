import Foundation

/// The client an app password last logged in with: its User-Agent and the address it came from,
/// as the store keeps them (control characters taken out, cut to a bounded length), so that what
/// a client sends can never grow a row or break a page's line.
public struct DeviceClient: Sendable, Equatable {
    /// The User-Agent, nil when the client sent none.
    public let userAgent: String?
    /// The client's address (`Request.clientAddress`, after trusted proxies), nil when unknown.
    public let address: String?

    /// The longest User-Agent kept, in characters (more than `BrowserIdentity` reads).
    public static let maximumUserAgentLength = 512
    /// The longest address kept: an IPv6 address with a zone is under 64 characters.
    public static let maximumAddressLength = 64

    public init(userAgent: String?, address: String?) {
        self.userAgent = userAgent.flatMap { Self.kept($0, length: Self.maximumUserAgentLength) }
        self.address = address.flatMap { Self.kept($0, length: Self.maximumAddressLength) }
    }

    /// `text` without control characters, cut to `length` characters; nil when nothing is left.
    private static func kept(_ text: String, length: Int) -> String? {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let cut = String(printable.prefix(length)).trimmingCharacters(in: .whitespaces)
        return cut.isEmpty ? nil : cut
    }
}

/// One of a user's app passwords as their devices page lists it.
public struct AppPasswordEntry: Sendable, Equatable {
    /// The name it was made under ("iPhone").
    public let device: String
    public let createdAt: Date
    /// When it last logged in; nil if never.
    public let lastUsedAt: Date?
    /// The client it last logged in with; nil if never.
    public let lastClient: DeviceClient?

    public init(device: String, createdAt: Date, lastUsedAt: Date?, lastClient: DeviceClient?) {
        self.device = device
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.lastClient = lastClient
    }
}
