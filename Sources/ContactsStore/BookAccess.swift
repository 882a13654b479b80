/// What an account may do in an address book: everything as its owner, or what the owner
/// shared it with the account for.
public enum BookAccess: String, Sendable, Hashable, CaseIterable {
    case owner
    /// Read, and add, change and delete contacts; not rename, delete or share the book.
    case readWrite = "read-write"
    /// Read only.
    case readOnly = "read-only"

    /// Whether contacts may be added, changed and deleted.
    public var canWriteContacts: Bool { self != .readOnly }
    /// Whether the book itself may be renamed, deleted, shared or given properties.
    public var canManageBook: Bool { self == .owner }
}

/// The URL segment (and `?book=` value) under which an account reaches a book shared with it:
/// `~<owner>~<book>`. Account names hold no `~` and no book's own name begins with one, so the
/// segment is never the name of one of the account's own books and reads back unambiguously.
public struct SharedBookSegment: Sendable, Equatable, CustomStringConvertible {
    /// The character that begins a shared book's segment and separates its owner and book.
    public static let marker: Character = "~"

    public let owner: String
    public let book: String

    public init(owner: String, book: String) {
        self.owner = owner
        self.book = book
    }

    /// The segment read back; nil for one not of this form.
    public init?(_ segment: String) {
        guard segment.first == Self.marker else { return nil }
        let rest = segment.dropFirst()
        guard let separator = rest.firstIndex(of: Self.marker), separator != rest.startIndex else { return nil }
        let book = rest[rest.index(after: separator)...]
        guard !book.isEmpty else { return nil }
        self.init(owner: String(rest[..<separator]), book: String(book))
    }

    public var description: String { "\(Self.marker)\(owner)\(Self.marker)\(book)" }
}
