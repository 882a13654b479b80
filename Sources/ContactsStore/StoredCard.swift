import ContactsCore
import DecimalDigits
import Foundation
import VCard

extension ContactStore {
    /// A contact as a CardDAV resource.
    public struct StoredCard: Sendable, Equatable {
        /// The contact with its photo.
        public let contact: Contact
        /// Its resource name in the address book.
        public let href: String
        /// Its entity tag, strong and quoted (`"3f9a0c1b2d4e5f60-42"`): its book's salt and the
        /// number of the book's change that last wrote it, so it changes with every write to it
        /// and with nothing else.
        public let etag: String
        /// The vCard as its client sent it, when that PUT is the card's latest write.
        public let sent: SentCard?

        /// Its name, entity tag and last change.
        public var version: CardVersion {
            CardVersion(href: href, etag: etag, updatedAt: contact.updatedAt)
        }
    }

    /// A vCard as a client sent it, with the version it declares.
    public struct SentCard: Sendable, Equatable {
        public let text: String
        public let version: VCardWriter.Version

        public init(text: String, version: VCardWriter.Version) {
            self.text = text
            self.version = version
        }
    }

    /// What a card's properties say without its content: name, entity tag and last change.
    public struct CardVersion: Sendable, Equatable {
        public let href: String
        public let etag: String
        public let updatedAt: Date
    }

    /// The entity tag of a contact at `revision` in the book with this salt: `etagEnds`' head,
    /// the revision's decimal digits, its tail.
    static func etag(salt: String, revision: Int64) -> String {
        var (head, tail) = etagEnds(salt: salt)
        guard revision >= 0 else { return head + String(revision) + tail }
        // Written byte by byte into the string's own storage: a listing writes one per card.
        return head.withUTF8 { head in
            tail.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 19 + tail.count) { writeETag(head: head, revision: revision, tail: tail, into: $0) }
            }
        }
    }

    /// What comes before and after a revision's digits in the entity tags of the book with this
    /// salt: `"salt-` and `"`. A tag always holds a `-`, so no entity tag of earlier releases (a
    /// bare change-log sequence number) is ever taken for one of today's; and the salt keeps a
    /// card of a book deleted and made again at the same name, or restored from a backup, from
    /// matching an older tag at the same address. A listing of thousands writes the ends once.
    public static func etagEnds(salt: String) -> (head: String, tail: String) {
        ("\"" + salt + "-", "\"")
    }

    /// Writes the entity tag of a revision not below 0 into `buffer` (room for the ends and 19
    /// digits); returns how many bytes it wrote.
    static func writeETag(head: UnsafeBufferPointer<UInt8>, revision: Int64, tail: UnsafeBufferPointer<UInt8>,
                          into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var end = head.count
        _ = UnsafeMutableBufferPointer(rebasing: buffer[..<end]).initialize(from: head)
        end += DecimalDigits.write(UInt64(revision), into: UnsafeMutableBufferPointer(rebasing: buffer[end...]))
        _ = UnsafeMutableBufferPointer(rebasing: buffer[end..<(end + tail.count)]).initialize(from: tail)
        return end + tail.count
    }
}

/// `ContactStore.StoredCard`, by its short name.
public typealias StoredCard = ContactStore.StoredCard
/// `ContactStore.SentCard`, by its short name.
public typealias SentCard = ContactStore.SentCard
/// `ContactStore.CardVersion`, by its short name.
public typealias CardVersion = ContactStore.CardVersion
