import ContactsStore
import Foundation
import Wording

/// What `history` and `rewind` print: JSON for programs (moments to the millisecond, so that one
/// can be given back to `rewind --to`), lines for people.
enum HistoryOutput {
    /// Who made a change.
    struct JSONClient: Encodable {
        /// `web`, `carddav`, `cli` or `server`; nil for the version from before history was kept.
        let kind: Nullable<String>
        /// The app password's device ("iPhone") or the browser; empty when there is nothing better than the kind.
        let name: String
        let userAgent: Nullable<String>
        /// The account that made the change, while it exists.
        let account: Nullable<String>

        init(_ client: ChangeClient?, account: String?) {
            (kind, name) = (Nullable(client?.kind.rawValue), client?.name ?? "")
            (userAgent, self.account) = (Nullable(client?.userAgent), Nullable(account))
        }

    }

    /// One version of a contact; `contact` is the contact as that change left it (null when it
    /// moved to another book), `live` whether it was in the book then rather than in the trash.
    struct JSONVersion: Encodable {
        let version: Int64
        let at: String
        let change: String
        let by: JSONClient
        let live: Bool
        let contact: Nullable<ContactOutput.JSONContact>

        init(_ version: ContactVersion) {
            (self.version, at, change) = (version.number, preciseTimestamp(version.at), version.change.rawValue)
            by = JSONClient(version.client, account: version.account)
            live = version.isLive
            contact = Nullable(version.contact.map { ContactOutput.JSONContact($0) })
        }

    }

    /// What one client changed in the book: how many contacts each kind of change touched.
    struct JSONActivity: Encodable {
        let by: JSONClient
        let changes: [String: Int]
        let first, last: String

        init(_ activity: ClientActivity) {
            by = JSONClient(activity.client, account: activity.account)
            changes = Dictionary(uniqueKeysWithValues: activity.changes.map { ($0.key.rawValue, $0.value) })
            (first, last) = (preciseTimestamp(activity.first), preciseTimestamp(activity.last))
        }
    }

    /// The deletions the contact list warns of; `undoTo` is the `rewind --to` that undoes them.
    struct JSONMassDeletion: Encodable {
        let by: JSONClient
        let count: Int
        let first, last, undoTo: String

        init(_ deletion: MassDeletion) {
            (by, count) = (JSONClient(deletion.client, account: deletion.account), deletion.count)
            (first, last, undoTo) = (preciseTimestamp(deletion.first), preciseTimestamp(deletion.last), preciseTimestamp(deletion.undoTo))
        }
    }

    /// A book's recent changes by client, latest first, and the mass deletion (null when none).
    struct JSONBookHistory: Encodable {
        let since: String
        let clients: [JSONActivity]
        let massDeletion: Nullable<JSONMassDeletion>

    }

    /// A rewind's contacts by id, and how many of each.
    struct JSONRewind: Encodable {
        let to: String
        let dryRun: Bool
        let broughtBack, setBack, removed: [Int64]
        let counts: [String: Int]

        init(_ plan: RewindPlan, dryRun: Bool) {
            (to, self.dryRun) = (preciseTimestamp(plan.to), dryRun)
            (broughtBack, setBack, removed) = (plan.broughtBack, plan.setBack, plan.removed)
            counts = ["broughtBack": broughtBack.count, "setBack": setBack.count, "removed": removed.count]
        }
    }

    /// A value written as null when absent, where an optional would leave its key out.
    struct Nullable<Value: Encodable>: Encodable {
        let value: Value?

        init(_ value: Value?) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
    }

    /// Each version's heading, then the contact as it was, indented.
    static func versions(_ versions: [ContactVersion], _ catalogue: any Catalogue) -> String {
        versions.map { version in
            let heading = catalogue.versionHeading(version.number, at: version.at, change: version.change, by: version.client,
                                                   account: version.account)
            let body = version.contact.map { ContactOutput.detail($0) } ?? catalogue.movedToAnotherBook
            return heading + "\n" + body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The book's changes since `since`, one line per client, then the mass deletion if any.
    static func activity(_ activity: [ClientActivity], since: Date, massDeletion: MassDeletion?, _ catalogue: any Catalogue) -> String {
        var lines = [catalogue.activitySince(since, any: !activity.isEmpty)]
        lines += activity.map { catalogue.activityEntry(by: $0.client, account: $0.account, changes: $0.changes, first: $0.first, last: $0.last) }
        if let deletion = massDeletion {
            lines += ["", catalogue.massDeletionNotice(by: deletion.client, account: deletion.account, count: deletion.count,
                                                        at: deletion.first, undoTo: deletion.undoTo)]
        }
        return lines.joined(separator: "\n")
    }
}
