import SQLEngine

/// What a live contact says, as the detail columns of its row hold it: an imported card that
/// would write the same values (and the same photo) is that contact again.
struct StoredContent {
    let id: Int64
    private let values: [SQLValue]
    private let hasPhoto: Bool
    /// A group card's members (`CardGroups.members`); nil for a contact.
    private let groupMembers: Set<String>?
    /// The photo's bytes when known without reading the photos table (a row written by this import).
    private let photo: [UInt8]?

    /// The content of a row selected as `ContactRow.columns` followed by `is_group`.
    init(row: any SQLRow) {
        let contact = ContactRow.contact(from: row)
        id = contact.id
        hasPhoto = contact.hasPhoto
        let groups = CardGroups(contact.details)
        values = ContactRow.detailValues(contact.details, isGroup: groups.isGroup, hasPhoto: contact.hasPhoto).map(\.sqlValue)
        groupMembers = groups.isGroup ? Set(groups.members) : nil
        photo = nil
    }

    /// The content of the contact `id` just written from `row`.
    init(id: Int64, row: PreparedRow) {
        self.id = id
        values = row.values.map(\.sqlValue)
        hasPhoto = row.photo != nil
        photo = row.photo?.data
        groupMembers = row.groups.isGroup ? Set(row.groups.members) : nil
    }

    /// Whether writing `row` would leave this contact as it is: the same detail columns and the
    /// same photo. With `groupsByName`, a group card says what a group of the same name says
    /// when each member it names is one already: the book's group card names its members, which
    /// the card of a file made elsewhere does not (they have other UIDs there).
    func says(_ row: PreparedRow, groupsByName: Bool, in scope: AddressBookScope, db: any SQLConnection) throws -> Bool {
        if groupsByName, let groupMembers, row.groups.isGroup {
            return values.first == row.values.first?.sqlValue && groupMembers.isSuperset(of: row.groups.members)
        }
        guard !row.keepsPhoto, values == row.values.map(\.sqlValue) else { return false }
        guard let wanted = row.photo else { return !hasPhoto }
        guard hasPhoto else { return false }
        let stored = try photo ?? db.statement("SELECT data FROM photos WHERE book_id = ? AND contact_id = ?")
            .firstRow([scope.bookID, id]) { $0.blob(0) }
        return stored == wanted.data
    }
}
