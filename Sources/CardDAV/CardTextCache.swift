import ContactsStore
import Foundation
import Synchronization
import VCard

/// The vCard text of cards recently served, keyed by address book, resource, ETag and version: a
/// card is written from its stored properties once per change, not on every GET, multiget or
/// sync (a REPORT escapes it into its answer as it writes it: one copy of each text is kept). A new ETag is a new key, so an entry is never
/// stale; past `byteLimit` the oldest go.
final class CardTextCache: Sendable {
    private struct Key: Hashable {
        let scope: AddressBookScope
        let href: String
        let etag: String
        /// The version the text is in; nil for a request that named none (the card's own, which
        /// its ETag fixes), an entry sharing the text of the version it is in.
        let version: VCardWriter.Version?
    }

    private struct State {
        var entries: [Key: String] = [:]
        /// Keys in the order they were added; those before `oldest` are gone.
        var order: [Key] = []
        var oldest = 0
        var bytes = 0
    }

    private let state = Mutex(State())
    private let byteLimit: Int

    init(byteLimit: Int = 32 << 20) {
        self.byteLimit = byteLimit
    }

    /// The text of the card at `href` with `etag`, when it is cached.
    func cachedText(href: String, etag: String, in scope: AddressBookScope, version: VCardWriter.Version?) -> String? {
        let key = Key(scope: scope, href: href, etag: etag, version: version)
        return state.withLock { $0.entries[key] }
    }

    /// The text of the card at `href` with `etag` in `version`, written by `write` when it is not cached.
    func text(href: String, etag: String, in scope: AddressBookScope, version: VCardWriter.Version?, write: () -> String) -> String {
        let key = Key(scope: scope, href: href, etag: etag, version: version)
        if let text = state.withLock({ $0.entries[key] }) { return text }
        let text = write()
        insert(text, for: key)
        return text
    }

    /// Keeps `text`, the card's text cached in the version it is written in, under the version
    /// asked for too (none: the card's own): both keys share one copy of the text.
    func keep(_ text: String, href: String, etag: String, in scope: AddressBookScope, version: VCardWriter.Version?) {
        insert(text, for: Key(scope: scope, href: href, etag: etag, version: version))
    }

    private func insert(_ text: String, for key: Key) {
        state.withLock { state in
            guard state.entries[key] == nil, text.utf8.count <= byteLimit / 4 else { return }
            state.entries[key] = text
            state.order.append(key)
            state.bytes += text.utf8.count
            while state.bytes > byteLimit, state.oldest < state.order.count {
                state.bytes -= state.entries.removeValue(forKey: state.order[state.oldest])?.utf8.count ?? 0
                state.oldest += 1
            }
            if state.oldest > 1_024, state.oldest * 2 > state.order.count {
                state.order.removeFirst(state.oldest)
                state.oldest = 0
            }
        }
    }
}
