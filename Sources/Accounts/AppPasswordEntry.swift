import Foundation

/// One of a user's app passwords as their devices page lists it.
public struct AppPasswordEntry: Sendable, Equatable {
    /// The name it was made under ("iPhone").
    public let device: String
    public let createdAt: Date
    /// When it last logged in; nil if never.
    public let lastUsedAt: Date?
    /// The client it last logged in with; nil if never.
    public let lastClient: RequestClient?

    public init(device: String, createdAt: Date, lastUsedAt: Date?, lastClient: RequestClient?) {
        self.device = device
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.lastClient = lastClient
    }
}
