import Foundation
import SQLEngine

extension ContactStore {
    /// Takes the book back to how it was at `moment`: contacts made since go to the trash,
    /// contacts changed since get the version they had then, contacts deleted (or moved away)
    /// since come back with their UIDs and names; group cards too, with their members. Each is
    /// one new change in the book's log, so every client's next sync brings it to that moment;
    /// what was undone stays in the history, and a rewind can itself be rewound. All or nothing.
    /// - Parameter dryRun: only says what it would do.
    /// - Throws: `rewindOutOfReach` for a moment before the history's start or after now,
    ///   `addressBookReadOnly` for a book shared read-only (a dry run too), `uidConflict` when a
    ///   card to bring back has a UID another live card took since.
    public func rewind(_ scope: AddressBookScope, to moment: Date, dryRun: Bool = false) throws -> RewindPlan {
        let now = now()
        let earliest = historyCutoff()
        // Compared as dates first: a moment far outside the history (or not a number) has no
        // milliseconds an Int64 holds.
        guard moment >= Self.date(earliest), moment <= Self.date(now) else {
            throw StoreError.rewindOutOfReach(earliest: Self.date(earliest))
        }
        let target = Self.milliseconds(moment)
        guard target >= earliest, target <= now else { throw StoreError.rewindOutOfReach(earliest: Self.date(earliest)) }
        let cutoff = trashCutoff()
        return try writing(scope, as: .restore) { db in
            let steps = try Self.rewindSteps(in: scope, to: target, db: db)
            var plan = (broughtBack: [Int64](), setBack: [Int64](), removed: [Int64]())
            for step in steps where !step.isGroup {
                switch (step.then != nil, step.liveNow) {
                case (false, true): plan.removed.append(step.id)
                case (true, true): plan.setBack.append(step.id)
                case (true, false): plan.broughtBack.append(step.id)
                case (false, false): break
                }
            }
            if !dryRun {
                // Removals first, so a card coming back finds its UID and name free; then group
                // cards, so that the groups a member's categories name are there when it comes back.
                let order = { (step: RewindStep) in step.then == nil ? 0 : step.isGroup ? 1 : 2 }
                for step in steps.sorted(by: { order($0) < order($1) }) {
                    if let number = step.then {
                        guard let version = try Self.version(number, of: step.id, in: scope, db: db) else { continue }
                        try Self.bringBack(version, in: scope, now: now, cutoff: cutoff, db: db)
                    } else if step.liveNow {
                        _ = try Self.moveToTrash(step.id, in: scope, now: now, cutoff: cutoff, db: db)
                    }
                }
            }
            return RewindPlan(to: moment, broughtBack: plan.broughtBack, setBack: plan.setBack, removed: plan.removed)
        }
    }

    private typealias RewindStep = (id: Int64, then: Int64?, liveNow: Bool, isGroup: Bool)

    /// Each contact (or group card) of the book changed after `target`: the version it had then
    /// (nil when it was not in the book: not made yet, deleted, or moved away), and whether it is
    /// live now.
    private static func rewindSteps(in scope: AddressBookScope, to target: Int64, db: any SQLConnection) throws -> [RewindStep] {
        try db.statement("""
            SELECT changed.id, t.revision, t.live, c.id IS NOT NULL AND c.deleted_at IS NULL, coalesce(c.is_group, t.is_group, 0)
            FROM (SELECT DISTINCT id FROM contact_versions WHERE book_id = ? AND changed_at > ?) changed
            LEFT JOIN contact_versions t ON t.book_id = ? AND t.id = changed.id AND t.revision = (
                SELECT max(w.revision) FROM contact_versions w WHERE w.book_id = ? AND w.id = changed.id AND w.changed_at <= ?)
            LEFT JOIN contacts c ON c.book_id = ? AND c.id = changed.id
            ORDER BY changed.id
            """).rows([scope.bookID, target, scope.bookID, scope.bookID, target, scope.bookID]) { row in
            (id: row.int64(0), then: row.isNull(1) || row.int(2) == 0 ? nil : row.int64(1), liveNow: row.int(3) != 0, isGroup: row.int(4) != 0)
        }
    }

