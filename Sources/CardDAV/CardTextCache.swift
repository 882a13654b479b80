import ContactsStore
import Foundation
import VCard

/// The vCard text of cards recently served, keyed by address book, resource, ETag, version and
/// form: a card is written from its stored properties (and escaped for a REPORT's XML) once per
/// change, not on every GET, multiget or sync. A new ETag is a new key, so an entry is never
/// stale; past `byteLimit` the oldest go.
final class CardTextCache: @unchecked Sendable {
    // Unchecked: everything below `lock` is only touched while it is held.
    private struct Key: Hashable {
        let scope: AddressBookScope
        let href: String
        let etag: String
        let version: VCardWriter.Version
        let form: Form
    }

    /// How the text is kept: as served by GET, or escaped as the content of an XML element.
    enum Form {
        case vCard
        case xmlContent
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

    /// The text of the card at `href` with `etag`, when it is cached.
    func cachedText(href: String, etag: String, in scope: AddressBookScope, version: VCardWriter.Version, form: Form) -> String? {
        let key = Key(scope: scope, href: href, etag: etag, version: version, form: form)
        return lock.withLock { entries[key] }
    }

    /// The text of the card at `href` with `etag` in `version` and `form`, written by `write`
    /// when it is not cached (in XML form, escaped from the vCard form).
    func text(href: String, etag: String, in scope: AddressBookScope, version: VCardWriter.Version, form: Form,
              write: () -> String) -> String {
        let key = Key(scope: scope, href: href, etag: etag, version: version, form: form)
        if let text = lock.withLock({ entries[key] }) { return text }
        let text = switch form {
        case .vCard: write()
        case .xmlContent: XMLOutput.escape(self.text(href: href, etag: etag, in: scope, version: version, form: .vCard, write: write))
        }
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
