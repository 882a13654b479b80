import Foundation

/// One login of an account that has not ended: a family of session and remember tokens
/// (`AccountStore.issueToken`), as the list of signed-in browsers shows it.
public struct SignedInBrowser: Sendable, Equatable {
    /// What names this login to `AccountStore.signOut(browser:of:)`: the number of one of its
    /// tokens' rows, never a token or its family, so the page gives nothing away that logs in.
    public let id: Int64
    /// The User-Agent and address of the login's latest request.
    public let client: RequestClient
    /// When the login last made a request (recorded at most every `AccountStore.lastSeenInterval`).
    public let lastSeen: Date
    /// Whether this is the login of the browser asking.
    public let isCurrent: Bool

    public init(id: Int64, client: RequestClient, lastSeen: Date, isCurrent: Bool) {
        self.id = id
        self.client = client
        self.lastSeen = lastSeen
        self.isCurrent = isCurrent
    }
}
