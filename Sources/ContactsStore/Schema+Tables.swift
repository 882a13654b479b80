import SQLEngine

extension Schema {
    /// Every table of the current schema, parents before the tables that reference them: what a
    /// fresh installation is made of on either engine, what the migrations that add a table,
    /// column or index render it from, and what each engine's catalogue is checked against.
    ///
    /// Every text column compares byte by byte on both engines (`COLLATE "C"` on PostgreSQL), so
    /// display order, uniqueness and the search index's order agree whatever the database's
    /// locale. On PostgreSQL every table a user owns leads its primary key with its owner (user
    /// or address book), so the tables can be distributed by owner without change (see
    /// docs/scaling.md); SQLite keys the same tables by their rowid.
    static let tables: [TableSchema] = [
        TableSchema("users", columns: [
            ColumnSchema("id", .integer),
            ColumnSchema("username", .text),
            ColumnSchema("username_key", .text),
            ColumnSchema("password_hash", .text),
            ColumnSchema("created_at", .integer),
            ColumnSchema("phonetic_names", .integer, default: .integer(1)),
            ColumnSchema("credentials_generation", .integer, default: .integer(0)),
        ], primaryKey: PerDialect(["id"]), uniques: [UniqueSchema(["username_key"])]),
        TableSchema("sessions", columns: [
            ColumnSchema("id", .integer, numbering: .identity),
            ColumnSchema("user_id", .integer),
            ColumnSchema("kind", .text, oneOf: ["session", "remember"]),
            ColumnSchema("token_hash", .bytes),
            ColumnSchema("family", .text),
            ColumnSchema("created_at", .integer),
            ColumnSchema("expires_at", .integer),
            ColumnSchema("revoked_at", .integer, nullable: true),
            // The browser's User-Agent and address (`RequestClient`), and its last request,
            // recorded at most every `AccountStore.lastSeenInterval`.
            ColumnSchema("user_agent", .text, default: .text("")),
            ColumnSchema("client_address", .text, default: .text("")),
            ColumnSchema("last_seen_at", .integer, default: .integer(0)),
        ], primaryKey: PerDialect(sqlite: ["id"], postgresql: ["user_id", "id"]), uniques: [UniqueSchema(["token_hash"])],
           foreignKeys: [userReference],
           indexes: [IndexSchema("sessions_by_user", on: ["user_id"], on: [.sqlite])]),
        TableSchema("address_books", columns: [
            ColumnSchema("id", .integer),
            ColumnSchema("user_id", .integer),
            ColumnSchema("name", .text),
            ColumnSchema("display_name", .text),
            ColumnSchema("created_at", .integer),
            // The book's last change number, advanced by each change, and its salt: random, made
            // with the book, named in its tokens and ETags.
            ColumnSchema("last_change", .integer, default: .integer(0)),
            ColumnSchema("sync_salt", .text, default: .text("")),
            // Kept by every write that logs a creation or a deletion (`ChangeKind`).
            ColumnSchema("live_contacts", .integer, default: .integer(0)),
            ColumnSchema("deleted_at", .integer, nullable: true),
        ], primaryKey: PerDialect(sqlite: ["id"], postgresql: ["user_id", "id"]),
           uniques: [UniqueSchema(["id"], on: [.postgresql]), UniqueSchema(["user_id", "name"])],
           foreignKeys: [userReference]),
        contacts,
        // Keys the server signs with (CSRF tokens), made once per data directory.
        TableSchema("secrets", columns: [
            ColumnSchema("name", .text),
            ColumnSchema("value", .bytes),
        ], primaryKey: PerDialect(["name"]), withoutRowID: true),
        // Ids are handed out from here and never reused.
        TableSchema("counters", columns: [
            ColumnSchema("name", .text),
            ColumnSchema("value", .integer),
        ], primaryKey: PerDialect(["name"]), withoutRowID: true),
        TableSchema("photos", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("contact_id", .integer),
            ColumnSchema("data", .bytes),
        ], primaryKey: PerDialect(["book_id", "contact_id"]), foreignKeys: [contactReference]),
        // Each book's change log, numbered 1, 2, 3… per book, so nothing a client sees (revisions,
        // ETags, sync tokens, CTags) moves when another book is written; with the card's name at
        // each change, so sync reports removed cards by name even after the trash is emptied.
        // SQLite numbers the rows by a rowid of its own besides.
        TableSchema("changes", columns: [
            ColumnSchema("seq", .integer, numbering: .autoincrement, on: [.sqlite]),
            ColumnSchema("book_id", .integer),
            ColumnSchema("number", .integer, on: [.postgresql]),
            ColumnSchema("contact_id", .integer),
            ColumnSchema("uid", .text),
            ColumnSchema("kind", .text, oneOf: ["create", "update", "delete"]),
            ColumnSchema("changed_at", .integer),
            ColumnSchema("href", .text, default: .text("")),
            ColumnSchema("number", .integer, default: .integer(0), on: [.sqlite]),
        ], primaryKey: PerDialect(sqlite: ["seq"], postgresql: ["book_id", "number"]),
           foreignKeys: [bookReference],
           indexes: [IndexSchema("changes_by_book_number", on: ["book_id", "number"], unique: true, on: [.sqlite])]),
        TableSchema("app_passwords", columns: [
            ColumnSchema("id", .integer, numbering: .identity),
            ColumnSchema("user_id", .integer),
            ColumnSchema("device", .text),
            ColumnSchema("password_hash", .text),
            ColumnSchema("created_at", .integer),
            ColumnSchema("last_used_at", .integer, nullable: true),
            // SHA-256 of the app password (150 random bits), so a login checks one argon2id
            // hash, not each of the account's; NULL for passwords made before, until next used.
            ColumnSchema("lookup", .bytes, nullable: true),
            // The User-Agent and address of the client it last logged in with (`RequestClient`).
            ColumnSchema("last_user_agent", .text, nullable: true),
            ColumnSchema("last_address", .text, nullable: true),
        ], primaryKey: PerDialect(sqlite: ["id"], postgresql: ["user_id", "id"]),
           uniques: [UniqueSchema(["user_id", "device"]), UniqueSchema(["lookup"], on: [.postgresql])],
           foreignKeys: [userReference],
           indexes: [IndexSchema("app_passwords_by_lookup", on: ["lookup"], unique: true, on: [.sqlite])]),
        // Each account's passkeys (WebAuthn credentials): the id and COSE public key the
        // authenticator gave, the algorithm's COSE number, and the signature counter last seen.
        TableSchema("passkeys", columns: [
            ColumnSchema("id", .integer, numbering: .identity),
            ColumnSchema("user_id", .integer),
            ColumnSchema("credential_id", .bytes),
            ColumnSchema("public_key", .bytes),
            ColumnSchema("algorithm", .integer),
            ColumnSchema("sign_count", .integer),
            ColumnSchema("name", .text),
            ColumnSchema("created_at", .integer),
            ColumnSchema("last_used_at", .integer, nullable: true),
        ], primaryKey: PerDialect(sqlite: ["id"], postgresql: ["user_id", "id"]),
           uniques: [UniqueSchema(["credential_id"], on: [.postgresql])],
           foreignKeys: [userReference],
           indexes: [IndexSchema("passkeys_by_credential", on: ["credential_id"], unique: true, on: [.sqlite])]),
        // The passkey challenges used up, by a hash, and until when each could be answered:
        // challenges are signed, not stored, so giving one writes nothing; this is what makes
        // each single-use on every server (the row a server manages to insert uses it up).
        TableSchema("passkey_challenges", columns: [
            ColumnSchema("challenge_hash", .bytes),
            ColumnSchema("expires_at", .integer),
        ], primaryKey: PerDialect(["challenge_hash"]),
           indexes: [IndexSchema("passkey_challenges_by_age", on: ["expires_at"])], sqliteTypeNames: .postgresql),
        // Properties a client set with PROPPATCH that the server keeps without interpreting.
        // RFC 4918 §4.3: a dead property's value is its content and its attributes (xml:lang
        // among them). attributes: a JSON array of [namespace, name, value]; '' for none.
        // content_xml: the content as XML when it holds elements; NULL when it is the text in value.
        TableSchema("dav_properties", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("namespace", .text),
            ColumnSchema("name", .text),
            ColumnSchema("value", .text),
            ColumnSchema("attributes", .text, default: .text("")),
            ColumnSchema("content_xml", .text, nullable: true),
        ], primaryKey: PerDialect(["book_id", "namespace", "name"]), foreignKeys: [bookReference], withoutRowID: true),
        // The vCard a client PUT, served back byte for byte while it is the card's revision
        // (RFC 6352 §6.3.2.3); any other write makes a newer revision, which is written afresh.
        TableSchema("sent_cards", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("contact_id", .integer),
            ColumnSchema("revision", .integer),
            ColumnSchema("version", .text),
            ColumnSchema("text", .text),
        ], primaryKey: PerDialect(["book_id", "contact_id"]), foreignKeys: [contactReference]),
        // What several servers on one database must all see: failed logins (HMACs of names and
        // addresses) and import summaries waiting to be shown.
        TableSchema("login_failures", columns: [
            ColumnSchema("key", .bytes),
            ColumnSchema("failed_at", .integer),
        ], primaryKey: PerDialect([]), indexes: [
            IndexSchema("login_failures_by_key", on: ["key", "failed_at"]),
            IndexSchema("login_failures_by_age", on: ["failed_at"]),
        ], sqliteTypeNames: .postgresql),
        TableSchema("import_summaries", columns: [
            ColumnSchema("user_id", .integer),
            ColumnSchema("id_hash", .bytes),
            ColumnSchema("summary", .text),
            ColumnSchema("expires_at", .integer),
        ], primaryKey: PerDialect(["user_id", "id_hash"]), foreignKeys: [userReference],
           indexes: [IndexSchema("import_summaries_by_age", on: ["expires_at"])], sqliteTypeNames: .postgresql),
        // Each account's private calendar feed of birthdays, found by a hash of its token.
        TableSchema("birthday_feeds", columns: [
            ColumnSchema("user_id", .integer),
            ColumnSchema("token_hash", .bytes),
            ColumnSchema("created_at", .integer),
        ], primaryKey: PerDialect(["user_id"]), uniques: [UniqueSchema(["token_hash"])], foreignKeys: [userReference],
           sqliteTypeNames: .postgresql),
        // Contacts a person said are not one person (the smaller id first), and per contact that
        // others were merged into, what it was before and which went to the trash, for Undo.
        TableSchema("duplicate_dismissals", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("first_id", .integer),
            ColumnSchema("second_id", .integer),
        ], primaryKey: PerDialect(["book_id", "first_id", "second_id"]), foreignKeys: [bookReference], sqliteTypeNames: .postgresql),
        TableSchema("merges", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("contact_id", .integer),
            ColumnSchema("revision", .integer),
            ColumnSchema("earlier_card", .text),
            ColumnSchema("trashed", .text),
            ColumnSchema("merged_at", .integer),
        ], primaryKey: PerDialect(["book_id", "contact_id"]), foreignKeys: [bookReference], sqliteTypeNames: .postgresql),
        // Each account a book is shared with and what it may do there (`BookAccess`), gone with
        // the book or the account.
        TableSchema("book_shares", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("user_id", .integer),
            ColumnSchema("access", .text, oneOf: ["read-only", "read-write"]),
            ColumnSchema("shared_at", .integer),
        ], primaryKey: PerDialect(["book_id", "user_id"]), foreignKeys: [bookReference, userReference],
           indexes: [IndexSchema("book_shares_by_user", on: ["user_id"])], sqliteTypeNames: .postgresql),
        // Each group's members, by `ContactDetails.memberKey` of the UIDs its card lists, with the
        // live contact of that UID when the book has one (a group card may name a member before
        // its card arrives). Kept in step with the group cards and the contacts' CATEGORIES by
        // `GroupSync`. group_members_by_group_and_key is what a group's member keys and contacts
        // are read through, on every write of its card.
        TableSchema("group_members", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("group_id", .integer),
            ColumnSchema("member_key", .text),
            ColumnSchema("contact_id", .integer, nullable: true),
        ], primaryKey: PerDialect(["book_id", "group_id", "member_key"]),
           foreignKeys: [ForeignKeySchema(["book_id", "group_id"], references: "contacts", ["book_id", "id"])],
           indexes: [
               IndexSchema("group_members_by_key", on: ["book_id", "member_key", "group_id", "contact_id"]),
               IndexSchema("group_members_by_group_and_key", on: ["book_id", "group_id", "member_key", "contact_id"]),
           ], sqliteTypeNames: .postgresql),
        // Each contact's versions: what each change left (`ContactColumn`'s card columns as the
        // contacts table has them, NULL when the change took the contact out of the book), with
        // when, what and who. Kept 30 days after the next version replaced them (superseded_at,
        // which a deletion sets at once); the version a contact is now is always kept.
        TableSchema("contact_versions", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("id", .integer),
            ColumnSchema("revision", .integer),
        ] + versionedColumns + [
            ColumnSchema("uid", .text),
            ColumnSchema("href", .text),
            ColumnSchema("live", .integer),
            ColumnSchema("change", .text, oneOf: ContactVersion.Change.allCases.map(\.rawValue)),
            ColumnSchema("changed_at", .integer),
            ColumnSchema("changed_by", .integer, nullable: true),
            ColumnSchema("client_kind", .text, nullable: true),
            ColumnSchema("client_key", .text, nullable: true),
            ColumnSchema("client_name", .text, nullable: true),
            ColumnSchema("user_agent", .text, nullable: true),
            // The card as its client sent it, when that was this version's write.
            ColumnSchema("card_version", .text, nullable: true),
            ColumnSchema("card_text", .text, nullable: true),
            // The version_photos row of the contact's photo then; NULL without one.
            ColumnSchema("photo_revision", .integer, nullable: true),
            ColumnSchema("superseded_at", .integer, nullable: true),
        ], primaryKey: PerDialect(["book_id", "id", "revision"]), foreignKeys: [bookReference],
           indexes: [
               IndexSchema("contact_versions_by_time", on: ["book_id", "changed_at"]),
               IndexSchema("contact_versions_to_prune", on: ["book_id", "superseded_at"], where: "superseded_at IS NOT NULL"),
           ], sqliteTypeNames: .postgresql),
        // Each photo a contact's kept versions show, once per contact however many versions share it.
        TableSchema("version_photos", columns: [
            ColumnSchema("book_id", .integer),
            ColumnSchema("contact_id", .integer),
            ColumnSchema("revision", .integer),
            ColumnSchema("data", .bytes),
        ], primaryKey: PerDialect(["book_id", "contact_id", "revision"]), foreignKeys: [bookReference], sqliteTypeNames: .postgresql),
        // Each account's two-step verification: its TOTP secret (160 bits; an authenticator
        // needs it whole, so it cannot be hashed), confirmed_at NULL while the set-up waits for
        // a code, and the last time step a code was accepted for, which no code may repeat.
        TableSchema("two_step", columns: [
            ColumnSchema("user_id", .integer),
            ColumnSchema("secret", .bytes),
            ColumnSchema("created_at", .integer),
            ColumnSchema("confirmed_at", .integer, nullable: true),
            ColumnSchema("last_step", .integer, default: .integer(0)),
        ], primaryKey: PerDialect(["user_id"]), foreignKeys: [userReference], sqliteTypeNames: .postgresql),
        // The SHA-256 of each of an account's unused recovery codes (`RecoveryCode`).
        TableSchema("recovery_codes", columns: [
            ColumnSchema("user_id", .integer),
            ColumnSchema("code_hash", .bytes),
        ], primaryKey: PerDialect(["user_id", "code_hash"]), foreignKeys: [userReference], sqliteTypeNames: .postgresql),
        // Logins whose password was right, waiting up to five minutes for the second step, each
        // found by the hash of the token in its browser's cookie, with the login page's choices.
        TableSchema("pending_logins", columns: [
            ColumnSchema("user_id", .integer),
            ColumnSchema("token_hash", .bytes),
            ColumnSchema("remember", .integer),
            ColumnSchema("auto_login", .integer),
            ColumnSchema("next", .text, nullable: true),
            ColumnSchema("expires_at", .integer),
        ], primaryKey: PerDialect(["user_id", "token_hash"]), uniques: [UniqueSchema(["token_hash"])], foreignKeys: [userReference],
           indexes: [IndexSchema("pending_logins_by_age", on: ["expires_at"])], sqliteTypeNames: .postgresql),
    ]

    // Clustered in display order on SQLite, so listing a book reads its rows in sequence.
    static let contacts = TableSchema("contacts", columns: [
        ColumnSchema("book_id", .integer),
        ColumnSchema("sort_key", .text),
        ColumnSchema("name", .text),
        ColumnSchema("uid", .text),
        ColumnSchema("id", .integer),
        ColumnSchema("phones", .text),
        ColumnSchema("emails", .text),
        ColumnSchema("sex", .text),
        ColumnSchema("age", .integer, nullable: true),
        ColumnSchema("birthday", .text, nullable: true),
        ColumnSchema("note", .text),
        ColumnSchema("extra_properties", .text),
        ColumnSchema("has_photo", .integer),
        ColumnSchema("section", .text),
        ColumnSchema("search_text", .text),
        ColumnSchema("created_at", .integer),
        ColumnSchema("updated_at", .integer),
        ColumnSchema("deleted_at", .integer, nullable: true),
        // The card's resource name in its book: the UID with .vcf, or a random name when the
        // UID (with a slash, or too long) cannot be one; and its book's change that last wrote it.
        ColumnSchema("href", .text, default: .text("")),
        ColumnSchema("revision", .integer, default: .integer(0)),
        // Birthdays (solar and lunar) by month and day, for the upcoming-birthday lookups.
        ColumnSchema("birthday_key", .integer, nullable: true),
        ColumnSchema("lunar_birthday_key", .integer, nullable: true),
        // Who last changed the contact: an account id (ids are never handed out again, so a
        // deleted account's matches none) and when; NULL for contacts changed before sharing.
        ColumnSchema("changed_by", .integer, nullable: true),
        ColumnSchema("changed_at", .integer, nullable: true),
        // is_group: the row is a group's card, not a contact. group_name: the name its
        // members' CATEGORIES carry, which a rename of the card changes in each of them.
        ColumnSchema("is_group", .integer, default: .integer(0)),
        ColumnSchema("group_name", .text, nullable: true),
        // The details without a column of their own (company, addresses, handles…: `DetailRecords`).
        ColumnSchema("fields", .text, default: .text("")),
    ], primaryKey: PerDialect(["book_id", "sort_key", "name", "uid"]),
       uniques: [UniqueSchema(["id"]), UniqueSchema(["book_id", "uid"]),
                 UniqueSchema(["book_id", "href"], on: [.postgresql]), UniqueSchema(["book_id", "id"], on: [.postgresql])],
       foreignKeys: [bookReference],
       indexes: [
           IndexSchema("contacts_in_trash", on: ["book_id", "deleted_at"], where: "deleted_at IS NOT NULL"),
           IndexSchema("contacts_by_href", on: ["book_id", "href"], unique: true, on: [.sqlite]),
           IndexSchema("contacts_by_book_and_id", on: ["book_id", "id"], unique: true, on: [.sqlite]),
           // A book's live cards in display order with what a listing (PROPFIND, an initial
           // sync) reads of each: the scan reads this narrow index, never the contacts' rows.
           // What a GET of a card whose text is cached reads of it, by name (SQLite's tables
           // are their primary keys: without it, a read of the card's row).
           IndexSchema(Schema.cardVersionIndexName, on: ["book_id", "href", "revision", "updated_at", "deleted_at"],
                       where: "deleted_at IS NULL", on: [.sqlite]),
           IndexSchema(Schema.cardListingIndexName, on: ["book_id", "sort_key", "name", "uid", "href", "revision", "updated_at", "deleted_at"],
                       where: "deleted_at IS NULL"),
           IndexSchema("contacts_by_birthday", on: ["book_id", "birthday_key"], where: "birthday_key IS NOT NULL"),
           IndexSchema("contacts_by_lunar_birthday", on: ["book_id", "lunar_birthday_key"], where: "lunar_birthday_key IS NOT NULL"),
           // The indexes cover what the group queries read, so that SQLite, planning without
           // statistics, takes them over a walk of the whole book.
           IndexSchema("contacts_groups_by_name", on: ["book_id", "group_name", "id", "is_group", "deleted_at", "sort_key", "uid"],
                       where: "group_name IS NOT NULL"),
       ], withoutRowID: true)

    /// The contacts table's columns a version keeps of the card (`ContactColumn`'s, but for id,
    /// UID and revision, which it has of its own, and is_group), each as the contacts table has
    /// it but nullable.
    static let versionedColumnNames = ContactColumn.allCases.filter { ![.id, .uid, .revision].contains($0) }.map(\.tableName) + ["is_group"]

    private static let versionedColumns = versionedColumnNames.map { name in
        guard let column = contacts.columns.first(where: { $0.name == name }) else { preconditionFailure("no contacts.\(name)") }
        return ColumnSchema(column.name, column.kind, nullable: true, oneOf: column.allowedValues)
    }

    /// The table of `name`, which the description must have.
    static func table(_ name: String) -> TableSchema {
        guard let table = tables.first(where: { $0.name == name }) else { preconditionFailure("no table \(name) in the schema") }
        return table
    }

    private static let bookReference = ForeignKeySchema(["book_id"], references: "address_books", ["id"])
    private static let userReference = ForeignKeySchema(["user_id"], references: "users", ["id"])
    private static let contactReference = ForeignKeySchema(["book_id", "contact_id"], references: "contacts", ["book_id", "id"])
}
