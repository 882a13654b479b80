import Accounts
import Foundation
import SQLEngine

/// The schema: its tables as they are now (`tables`), and its history, oldest first, one for
/// both engines (`migrations`). Append to the history; never edit a migration that has shipped.
enum Schema {
    /// What opens every store: an empty database gets the current schema from `tables` at once
    /// (what the migrations leave, as the tests check on both engines); any other is migrated.
    /// PostgreSQL databases numbered their history on their own before: their version N was
    /// version N + 8 of the shared one.
    static let migrator = Migrator(migrations, freshInstall: { db in
        for table in tables { try db.execute(table.createStatements(for: db.dialect)) }
        try db.execute("""
            INSERT INTO counters (name, value) VALUES
                ('contact_id', 0), ('user_id', 0), ('address_book_id', 0), ('credentials_generation', 0)
            """)
        try Counter.makeSequences(db: db)
    }, renumberings: [Renumbering(.postgresql, versions: 1...9, offset: 8)])

    /// What several servers on one database must all see, which one server kept in memory
    /// before. The same on both engines; made only where missing, so a migration run again (a
    /// file whose version was rolled back) passes through it.
    static var sharedStateTables: [TableSchema] { [table("login_failures"), table("import_summaries")] }

    static let sharingMigrationName = "Sharing: address books shared with other accounts, and who last changed each contact"
    static let groupsMigrationName = "Groups: group cards marked among the contacts, and each group's members by UID"
    static let birthdayFeedHashMigrationName = "Birthdays: each calendar feed's token kept as a hash"
    static let signedInBrowsersMigrationName = "Sessions: each login's browser, address and last request, for the list of signed-in browsers"
    static let appPasswordClientMigrationName = "Devices: each app password keeps the client and address it last logged in with"
    static let cardListingIndexName = "contacts_listing"
    static let cardVersionIndexName = "contacts_versions_by_href"
    static let passkeysMigrationName = "Passkeys: each account's WebAuthn credentials, and the challenges used up, which every server sees"