    /// What each client changed in the book since `since`, the clients that changed most recently first.
    public func activity(in scope: AddressBookScope, since: Date) throws -> [ClientActivity] {
        let rows = try queue.read { db in
            try db.statement("""
                SELECT v.client_kind, v.client_key, max(v.client_name), max(v.user_agent), u.username, v.change, count(*),
                    min(v.changed_at), max(v.changed_at)
                FROM contact_versions v LEFT JOIN users u ON u.id = v.changed_by
                WHERE v.book_id = ? AND v.changed_at >= ? AND v.client_key IS NOT NULL AND coalesce(v.is_group, 0) = 0
                GROUP BY v.client_kind, v.client_key, u.username, v.change
                """).rows([scope.bookID, Self.milliseconds(min(max(since, .distantPast), .distantFuture))]) { row in
                (client: Self.client(row, from: 0), account: row.optionalText(4), change: ContactVersion.Change(rawValue: row.text(5)),
                 count: row.int(6), first: row.int64(7), last: row.int64(8))
            }
        }
        var activities: [String: ClientActivity] = [:]
        for row in rows {
            guard let change = row.change else { continue }
            let key = "\(row.client?.kind.rawValue ?? "")\u{0}\(row.client?.key ?? "")\u{0}\(row.account ?? "")"
            let known = activities[key]
            var changes = known?.changes ?? [:]
            changes[change, default: 0] += row.count
            activities[key] = ClientActivity(client: known?.client ?? row.client, account: row.account, changes: changes,
                                             first: min(known?.first ?? .distantFuture, Self.date(row.first)),
                                             last: max(known?.last ?? .distantPast, Self.date(row.last)))
        }
        return activities.values.sorted { $0.last > $1.last }
    }

    /// How long a burst of deletions may take, and how far back the list looks for one.
    public static let massDeletionWindow: TimeInterval = 10 * 60
    public static let massDeletionLookback: TimeInterval = 24 * 3600
    /// A burst is more than this many contacts…
    public static let massDeletionCount = 50
    /// …or more than this share of the book, when it is at least `massDeletionShareFloor` contacts.
    public static let massDeletionShare = 0.2
    public static let massDeletionShareFloor = 10

    /// The latest burst of deletions by one client in the last day that is still deleted: more
    /// than `massDeletionCount` contacts, or more than `massDeletionShare` of the book (and at
    /// least `massDeletionShareFloor`), within `massDeletionWindow`. Nil when there is none.
    public func massDeletion(in scope: AddressBookScope) throws -> MassDeletion? {
        let since = now() - Int64(Self.massDeletionLookback * 1000)
        let (deletions, live) = try queue.read { db in
            let deletions = try db.statement("""
                SELECT v.client_kind, v.client_key, v.client_name, v.user_agent, u.username, v.changed_at
                FROM contact_versions v LEFT JOIN users u ON u.id = v.changed_by
                WHERE v.book_id = ? AND v.changed_at >= ? AND v.change = 'deleted' AND coalesce(v.is_group, 0) = 0
                    AND NOT EXISTS (SELECT 1 FROM contact_versions n WHERE n.book_id = v.book_id AND n.id = v.id AND n.revision > v.revision)
                ORDER BY v.changed_at
                """).rows([scope.bookID, since]) { row in
                (client: Self.client(row, from: 0), account: row.optionalText(4), at: row.int64(5))
            }
            return (deletions, try Self.count(in: scope, db: db))
        }
        let window = Int64(Self.massDeletionWindow * 1000)
        var latest: MassDeletion?
        for group in Dictionary(grouping: deletions, by: { "\($0.client?.key ?? "")\u{0}\($0.account ?? "")" }).values {
            // The longest run inside the window, over every start.
            var start = 0
            for end in group.indices {
                while group[end].at - group[start].at > window { start += 1 }
                let count = end - start + 1
                let share = Double(count) / Double(live + group.count)
                guard count > Self.massDeletionCount || (count >= Self.massDeletionShareFloor && share > Self.massDeletionShare) else { continue }
                let burst = MassDeletion(client: group[end].client, account: group[end].account, count: count,
                                         first: Self.date(group[start].at), last: Self.date(group[end].at))
                if latest == nil || burst.first > latest!.first || (burst.first == latest!.first && burst.count > latest!.count) {
                    latest = burst
                }
            }
        }
        return latest
    }

    /// The client of a row whose columns from `first` are its kind, key, name and User-Agent.
    static func client(_ row: any SQLRow, from first: Int32) -> ChangeClient? {
        row.optionalText(first).flatMap(ChangeClient.Kind.init).map {
            ChangeClient(kind: $0, key: row.text(first + 1), name: row.optionalText(first + 2) ?? "", userAgent: row.optionalText(first + 3))
        }
    }
}
