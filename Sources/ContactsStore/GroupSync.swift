import ContactsCore
import Foundation
import SQLEngine

/// What a card says about groups, read before the write transaction.
struct CardGroups: Sendable {
    /// Whether the card is a group's (see `ContactDetails.isGroup`).
    let isGroup: Bool
    /// A contact's CATEGORIES; empty for a group's card.
    let categories: [String]
    /// A group card's members (`ContactDetails.memberKey`); empty for a contact.
    let members: [String]

    init(_ details: ContactDetails) {
        (isGroup, categories, members) = details.groupFacts
    }

    /// Whether writing the card can change no group when its book has no members in any group.
    var touchesNoGroup: Bool { !isGroup && categories.isEmpty }
}

/// Group cards whose members changed during a batch of inserts, to be rewritten once at its end.
final class GroupCardsToRefresh {
    var groups: Set<Int64> = []
}

/// Keeps a book's two ways of saying who is in which group in step, inside the transaction of
/// every write of a card: each group's own card (its members by UID, as Apple Contacts reads and
/// writes them) and each contact's CATEGORIES (as DAVx5, Thunderbird and the web app do), with
/// `group_members` as the index of both. A write changes only what it changed: a contact's new
/// categories join or leave groups and rewrite those group cards; a group card's new members,
/// lost members or new name rewrite those contacts' CATEGORIES. A category no group has yet
/// makes a group card. Rewrites go through `ContactStore.replaceDetails`, so each is a change
/// clients sync, and come back here finding nothing more to do.
enum GroupSync {
    /// After a contact or group card was inserted (or restored from the trash).
    /// - Parameter cardsToRefresh: when given, the group cards the contact joins are collected
    ///   here to be rewritten once for the whole batch (`refreshMembers`), not once per member:
    ///   an import of a thousand cards in one group writes its card once.
    static func created(_ id: Int64, uid: String, groups: CardGroups, in scope: AddressBookScope, now: Int64,
                        cardsToRefresh: GroupCardsToRefresh? = nil, db: any SQLConnection) throws {
        if groups.isGroup {
            try groupWritten(id, members: groups.members, created: true, in: scope, now: now, db: db)
            return
        }
        let key = ContactDetails.memberKey(uid)
        // Groups whose cards named this contact before its card arrived.
        try db.send("UPDATE group_members SET contact_id = ? WHERE book_id = ? AND member_key = ?", id, scope.bookID, key)
        let current = try memberships(of: key, in: scope, db: db)
        let names = Set(current.map(\.name))
        try join(id, key: key, groupsNamed: groups.categories.filter { !names.contains($0) }, in: scope, now: now,
                 cardsToRefresh: cardsToRefresh, db: db)
        let categories = Set(groups.categories)
        let missing = current.map(\.name).filter { !categories.contains($0) }
        if !missing.isEmpty {
            try rewrite(id, in: scope, now: now, db: db) { $0.changeCategories(adding: missing, removing: []) }
        }
    }

    /// After a contact's or group card's details were replaced.
    static func updated(_ id: Int64, groups: CardGroups, in scope: AddressBookScope, now: Int64, db: any SQLConnection) throws {
        if groups.isGroup {
            try groupWritten(id, members: groups.members, created: false, in: scope, now: now, db: db)
            return
        }
        guard let uid = try db.statement("SELECT uid FROM contacts WHERE id = ? AND book_id = ?").firstRow([id, scope.bookID], { $0.text(0) })
        else { return }
        let key = ContactDetails.memberKey(uid)
        let current = try memberships(of: key, in: scope, db: db)
        let wanted = Set(groups.categories)
        for membership in current where !wanted.contains(membership.name) {
            try leave(membership.groupID, key: key, in: scope, now: now, db: db)
        }
        let names = Set(current.map(\.name))
        try join(id, key: key, groupsNamed: groups.categories.filter { !names.contains($0) }, in: scope, now: now, db: db)
    }

