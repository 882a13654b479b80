import ContactsStore
import Foundation
import Synchronization

/// Import summaries between the import's POST and the page that shows them: the POST answers with
/// a redirect to `/contacts/import/result?id=…`, so reloading that page shows the summary again
/// instead of sending the file again. Kept in memory, for the user who imported, for a while.
final class ImportResults: Sendable {
    /// How long a summary can be shown (and reloaded).
    static let lifetime: TimeInterval = 15 * 60
    /// The most summaries kept at once; the oldest go first.
    static let capacity = 1_000

    private struct Entry {
        let userID: Int64
        let summary: ImportSummary
        let expires: Date
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Keeps `summary` for `user`; returns the id of the page that shows it.
    func keep(_ summary: ImportSummary, for user: User, now: Date) -> String {
        let id = SecretToken.make()
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now }
            if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.expires < $1.value.expires }) {
                entries[oldest.key] = nil
            }
            entries[id] = Entry(userID: user.id, summary: summary, expires: now + Self.lifetime)
        }
        return id
    }

    /// The summary kept under `id` for `user`, or nil when there is none (expired, another
    /// user's, or from before a restart).
    func summary(_ id: String, for user: User, now: Date) -> ImportSummary? {
        entries.withLock { entries in
            guard let entry = entries[id], entry.userID == user.id, entry.expires > now else { return nil }
            return entry.summary
        }
    }
}
