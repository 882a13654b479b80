import Accounts
import Foundation

extension ContactStore {
    /// How long an import summary can be shown (and its page reloaded).
    public static let importSummaryLifetime: TimeInterval = 15 * 60

    /// Keeps `summary` for `user` for a while, so the page after an import (served by whichever
    /// server) can show it; returns the id of that page. Summaries past their time are dropped.
    public func keepImportSummary(_ summary: ImportSummary, for user: User) throws -> String {
        let id = SecretToken.make()
        let text = String(decoding: try JSONEncoder().encode(summary), as: UTF8.self)
        let now = now()
        try queue.write(.rows) { db in
            try db.run("DELETE FROM import_summaries WHERE expires_at <= ?", now)
            try db.run("INSERT INTO import_summaries (user_id, id_hash, summary, expires_at) VALUES (?, ?, ?, ?)",
                       user.id, SecretToken.hash(id), text,
                       now + Self.milliseconds(Date(timeIntervalSince1970: Self.importSummaryLifetime)))
        }
        return id
    }

    /// The summary kept under `id` for `user`, or nil when there is none (expired, or another user's).
    public func importSummary(_ id: String, for user: User) throws -> ImportSummary? {
        let text = try queue.readSingle { db in
            try db.statement("SELECT summary FROM import_summaries WHERE user_id = ? AND id_hash = ? AND expires_at > ?")
                .firstRow([user.id, SecretToken.hash(id), now()]) { $0.text(0) }
        }
        return text.flatMap { try? JSONDecoder().decode(ImportSummary.self, from: Data($0.utf8)) }
    }
}