    /// After a contact or group card went to the trash: a contact leaves every group card; a
    /// group leaves every member's CATEGORIES (unless another group of that name remains).
    static func removed(_ id: Int64, in scope: AddressBookScope, now: Int64, db: any SQLConnection) throws {
        guard let row = try db.statement("SELECT uid, is_group, group_name FROM contacts WHERE id = ? AND book_id = ?")
            .firstRow([id, scope.bookID], { (uid: $0.text(0), isGroup: $0.int(1) != 0, groupName: $0.optionalText(2)) }) else { return }
        guard row.isGroup else {
            let key = ContactDetails.memberKey(row.uid)
            for membership in try memberships(of: key, in: scope, db: db) {
                try leave(membership.groupID, key: key, in: scope, now: now, db: db)
            }
            try db.send("DELETE FROM group_members WHERE book_id = ? AND member_key = ?", scope.bookID, key)
            return
        }
        let members = try db.statement("SELECT contact_id FROM group_members WHERE book_id = ? AND group_id = ? AND contact_id IS NOT NULL")
            .rows([scope.bookID, id]) { $0.int64(0) }
        try db.send("DELETE FROM group_members WHERE book_id = ? AND group_id = ?", scope.bookID, id)
        guard let name = row.groupName, try liveGroups(named: name, in: scope, db: db).isEmpty else { return }
        for member in members {
            try rewrite(member, in: scope, now: now, db: db) { $0.changeCategories(adding: [], removing: [name]) }
        }
    }

    /// After a contact or group card came back from the trash: as if it had just arrived.
    static func restored(_ id: Int64, in scope: AddressBookScope, now: Int64, db: any SQLConnection) throws {
        guard let contact = try db.statement("SELECT \(ContactRow.columns) FROM contacts c WHERE c.id = ? AND c.book_id = ?")
            .firstRow([id, scope.bookID], ContactRow.contact) else { return }
        try created(id, uid: contact.uid, groups: CardGroups(contact.details), in: scope, now: now, db: db)
    }

    /// Whether the book has no member in any group, so that writing a card without categories
    /// that is no group card changes nothing here.
    static func bookHasNoMembers(_ scope: AddressBookScope, db: any SQLConnection) throws -> Bool {
        try db.statement("SELECT 1 FROM group_members WHERE book_id = ? LIMIT 1").firstRow([scope.bookID], { _ in true }) == nil
    }

    /// Marks the group cards among the stored rows and indexes every group's members and every
    /// contact's categories, making the group cards the categories call for: for a store written
    /// before groups were kept. Group cards first, so contacts find the groups that exist.
    static func indexExistingCards(_ db: any SQLConnection) throws {
        let now = ContactStore.milliseconds(Date())
        let candidates = try db.statement("""
            SELECT c.id, c.book_id, b.user_id, c.deleted_at IS NULL FROM contacts c JOIN address_books b ON b.id = c.book_id
            WHERE lower(c.extra_properties) LIKE '%kind%' OR lower(c.extra_properties) LIKE '%categories%' ORDER BY c.id
            """).rows { (id: $0.int64(0), scope: AddressBookScope(userID: $0.int64(2), bookID: $0.int64(1)), live: $0.int(3) != 0) }
        var contacts: [(id: Int64, scope: AddressBookScope, uid: String, groups: CardGroups)] = []
        for candidate in candidates {
            guard let contact = try db.statement("SELECT \(ContactRow.columns) FROM contacts c WHERE c.id = ? AND c.book_id = ?")
                .firstRow([candidate.id, candidate.scope.bookID], ContactRow.contact) else { continue }
            let groups = CardGroups(contact.details)
            if groups.isGroup {
                try db.send("UPDATE contacts SET is_group = 1 WHERE id = ? AND book_id = ?", candidate.id, candidate.scope.bookID)
                if candidate.live {
                    try ContactStore.moveLiveContacts(by: -1, in: candidate.scope.bookID, db: db)
                    try groupWritten(candidate.id, members: groups.members, created: true, in: candidate.scope, now: now, db: db)
                }
            } else if candidate.live, !groups.categories.isEmpty {
                contacts.append((candidate.id, candidate.scope, contact.uid, groups))
            }
        }
        for contact in contacts {
            try created(contact.id, uid: contact.uid, groups: contact.groups, in: contact.scope, now: now, db: db)
        }
    }

    // MARK: Group cards

