import ContactsStore
import Foundation
import VCard

/// The vCard text of cards recently served, keyed by address book, resource, ETag and version:
/// a card is written from its stored properties once per change, not on every GET, multiget or
/// sync. A new ETag is a new key, so an entry is never stale; past `byteLimit` the oldest go.
final class CardTextCache: @unchecked Sendable {
    // Unchecked: everything below `lock` is only touched while it is held.
    private struct Key: Hashable {
        let scope: AddressBookScope
        let href: String
        let etag: String
        let version: VCardWriter.Version
    }

    private let lock = NSLock()
    private var entries: [Key: String] = [:]
    /// Keys in the order they were added; those before `oldest` are gone.
    private var order: [Key] = []
    private var oldest = 0
    private var bytes = 0
    private let byteLimit: Int

    init(byteLimit: Int = 32 << 20) {
        self.byteLimit = byteLimit
    }

    /// The card's text in `version`, written by `write` when it is not cached.
    func text(of card: StoredCard, in scope: AddressBookScope, version: VCardWriter.Version, write: () -> String) -> String {
        let key = Key(scope: scope, href: card.href, etag: card.etag, version: version)
        if let text = lock.withLock({ entries[key] }) { return text }
        let text = write()
        lock.withLock {
            guard entries[key] == nil, text.utf8.count <= byteLimit / 4 else { return }
            entries[key] = text
            order.append(key)
            bytes += text.utf8.count
            while bytes > byteLimit, oldest < order.count {
                bytes -= entries.removeValue(forKey: order[oldest])?.utf8.count ?? 0
                oldest += 1
            }
            if oldest > 1_024, oldest * 2 > order.count {
                order.removeFirst(oldest)
                oldest = 0
            }
        }
        return text
    }
}
