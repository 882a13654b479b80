import ContactsCore
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

    /// The entity tag of a contact at `revision` in the book with this salt. It always holds a
    /// `-`, so no entity tag of earlier releases (a bare change-log sequence number) is ever
    /// taken for one of today's; and the salt keeps a card of a book deleted and made again at
    /// the same name, or restored from a backup, from matching an older tag at the same address.
    static func etag(salt: String, revision: Int64) -> String {
        guard revision >= 0 else { return "\"" + salt + "-" + String(revision) + "\"" }
        var salt = salt
        // Written byte by byte into the string's own storage: a listing writes one per card.
        return salt.withUTF8 { saltBytes in
            String(unsafeUninitializedCapacity: saltBytes.count + 23) { writeETag(salt: saltBytes, revision: revision, into: $0) }
        }
    }

    /// Writes `etag(salt:revision:)` of a revision not below 0 into `buffer` (at least the salt's
    /// length and 23 bytes); returns how many bytes it wrote.
    static func writeETag(salt: UnsafeBufferPointer<UInt8>, revision: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        buffer[0] = UInt8(ascii: "\"")
        var end = 1 + salt.count
        _ = UnsafeMutableBufferPointer(rebasing: buffer[1..<end]).initialize(from: salt)
        buffer[end] = UInt8(ascii: "-")
        var digits = 1, rest = revision
        while rest >= 10 { digits += 1; rest /= 10 }
        end += digits
        rest = revision
        for position in stride(from: end, to: end - digits, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        buffer[end + 1] = UInt8(ascii: "\"")
        return end + 2
    }
}

/// `ContactStore.StoredCard`, by its short name.
public typealias StoredCard = ContactStore.StoredCard
/// `ContactStore.SentCard`, by its short name.
public typealias SentCard = ContactStore.SentCard
/// `ContactStore.CardVersion`, by its short name.
public typealias CardVersion = ContactStore.CardVersion