    /// The schema's one history, shared by both engines: a database's version is the number of
    /// these steps applied, on either engine. Steps that add a table, column or index in its
    /// current shape render it from `tables`; older shapes and data-transforming steps are SQL.
    static let migrations: [Migration] = [
        Migration("create users, sessions, address books, contacts, photos and the change log", on: [.sqlite]) { db in
            try db.execute("""
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    username TEXT NOT NULL,
                    username_key TEXT NOT NULL UNIQUE,
                    password_hash TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE TABLE sessions (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('session', 'remember')),
                    token_hash BLOB NOT NULL UNIQUE,
                    family TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    revoked_at INTEGER
                );
                CREATE INDEX sessions_by_user ON sessions(user_id);
                CREATE TABLE address_books (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    UNIQUE (user_id, name)
                );
                -- Clustered in display order, so listing a book reads its rows in sequence.
                CREATE TABLE contacts (
                    book_id INTEGER NOT NULL REFERENCES address_books(id) ON DELETE CASCADE,
                    sort_key TEXT NOT NULL,
                    name TEXT NOT NULL,
                    uid TEXT NOT NULL,
                    id INTEGER NOT NULL UNIQUE,
                    phones TEXT NOT NULL,
                    emails TEXT NOT NULL,
                    sex TEXT NOT NULL,
                    age INTEGER,
                    birthday TEXT,
                    address TEXT NOT NULL,
                    note TEXT NOT NULL,
                    extra_properties TEXT NOT NULL,
                    has_photo INTEGER NOT NULL,
                    section TEXT NOT NULL,
                    search_text TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    deleted_at INTEGER,
                    PRIMARY KEY (book_id, sort_key, name, uid),
                    UNIQUE (book_id, uid)
                ) WITHOUT ROWID;
                CREATE INDEX contacts_in_trash ON contacts(book_id, deleted_at) WHERE deleted_at IS NOT NULL;
                -- Keys the server signs with (CSRF tokens), made once per data directory.
                CREATE TABLE secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID;
                -- Contact ids are handed out from here and never reused.
                CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
                INSERT INTO counters (name, value) VALUES ('contact_id', 0);
                CREATE TABLE photos (
                    contact_id INTEGER PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
                    data BLOB NOT NULL
                );
                CREATE TABLE changes (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    book_id INTEGER NOT NULL REFERENCES address_books(id) ON DELETE CASCADE,
                    contact_id INTEGER NOT NULL,
                    uid TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('create', 'update', 'delete')),
                    changed_at INTEGER NOT NULL
                );
                CREATE INDEX changes_by_book ON changes(book_id, seq);
                """)
        },
        Migration("CardDAV: card names and revisions, names in the change log, app passwords, dead properties, settings", on: [.sqlite]) { db in
            try db.execute("""
                -- A card's resource name in its book: the UID with .vcf, or a random name when the UID
                -- (with a slash, or too long) cannot be one; and the seq of the change that last wrote it.
                ALTER TABLE contacts ADD COLUMN href TEXT NOT NULL DEFAULT '';
                ALTER TABLE contacts ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
                UPDATE contacts SET href = CASE WHEN instr(uid, '/') = 0 AND length(uid) <= 251 THEN uid || '.vcf'
                                                ELSE lower(hex(randomblob(16))) || '.vcf' END;
                UPDATE contacts SET revision = latest.seq
                    FROM (SELECT contact_id, max(seq) AS seq FROM changes GROUP BY contact_id) AS latest
                    WHERE latest.contact_id = contacts.id;
                CREATE UNIQUE INDEX contacts_by_href ON contacts(book_id, href);
                -- The card's name at each change, so sync reports removed cards by name even after
                -- the trash is emptied. A contact gone before this migration had its UID with .vcf.
                ALTER TABLE changes ADD COLUMN href TEXT NOT NULL DEFAULT '';
                UPDATE changes SET href = coalesce((SELECT href FROM contacts WHERE id = changes.contact_id), uid || '.vcf');
                -- The default book's name is the URL segment CardDAV shows.
                UPDATE address_books SET name = 'contacts' WHERE name = 'default';
                -- Users and books get ids from counters, so an id handed out never comes to mean
                -- another account; credentials generations never repeat across accounts either.
                INSERT INTO counters (name, value) VALUES
                    ('user_id', (SELECT coalesce(max(id), 0) FROM users)),
                    ('address_book_id', (SELECT coalesce(max(id), 0) FROM address_books)),
                    ('credentials_generation', 0);
                ALTER TABLE users ADD COLUMN phonetic_names INTEGER NOT NULL DEFAULT 1;
                ALTER TABLE users ADD COLUMN credentials_generation INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE app_passwords (
                    id INTEGER PRIMARY KEY,
                    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    last_used_at INTEGER,
                    UNIQUE (user_id, device)
                );
                -- Properties a client set with PROPPATCH that the server keeps without interpreting.
                CREATE TABLE dav_properties (
                    book_id INTEGER NOT NULL REFERENCES address_books(id) ON DELETE CASCADE,
                    namespace TEXT NOT NULL,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (book_id, namespace, name)
                ) WITHOUT ROWID;
                """)
        },
        Migration("CardDAV: cards kept as their client sent them", on: [.sqlite]) { db in
            try db.execute("""
                -- The vCard a client PUT, served back byte for byte while it is the card's revision
                -- (RFC 6352 §6.3.2.3); any other write makes a newer revision, which is written afresh.
                CREATE TABLE sent_cards (
                    contact_id INTEGER PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    version TEXT NOT NULL,
                    text TEXT NOT NULL
                );
                """)
        },
        Migration("sync: each address book numbers its own changes and has a random salt for its tokens and ETags", on: [.sqlite]) { db in
            try db.execute("""
                -- A change's number in its book's log: 1, 2, 3… per book, so nothing a client sees
                -- (revisions, ETags, sync tokens, CTags) moves when another book is written. The
                -- book's last number, advanced by each change, and its salt: random, made with the
                -- book, named in its tokens and ETags so those of another book, of a book deleted
                -- and made again at its name, or of an earlier release never match.
                ALTER TABLE address_books ADD COLUMN last_change INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE address_books ADD COLUMN sync_salt TEXT NOT NULL DEFAULT '';
                ALTER TABLE changes ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
                UPDATE changes SET number = numbered.number
                    FROM (SELECT seq, row_number() OVER (PARTITION BY book_id ORDER BY seq) AS number FROM changes) AS numbered
                    WHERE numbered.seq = changes.seq;
                DROP INDEX changes_by_book;
                CREATE UNIQUE INDEX changes_by_book_number ON changes(book_id, number);
                -- Revisions were the seq of the change that last wrote the contact: its number now.
                -- A client-sent text belongs to the revision it was sent at, so it follows the same way.
                UPDATE contacts SET revision = coalesce((SELECT number FROM changes WHERE seq = contacts.revision), 0);
                DELETE FROM sent_cards WHERE revision NOT IN (SELECT seq FROM changes);
                UPDATE sent_cards SET revision = (SELECT number FROM changes WHERE seq = sent_cards.revision);
                UPDATE address_books SET last_change = coalesce((SELECT max(number) FROM changes WHERE book_id = address_books.id), 0),
                                         sync_salt = lower(hex(randomblob(8)));
                """)
        },
        Migration("Accounts: names compared in NFC, app passwords found by a digest", on: [.sqlite]) { db in
            try db.addMissingColumns(["lookup"], to: Schema.table("app_passwords"))
            try db.createIndexes(["app_passwords_by_lookup"], of: Schema.table("app_passwords"))
            // Names are kept in NFC and keyed by AccountName.key. Two accounts whose names only
            // now compare equal keep their old keys: neither is taken over by the other.
            let users = try db.statement("SELECT id, username, username_key FROM users").rows { ($0.int64(0), $0.text(1), $0.text(2)) }
            for (id, name, oldKey) in users {
                let normalized = name.precomposedStringWithCanonicalMapping
                // Compared as bytes: Swift's == already treats canonically equivalent text as equal.
                guard let key = AccountName.key(normalized), !key.utf8.elementsEqual(oldKey.utf8) || !normalized.utf8.elementsEqual(name.utf8),
                      try db.statement("SELECT 1 FROM users WHERE username_key = ? AND id <> ?").firstRow([key, id], { _ in true }) == nil
                else { continue }
                try db.run("UPDATE users SET username = ?, username_key = ? WHERE id = ?", normalized, key, id)
            }
        },
        Migration("Names: sections, sort keys and search text computed again, traditional characters read as simplified", on: [.sqlite]) { db in
            try ContactRow.recomputeNameKeys(db)
        },
        Migration("CardDAV: dead properties keep their attributes and child elements", on: [.sqlite]) { db in
            // Rows made before hold their text in value, and keep rendering as they did. Each
            // column once, should the migration run again on a file whose version was rolled back.
            try db.addMissingColumns(["attributes", "content_xml"], to: Schema.table("dav_properties"))
        },
        Migration("Servers sharing a database: failed logins and import summaries kept in it", on: [.sqlite]) { db in
            try db.create(Schema.sharedStateTables)
        },
        // PostgreSQL's history begins here: its first step makes what SQLite's steps up to this one make.
        Migration("Photos and cards as sent keyed by their address book first, as every table a user owns") { db in
            guard db.dialect == .sqlite else {
                try db.execute(Schema.postgresqlOrigin)
                try db.create(Schema.sharedStateTables)
                return
            }
            try db.createIndexes(["contacts_by_book_and_id"], of: Schema.table("contacts"))
            try db.execute("""
                CREATE TABLE photos_by_book (
                    book_id INTEGER NOT NULL,
                    contact_id INTEGER NOT NULL,
                    data BLOB NOT NULL,
                    PRIMARY KEY (book_id, contact_id),
                    FOREIGN KEY (book_id, contact_id) REFERENCES contacts(book_id, id) ON DELETE CASCADE
                );
                INSERT INTO photos_by_book SELECT c.book_id, p.contact_id, p.data FROM photos p JOIN contacts c ON c.id = p.contact_id;
                DROP TABLE photos;
                ALTER TABLE photos_by_book RENAME TO photos;
                CREATE TABLE sent_cards_by_book (
                    book_id INTEGER NOT NULL,
                    contact_id INTEGER NOT NULL,
                    revision INTEGER NOT NULL,
                    version TEXT NOT NULL,
                    text TEXT NOT NULL,
                    PRIMARY KEY (book_id, contact_id),
                    FOREIGN KEY (book_id, contact_id) REFERENCES contacts(book_id, id) ON DELETE CASCADE
                );
                INSERT INTO sent_cards_by_book SELECT c.book_id, s.contact_id, s.revision, s.version, s.text
                    FROM sent_cards s JOIN contacts c ON c.id = s.contact_id;
                DROP TABLE sent_cards;
                ALTER TABLE sent_cards_by_book RENAME TO sent_cards;
                """)
        },
        Migration("The count of each address book's live contacts kept in the book, so the list need not count them") { db in
            // Each column once, should the migration run again on a database whose version was rolled back.
            try db.addMissingColumns(["live_contacts"], to: Schema.table("address_books"))
            try db.execute("""
                UPDATE address_books SET live_contacts =
                    (SELECT count(*) FROM contacts c WHERE c.book_id = address_books.id AND c.deleted_at IS NULL);
                """)
        },
        Migration("Birthdays: each contact's birthday and lunar birthday by month and day, a calendar feed per account") { db in
            try db.addMissingColumns(["birthday_key", "lunar_birthday_key"], to: Schema.table("contacts"))
            try ContactRow.computeBirthdayKeys(db)
            try db.createIndexes(["contacts_by_birthday", "contacts_by_lunar_birthday"], of: Schema.table("contacts"))
            // Each account's calendar feed, with its token as it was then (a hash since).
            try db.execute("""
                CREATE TABLE IF NOT EXISTS birthday_feeds (
                    user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                    token BYTEA NOT NULL UNIQUE,
                    created_at BIGINT NOT NULL
                )
                """)
        },
        Migration("Duplicates: pairs a person said are different people, and each merge until it is undone") { db in
            try db.create([Schema.table("duplicate_dismissals"), Schema.table("merges")])
        },
        Migration("Address books: a deleted book waits in the trash with its contacts until restored or purged") { db in
            try db.addMissingColumns(["deleted_at"], to: Schema.table("address_books"))
        },
        Migration(Schema.sharingMigrationName) { db in
            try db.addMissingColumns(["changed_by", "changed_at"], to: Schema.table("contacts"))
            try db.create([Schema.table("book_shares")])
            // Books of earlier releases whose names begin with `~`, which now begins the segments of
            // shared books (`SharedBookSegment`), get a `_<id>` before it.
            try db.execute("UPDATE address_books SET name = '_' || CAST(id AS TEXT) || name WHERE name LIKE '~%'")
        },
        Migration(Schema.groupsMigrationName) { db in
            let members = Schema.table("group_members")
            try db.addMissingColumns(["is_group", "group_name"], to: Schema.table("contacts"))
            try db.execute(members.createTable(for: db.dialect, ifNotExists: true))
            try db.createIndexes(["group_members_by_key"], of: members)
            // Replaced by group_members_by_group_and_key in the next step.
            try db.execute("CREATE INDEX IF NOT EXISTS group_members_by_group ON group_members(book_id, group_id, contact_id)")
            try db.createIndexes(["contacts_groups_by_name"], of: Schema.table("contacts"))
            try GroupSync.indexExistingCards(db)
        },
        // group_members_by_group lacked the member key, so SQLite, planning without statistics,
        // read a group's members through group_members_by_key, walking every membership of the
        // book for each group card written. The new index takes its place and serves its reads.
        Migration("Groups: a group's members read through an index holding their keys, not a walk of the book's") { db in
            try db.createIndexes(["group_members_by_group_and_key"], of: Schema.table("group_members"))
            try db.execute("DROP INDEX IF EXISTS group_members_by_group")
        },
        Migration(Schema.birthdayFeedHashMigrationName, apply: ContactStore.hashBirthdayFeedTokens),
        Migration("PostgreSQL: the text columns of the tables made by SQL both engines ran compare byte by byte too") { db in
            guard db.dialect == .postgresql else { return }
            for (table, column) in Schema.textColumnsMadeWithoutCollation {
                try db.execute("ALTER TABLE \(table) ALTER COLUMN \(column) TYPE TEXT COLLATE \"C\"")
            }
        },
        Migration(WholeContactMigration.name, apply: WholeContactMigration.apply),
        Migration("PostgreSQL: each counter hands its values out from a sequence, which no writer waits for") { db in
            try Counter.makeSequences(db: db)
        },
        Migration(HistoryMigration.name, apply: HistoryMigration.apply),
        Migration(Schema.signedInBrowsersMigrationName) { db in
            try db.addMissingColumns(["user_agent", "client_address", "last_seen_at"], to: Schema.table("sessions"))
            try db.execute("UPDATE sessions SET last_seen_at = created_at WHERE last_seen_at = 0")
        },
        Migration("Two-step sign-in: TOTP secrets, recovery codes, and logins waiting for their second step") { db in
            try db.create([Schema.table("two_step"), Schema.table("recovery_codes"), Schema.table("pending_logins")])
        },
        Migration(Schema.appPasswordClientMigrationName) { db in
            try db.addMissingColumns(["last_user_agent", "last_address"], to: Schema.table("app_passwords"))
        },
        Migration(Schema.passkeysMigrationName) { db in
            try db.create([Schema.table("passkeys"), Schema.table("passkey_challenges")])
        },
        Migration("CardDAV: a book's listing, and a card's version by its name, read from indexes of the live cards") { db in
            try db.createIndexes([Schema.cardListingIndexName], of: Schema.table("contacts"))
            if db.dialect == .sqlite { try db.createIndexes([Schema.cardVersionIndexName], of: Schema.table("contacts")) }
        },
    ]

    /// The text columns earlier releases made on PostgreSQL in the database's own collation.
    static let textColumnsMadeWithoutCollation = [
        ("import_summaries", "summary"), ("merges", "earlier_card"), ("merges", "trashed"),
        ("book_shares", "access"), ("group_members", "member_key"),
    ]
}
