import ContactsCore
import SQLEngine

/// A group of an address book: a label its contacts carry (their CATEGORIES) and a card of its
/// own listing them (Apple's group card). A contact can be in several.
public struct ContactGroup: Sendable, Equatable {
    /// The group card's row id (ids of contacts and groups never collide).
    public let id: Int64
    /// The group card's UID.
    public let uid: String
    public let name: String
    /// How many live contacts are in it.
    public let memberCount: Int
}

extension ContactStore {
    /// The book's groups, in the order of their names (as contacts are sorted), with their counts.
    public func groups(in scope: AddressBookScope) throws -> [ContactGroup] {
        try queue.read { db in
            try db.statement("\(Self.groupQuery) ORDER BY g.sort_key, g.group_name, g.id").rows([scope.bookID], Self.group(from:))
        }
    }

    /// The book's groups' ids and names in name order, without counting their members: what a
    /// list of choices needs, read through the index of group cards by name.
    public func groupChoices(in scope: AddressBookScope) throws -> [(id: Int64, name: String)] {
        try queue.read { db in
            try db.statement("""
                SELECT id, group_name FROM contacts WHERE book_id = ? AND group_name >= '' AND is_group = 1 AND deleted_at IS NULL
                ORDER BY group_name, id
                """).rows([scope.bookID]) { (id: $0.int64(0), name: $0.text(1)) }
        }
    }

    /// The book's group called `name` (the first made, when clients made several), or nil.
    public func group(named name: String, in scope: AddressBookScope) throws -> ContactGroup? {
        guard let name = ContactDetails.groupName(name) else { return nil }
        return try queue.read { db in
            try db.statement("\(Self.groupQuery) AND g.group_name = ? ORDER BY g.created_at, g.id LIMIT 1").firstRow([scope.bookID, name], Self.group(from:))
        }
    }

    /// The book's group called `name`; throws `noGroupNamed` when it has none.
    public func existingGroup(named name: String, in scope: AddressBookScope) throws -> ContactGroup {
        guard let group = try group(named: name, in: scope) else { throw StoreError.noGroupNamed(name) }
        return group
    }

    /// The book's group with this id; throws `groupNotFound` for any other id.
    public func group(id: Int64, in scope: AddressBookScope) throws -> ContactGroup {
        try queue.read { db in try Self.group(id: id, in: scope, db: db) }
    }

    /// Makes an empty group: a group card clients sync (a group on an iPhone).
    /// - Throws: `invalidGroupName`, `groupNameTaken`.
    public func createGroup(named name: String, in scope: AddressBookScope) throws -> ContactGroup {
        guard let name = ContactDetails.groupName(name) else { throw StoreError.invalidGroupName(name) }
        let now = now()
        return try writing(scope) { db in
            guard try GroupSync.liveGroups(named: name, in: scope, db: db).isEmpty else { throw StoreError.groupNameTaken(name) }
            let id = try GroupSync.makeGroup(named: name, in: scope, now: now, db: db)
            return try Self.group(id: id, in: scope, db: db)
        }
    }

    /// Renames the group: its card and the CATEGORIES of each of its contacts.
    /// - Throws: `invalidGroupName`, `groupNameTaken`, `groupNotFound`.
    public func renameGroup(id: Int64, to name: String, in scope: AddressBookScope) throws -> ContactGroup {
        guard let name = ContactDetails.groupName(name) else { throw StoreError.invalidGroupName(name) }
        let now = now()
        return try writing(scope) { db in
            let group = try Self.group(id: id, in: scope, db: db)
            guard group.name != name else { return group }
            guard try GroupSync.liveGroups(named: name, in: scope, db: db).isEmpty else { throw StoreError.groupNameTaken(name) }
            try GroupSync.rewrite(id, in: scope, now: now, db: db) { $0.name = name }
            return try Self.group(id: id, in: scope, db: db)
        }
    }

    /// Deletes the group: its card goes, its contacts stay (without its name in their CATEGORIES).
    public func deleteGroup(id: Int64, in scope: AddressBookScope) throws {
        let (now, cutoff) = (now(), trashCutoff())
        try writing(scope) { db in
            _ = try Self.group(id: id, in: scope, db: db)
            _ = try Self.moveToTrash(id, in: scope, now: now, cutoff: cutoff, db: db)
        }
    }

    /// Puts the book's contacts `ids` in the group (those already in it stay), in one transaction:
    /// the group card lists them and each one's CATEGORIES names the group. Ids of no live
    /// contact of the book are left out. - Returns: how many joined.
    @discardableResult
    public func addContacts(_ ids: [Int64], toGroup groupID: Int64, in scope: AddressBookScope) throws -> Int {
        try changeMembers(of: groupID, adding: ids, removing: [], in: scope)
    }

    /// Takes the book's contacts `ids` out of the group. - Returns: how many left.
    @discardableResult
    public func removeContacts(_ ids: [Int64], fromGroup groupID: Int64, in scope: AddressBookScope) throws -> Int {
        try changeMembers(of: groupID, adding: [], removing: ids, in: scope)
    }

    /// The ids of the group's live contacts.
    func memberIDs(of groupID: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> Set<Int64> {
        Set(try db.statement("SELECT contact_id FROM group_members WHERE book_id = ? AND group_id = ? AND contact_id IS NOT NULL")
            .rows([scope.bookID, groupID]) { $0.int64(0) })
    }

    private func changeMembers(of groupID: Int64, adding: [Int64], removing: [Int64], in scope: AddressBookScope) throws -> Int {
        let now = now()
        return try writing(scope) { db in
            _ = try Self.group(id: groupID, in: scope, db: db)
            let members = try memberIDs(of: groupID, in: scope, db: db)
            let join = try Self.memberKeys(adding.filter { !members.contains($0) }, in: scope, db: db)
            let leave = try Self.memberKeys(removing.filter(members.contains), in: scope, db: db)
            guard !join.isEmpty || !leave.isEmpty else { return 0 }
            try GroupSync.rewrite(groupID, in: scope, now: now, db: db) { $0.changeGroupMembers(adding: join, removing: leave) }
            return join.count + leave.count
        }
    }

    /// The member keys of the book's live contacts among `ids`, in the order given, each once.
    private static func memberKeys(_ ids: [Int64], in scope: AddressBookScope, db: any SQLConnection) throws -> [String] {
        let statement = try db.statement("SELECT uid FROM contacts WHERE id = ? AND book_id = ? AND deleted_at IS NULL AND is_group = 0")
        var seen: Set<Int64> = []
        return try ids.filter { seen.insert($0).inserted }.compactMap { id in
            try statement.firstRow([id, scope.bookID]) { ContactDetails.memberKey($0.text(0)) }
        }
    }

    private static func group(id: Int64, in scope: AddressBookScope, db: any SQLConnection) throws -> ContactGroup {
        guard let group = try db.statement("\(groupQuery) AND g.id = ?").firstRow([scope.bookID, id], group(from:)) else {
            throw StoreError.groupNotFound
        }
        return group
    }

    /// The book's live groups with their member counts; the book's id is its one parameter.
    private static let groupQuery = """
        SELECT g.id, g.uid, g.group_name,
               (SELECT count(*) FROM group_members m WHERE m.book_id = g.book_id AND m.group_id = g.id AND m.contact_id IS NOT NULL)
        FROM contacts g WHERE g.book_id = ? AND g.group_name >= '' AND g.is_group = 1 AND g.deleted_at IS NULL
        """

    private static func group(from row: any SQLRow) -> ContactGroup {
        ContactGroup(id: row.int64(0), uid: row.text(1), name: row.text(2), memberCount: row.int(3))
    }
}
