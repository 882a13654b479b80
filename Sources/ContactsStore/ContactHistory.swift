import ContactsCore
import Foundation

/// Who made a change, as a contact's history names it: a web session's browser, the command
/// line, or a CardDAV client by its app password's device and its User-Agent.
public struct ChangeClient: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        case web, carddav, cli
        /// The server itself, for writes no person or client asked for.
        case server
    }

    public let kind: Kind
    /// What one client's changes share and no other's do: a browser session's family, an app
    /// password's id, the command line.
    public let key: String
    /// What a person recognises the client by: the device an app password was made for
    /// ("iPhone"), the browser ("Chrome on macOS"); empty when there is nothing better than the kind.
    public let name: String
    /// The client's User-Agent, when it sent one.
    public let userAgent: String?

    /// The longest name and User-Agent kept, in characters; longer ones are cut.
    public static let maximumTextLength = 200

    public init(kind: Kind, key: String, name: String, userAgent: String? = nil) {
        self.kind = kind
        self.key = Self.kept(key)
        self.name = Self.kept(name)
        self.userAgent = userAgent.map(Self.kept).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The client of the writes the current task makes. The server's edges bind it for each
    /// request (`$current.withValue`), the CLI for its run; the store records it with each version.
    @TaskLocal public static var current = ChangeClient.server

    public static let server = ChangeClient(kind: .server, key: "server", name: "")
    public static let commandLine = ChangeClient(kind: .cli, key: "cli", name: "")

    /// Text as kept: control characters dropped, at most `maximumTextLength` characters.
    private static func kept(_ text: String) -> String {
        // Most are printable ASCII (a User-Agent, a key), kept as they are when short enough.
        if text.utf8.count <= maximumTextLength, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }).prefix(maximumTextLength))
    }
}

/// One version of a contact: what it was after one change, kept for `ContactStore.historyRetention`
/// after the next change replaced it.
public struct ContactVersion: Sendable, Equatable {
    /// What a change did to the contact.
    public enum Change: String, Sendable, Codable, CaseIterable {
        case created, changed, deleted, restored, merged, moved
    }

    /// The contact's id in its book.
    public let contactID: Int64
    /// The version's number: the book's change that made it. Unique among the contact's versions.
    public let number: Int64
    public let at: Date
    public let change: Change
    /// Who made it; nil for the contact as it was when its history began.
    public let client: ChangeClient?
    /// The account that made it, when it is still there.
    public let account: String?
    /// Whether the contact was in the book after the change (false: in the trash, or gone).
    public let isLive: Bool
    /// Its resource name in the book then.
    public let href: String
    /// The contact as it was, photo included; nil when the change took it out of the book
    /// (moved to another).
    public let contact: Contact?
    /// The vCard as its client sent it, when that was this version's write.
    public let card: ContactStore.SentCard?
}

/// What one client changed in an address book over a time: what the book-wide history lists.
public struct ClientActivity: Sendable, Equatable {
    /// The client; nil for changes from before history was kept.
    public let client: ChangeClient?
    public let account: String?
    /// How many contacts each kind of change touched.
    public let changes: [ContactVersion.Change: Int]
    public let first: Date
    public let last: Date
}

/// Many deletions by one client in a short time: what the contact list warns of.
public struct MassDeletion: Sendable, Equatable {
    public let client: ChangeClient?
    public let account: String?
    /// How many contacts it deleted that are still deleted.
    public let count: Int
    public let first: Date
    public let last: Date
    /// The moment a rewind goes back to, to undo it: just before the first deletion.
    public var undoTo: Date { first.addingTimeInterval(-0.001) }
}

/// What a rewind of an address book does, or did: contacts by id.
public struct RewindPlan: Sendable, Equatable {
    /// The moment the book goes back to.
    public let to: Date
    /// Deleted since (or moved out), brought back.
    public let broughtBack: [Int64]
    /// Changed since, set back to how they were.
    public let setBack: [Int64]
    /// Made since (or moved in), moved to the trash.
    public let removed: [Int64]

    public var isEmpty: Bool { broughtBack.isEmpty && setBack.isEmpty && removed.isEmpty }
}