    /// A group card was written: its name and members as its card now says.
    private static func groupWritten(_ id: Int64, members: [String], created: Bool, in scope: AddressBookScope, now: Int64,
                                     db: any SQLConnection) throws {
        guard let row = try db.statement("SELECT name, group_name FROM contacts WHERE id = ? AND book_id = ?")
            .firstRow([id, scope.bookID], { (name: $0.text(0), groupName: $0.optionalText(1)) }) else { return }
        let name = ContactDetails.groupName(row.name) ?? row.name
        let oldName = created ? nil : row.groupName
        try db.send("UPDATE contacts SET group_name = ? WHERE id = ? AND book_id = ?", name, id, scope.bookID)
        if created { try checkGroupLimit(in: scope, db: db) }
        let current = created ? [] : try db.statement("SELECT member_key, contact_id FROM group_members WHERE book_id = ? AND group_id = ?")
            .rows([scope.bookID, id]) { (key: $0.text(0), contactID: $0.optionalInt64(1)) }
        let wanted = Set(members)
        for member in current where !wanted.contains(member.key) {
            try db.send("DELETE FROM group_members WHERE book_id = ? AND group_id = ? AND member_key = ?", scope.bookID, id, member.key)
            if let contactID = member.contactID {
                try rewrite(contactID, in: scope, now: now, db: db) { $0.changeCategories(adding: [], removing: [oldName ?? name]) }
            }
        }
        let known = Set(current.map(\.key))
        for key in members where !known.contains(key) {
            let contactID = try liveContact(withKey: key, in: scope, db: db)
            try db.send("""
                INSERT INTO group_members (book_id, group_id, member_key, contact_id) VALUES (?, ?, ?, ?)
                ON CONFLICT (book_id, group_id, member_key) DO UPDATE SET contact_id = excluded.contact_id
                """, scope.bookID, id, key, contactID)
            if let contactID {
                try rewrite(contactID, in: scope, now: now, db: db) { $0.changeCategories(adding: [name], removing: []) }
            }
        }
        if created { try absorbGroups(named: name, into: id, in: scope, now: now, db: db) }
        guard let oldName, oldName != name else { return }
        for member in current where wanted.contains(member.key) {
            guard let contactID = member.contactID else { continue }
            try rewrite(contactID, in: scope, now: now, db: db) { $0.renameCategory(oldName, to: name) }
        }
    }

    /// A group card that arrives with the name of groups the book has (a group made from
    /// CATEGORIES before Apple's card of it came, an import of contacts before their group cards)
    /// takes their members, and their cards go: one group of each name, as people mean it.
    private static func absorbGroups(named name: String, into id: Int64, in scope: AddressBookScope, now: Int64,
                                     db: any SQLConnection) throws {
        let others = try liveGroups(named: name, in: scope, db: db).filter { $0 != id }
        guard !others.isEmpty else { return }
        for other in others {
            try db.send("""
                INSERT INTO group_members (book_id, group_id, member_key, contact_id)
                SELECT book_id, ?, member_key, contact_id FROM group_members WHERE book_id = ? AND group_id = ?
                ON CONFLICT (book_id, group_id, member_key) DO NOTHING
                """, id, scope.bookID, other)
            _ = try ContactStore.moveToTrash(other, in: scope, now: now, cutoff: 0, db: db)
        }
        try refreshMembers(of: id, in: scope, now: now, db: db)
    }

    // MARK: Contacts

    /// Puts the contact in every live group of each name (making a group card for a name no
    /// group has) and adds it to those cards, or to `cardsToRefresh` when given.
    private static func join(_ id: Int64, key: String, groupsNamed names: [String], in scope: AddressBookScope, now: Int64,
                             cardsToRefresh: GroupCardsToRefresh? = nil, db: any SQLConnection) throws {
        for name in names {
            var groups = try liveGroups(named: name, in: scope, db: db)
            if groups.isEmpty { groups = [try makeGroup(named: name, in: scope, now: now, db: db)] }
            for group in groups {
                try db.send("""
                    INSERT INTO group_members (book_id, group_id, member_key, contact_id) VALUES (?, ?, ?, ?)
                    ON CONFLICT (book_id, group_id, member_key) DO UPDATE SET contact_id = excluded.contact_id
                    """, scope.bookID, group, key, id)
                if let cardsToRefresh {
                    cardsToRefresh.groups.insert(group)
                } else {
                    try rewrite(group, in: scope, now: now, db: db) { $0.changeGroupMembers(adding: [key], removing: []) }
                }
            }
        }
    }

    /// Makes the group card list exactly the members `group_members` has for it (keeping the
    /// lines of those it already lists, in their order).
    static func refreshMembers(of group: Int64, in scope: AddressBookScope, now: Int64, db: any SQLConnection) throws {
        let members = try db.statement("SELECT member_key FROM group_members WHERE book_id = ? AND group_id = ? ORDER BY member_key")
            .rows([scope.bookID, group]) { $0.text(0) }
        try rewrite(group, in: scope, now: now, db: db) { card in
            let listed = card.groupMembers
            let wanted = Set(members)
            card.changeGroupMembers(adding: members.filter { !Set(listed).contains($0) }, removing: listed.filter { !wanted.contains($0) })
        }
    }

    /// Takes the member off the group and off its card.
    private static func leave(_ group: Int64, key: String, in scope: AddressBookScope, now: Int64, db: any SQLConnection) throws {
        try db.send("DELETE FROM group_members WHERE book_id = ? AND group_id = ? AND member_key = ?", scope.bookID, group, key)
        try rewrite(group, in: scope, now: now, db: db) { $0.changeGroupMembers(adding: [], removing: [key]) }
    }

    /// Inserts an empty group card called `name`; returns its id.
    static func makeGroup(named name: String, in scope: AddressBookScope, now: Int64, db: any SQLConnection) throws -> Int64 {
        let details = ContactDetails.group(named: name)
        return try ContactInsertion.inserting(count: 1, db: db) { try $0.next(PreparedRow(details), in: scope, now: now) }
    }

    /// Refuses a group card that takes the book past `StoreLimit.groups` live groups.
    private static func checkGroupLimit(in scope: AddressBookScope, db: any SQLConnection) throws {
        let limit = StoreError.StoreLimit.groups
        let groups = try db.statement("""
            SELECT count(*) FROM (SELECT 1 FROM contacts WHERE book_id = ? AND group_name >= '' AND is_group = 1 AND deleted_at IS NULL LIMIT ?) AS g
            """).firstRow([scope.bookID, limit.maximum + 1]) { $0.int(0) } ?? 0
        guard groups <= limit.maximum else { throw StoreError.limitReached(limit) }
    }

    /// The live groups the member with this key is in, with the names their members carry.
    private static func memberships(of key: String, in scope: AddressBookScope, db: any SQLConnection) throws
        -> [(groupID: Int64, name: String)] {
        try db.statement("""
            SELECT m.group_id, g.group_name FROM group_members m CROSS JOIN contacts g
            WHERE m.book_id = ? AND m.member_key = ? AND g.book_id = m.book_id AND g.id = m.group_id
              AND g.deleted_at IS NULL AND g.group_name >= ''
            """).rows([scope.bookID, key]) { (groupID: $0.int64(0), name: $0.text(1)) }
    }

    /// The ids of the book's live group cards whose members carry `name`.
    static func liveGroups(named name: String, in scope: AddressBookScope, db: any SQLConnection) throws -> [Int64] {
        try db.statement("""
            SELECT id FROM contacts WHERE book_id = ? AND group_name = ? AND is_group = 1 AND deleted_at IS NULL
            """).rows([scope.bookID, name]) { $0.int64(0) }.sorted()
    }

    /// The live contact (not a group card) whose UID has this member key, if the book has one.
    private static func liveContact(withKey key: String, in scope: AddressBookScope, db: any SQLConnection) throws -> Int64? {
        try db.statement("""
            SELECT id FROM contacts WHERE book_id = ? AND uid IN (?, ?) AND deleted_at IS NULL AND is_group = 0
            """).rows([scope.bookID, key, "urn:uuid:" + key]) { $0.int64(0) }.min()
    }

    /// Changes a live card's details by `change` and writes them as a change of their own (a
    /// new revision clients sync), which comes back here for what it changes in groups;
    /// nothing when `change` leaves the details as they were.
    static func rewrite(_ id: Int64, in scope: AddressBookScope, now: Int64, db: any SQLConnection,
                        _ change: (inout ContactDetails) -> Void) throws {
        guard var contact = try db.statement("""
            SELECT \(ContactRow.columns) FROM contacts c WHERE c.id = ? AND c.book_id = ? AND c.deleted_at IS NULL
            """).firstRow([id, scope.bookID], ContactRow.contact) else { return }
        let before = contact.details
        change(&contact.details)
        guard contact.details != before else { return }
        contact.details.photo = try ContactStore.photo(of: id, in: scope, db: db)
        // Stored details were valid when written: they are written back as they are.
        _ = try ContactStore.replaceDetails(of: id, with: PreparedRow(contact.details), in: scope, now: now, db: db)
    }
}
