import Accounts
import Foundation
import SQLEngine

/// The schema's history, oldest first. Append; never edit a migration that has shipped.
enum Schema {
    /// What several servers on one database must all see, which one server kept in memory
    /// before: failed logins (HMACs of names and addresses) and import summaries waiting to be
    /// shown. The same on both engines; made only where missing, so a migration run again (a
    /// file whose version was rolled back) passes through it.
    static let sharedStateTables = """
        CREATE TABLE IF NOT EXISTS login_failures (key BYTEA NOT NULL, failed_at BIGINT NOT NULL);
        CREATE INDEX IF NOT EXISTS login_failures_by_key ON login_failures(key, failed_at);
        CREATE INDEX IF NOT EXISTS login_failures_by_age ON login_failures(failed_at);
        CREATE TABLE IF NOT EXISTS import_summaries (
            user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            id_hash BYTEA NOT NULL,
            summary TEXT NOT NULL,
            expires_at BIGINT NOT NULL,
            PRIMARY KEY (user_id, id_hash)
        );
        CREATE INDEX IF NOT EXISTS import_summaries_by_age ON import_summaries(expires_at);
        """

    static let birthdaysMigrationName = "Birthdays: each contact's birthday and lunar birthday by month and day, a calendar feed per account"

    /// The upcoming-birthday lookups (each book's contacts by birthday month and day, solar and
    /// lunar) and each account's private calendar feed. The same on both engines, made only
    /// where missing.
    static let birthdayTables = """
        CREATE INDEX IF NOT EXISTS contacts_by_birthday ON contacts(book_id, birthday_key) WHERE birthday_key IS NOT NULL;
        CREATE INDEX IF NOT EXISTS contacts_by_lunar_birthday ON contacts(book_id, lunar_birthday_key)
            WHERE lunar_birthday_key IS NOT NULL;
        CREATE TABLE IF NOT EXISTS birthday_feeds (
            user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            token BYTEA NOT NULL UNIQUE,
            created_at BIGINT NOT NULL
        );
        """

    static let groupsMigrationName = "Groups: group cards marked among the contacts, and each group's members by UID"

    /// Each group's members, by `ContactDetails.memberKey` of the UIDs its card lists, with the
    /// live contact of that UID when the book has one (a group card may name a member before
    /// its card arrives). Kept in step with the group cards and the contacts' CATEGORIES by
    /// `GroupSync`. The indexes cover what the group queries read, so that SQLite, planning
    /// without statistics, takes them over a walk of the whole book. The same on both engines.
    static let groupTables = """
        CREATE TABLE IF NOT EXISTS group_members (
            book_id BIGINT NOT NULL,
            group_id BIGINT NOT NULL,
            member_key TEXT NOT NULL,
            contact_id BIGINT,
            PRIMARY KEY (book_id, group_id, member_key),
            FOREIGN KEY (book_id, group_id) REFERENCES contacts(book_id, id) ON DELETE CASCADE
        );
        CREATE INDEX IF NOT EXISTS group_members_by_group ON group_members(book_id, group_id, contact_id);
        CREATE INDEX IF NOT EXISTS group_members_by_key ON group_members(book_id, member_key, group_id, contact_id);
        CREATE INDEX IF NOT EXISTS contacts_groups_by_name ON contacts(book_id, group_name, id, is_group, deleted_at, sort_key, uid)
            WHERE group_name IS NOT NULL;
        """

    static let groupMembersByGroupMigrationName = "Groups: a group's members read through an index holding their keys, not a walk of the book's"

    /// The index a group's member keys and contacts are read through (`GroupSync`, on every
    /// write of its card): `group_members_by_group` lacked the key, so SQLite, planning without
    /// statistics, read them through `group_members_by_key`, walking every membership of the
    /// book for each group card written. It takes the place of that index, whose reads it serves.
    static let groupMembersByGroupIndex = """
        CREATE INDEX IF NOT EXISTS group_members_by_group_and_key ON group_members(book_id, group_id, member_key, contact_id);
        DROP INDEX IF EXISTS group_members_by_group;
        """

    static let birthdayFeedHashMigrationName = "Birthdays: each calendar feed's token kept as a hash"

    static let duplicatesMigrationName = "Duplicates: pairs a person said are different people, and each merge until it is undone"

    /// Contacts a person said are not one person (the smaller id first), and per contact that
    /// others were merged into, what it was before and which went to the trash, for Undo. The
    /// same on both engines, made only where missing.
    static let duplicateTables = """
        CREATE TABLE IF NOT EXISTS duplicate_dismissals (
            book_id BIGINT NOT NULL REFERENCES address_books(id) ON DELETE CASCADE,
            first_id BIGINT NOT NULL,
            second_id BIGINT NOT NULL,
            PRIMARY KEY (book_id, first_id, second_id)
        );
        CREATE TABLE IF NOT EXISTS merges (
            book_id BIGINT NOT NULL REFERENCES address_books(id) ON DELETE CASCADE,
            contact_id BIGINT NOT NULL,
            revision BIGINT NOT NULL,
            earlier_card TEXT NOT NULL,
            trashed TEXT NOT NULL,
            merged_at BIGINT NOT NULL,
            PRIMARY KEY (book_id, contact_id)
        );
        """

    static let sharingMigrationName = "Sharing: address books shared with other accounts, and who last changed each contact"

    /// Each account a book is shared with and what it may do there (`BookAccess`), gone with
    /// the book or the account. The same on both engines, made only where missing.
    static let sharingTables = """
        CREATE TABLE IF NOT EXISTS book_shares (
            book_id BIGINT NOT NULL REFERENCES address_books(id) ON DELETE CASCADE,
            user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            access TEXT NOT NULL CHECK (access IN ('read-only', 'read-write')),
            shared_at BIGINT NOT NULL,
            PRIMARY KEY (book_id, user_id)
        );
        CREATE INDEX IF NOT EXISTS book_shares_by_user ON book_shares(user_id);
        """

    /// Books of earlier releases whose names begin with `~`, which now begins the segments of
    /// shared books (`SharedBookSegment`), get a `_<id>` before it.
    static let renameBooksLikeSharedSegments = "UPDATE address_books SET name = '_' || CAST(id AS TEXT) || name WHERE name LIKE '~%'"

    static let bookTrashMigrationName = "Address books: a deleted book waits in the trash with its contacts until restored or purged"

    static let sqlite = Migrator([
        Migration("create users, sessions, address books, contacts, photos and the change log") { db in
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
        Migration("CardDAV: card names and revisions, names in the change log, app passwords, dead properties, settings") { db in
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
        Migration("CardDAV: cards kept as their client sent them") { db in
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
        Migration("sync: each address book numbers its own changes and has a random salt for its tokens and ETags") { db in
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
        Migration("Accounts: names compared in NFC, app passwords found by a digest") { db in
            try db.execute("""
                -- SHA-256 of the app password (150 random bits), so a login checks one argon2id
                -- hash, not each of the account's; NULL for passwords made before, until next used.
                ALTER TABLE app_passwords ADD COLUMN lookup BLOB;
                CREATE UNIQUE INDEX app_passwords_by_lookup ON app_passwords(lookup);
                """)
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
        Migration("Names: sections, sort keys and search text computed again, traditional characters read as simplified") { db in
            try ContactRow.recomputeNameKeys(db)
        },
        Migration("CardDAV: dead properties keep their attributes and child elements") { db in
            // RFC 4918 §4.3: a dead property's value is its content and its attributes (xml:lang
            // among them). attributes: a JSON array of [namespace, name, value]; '' for none.
            // content_xml: the content as XML when it holds elements; NULL when it is the text in
            // value (every row made before, which keeps rendering as it did).
            // Each column once, should the migration run again on a file whose version was rolled back.
            let columns = Set(try db.statement("SELECT name FROM pragma_table_info('dav_properties')").rows { $0.text(0) })
            if !columns.contains("attributes") { try db.execute("ALTER TABLE dav_properties ADD COLUMN attributes TEXT NOT NULL DEFAULT ''") }
            if !columns.contains("content_xml") { try db.execute("ALTER TABLE dav_properties ADD COLUMN content_xml TEXT") }
        },
        Migration("Servers sharing a database: failed logins and import summaries kept in it") { db in
            try db.execute(Schema.sharedStateTables)
        },
        Migration("Photos and cards as sent keyed by their address book first, as every table a user owns") { db in
            try db.execute("""
                CREATE UNIQUE INDEX IF NOT EXISTS contacts_by_book_and_id ON contacts(book_id, id);
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
            // Kept from here on by every write that logs a creation or a deletion (`ChangeKind`).
            // Each column once, should the migration run again on a file whose version was rolled back.
            let columns = Set(try db.statement("SELECT name FROM pragma_table_info('address_books')").rows { $0.text(0) })
            if !columns.contains("live_contacts") {
                try db.execute("ALTER TABLE address_books ADD COLUMN live_contacts INTEGER NOT NULL DEFAULT 0")
            }
            try db.execute("""
                UPDATE address_books SET live_contacts =
                    (SELECT count(*) FROM contacts c WHERE c.book_id = address_books.id AND c.deleted_at IS NULL);
                """)
        },
        Migration(Schema.birthdaysMigrationName) { db in
            let columns = Set(try db.statement("SELECT name FROM pragma_table_info('contacts')").rows { $0.text(0) })
            for column in ["birthday_key", "lunar_birthday_key"] where !columns.contains(column) {
                try db.execute("ALTER TABLE contacts ADD COLUMN \(column) INTEGER")
            }
            try ContactRow.computeBirthdayKeys(db)
            try db.execute(Schema.birthdayTables)
        },
        Migration(Schema.duplicatesMigrationName) { db in try db.execute(Schema.duplicateTables) },
        Migration(Schema.bookTrashMigrationName) { db in
            // Each column once, should the migration run again on a file whose version was rolled back.
            let columns = Set(try db.statement("SELECT name FROM pragma_table_info('address_books')").rows { $0.text(0) })
            if !columns.contains("deleted_at") { try db.execute("ALTER TABLE address_books ADD COLUMN deleted_at INTEGER") }
        },
        Migration(Schema.sharingMigrationName) { db in
            // Who last changed a contact: an account id (ids are never handed out again, so a
            // deleted account's matches none) and when; NULL for contacts changed before.
            let columns = Set(try db.statement("SELECT name FROM pragma_table_info('contacts')").rows { $0.text(0) })
            for column in ["changed_by", "changed_at"] where !columns.contains(column) {
                try db.execute("ALTER TABLE contacts ADD COLUMN \(column) INTEGER")
            }
            try db.execute(Schema.sharingTables)
            try db.execute(Schema.renameBooksLikeSharedSegments)
        },
        Migration(Schema.groupsMigrationName) { db in
            // is_group: the row is a group's card, not a contact. group_name: the name its
            // members' CATEGORIES carry, which a rename of the card changes in each of them.
            let columns = Set(try db.statement("SELECT name FROM pragma_table_info('contacts')").rows { $0.text(0) })
            if !columns.contains("is_group") { try db.execute("ALTER TABLE contacts ADD COLUMN is_group INTEGER NOT NULL DEFAULT 0") }
            if !columns.contains("group_name") { try db.execute("ALTER TABLE contacts ADD COLUMN group_name TEXT") }
            try db.execute(Schema.groupTables)
            try GroupSync.indexExistingCards(db)
        },
        Migration(Schema.groupMembersByGroupMigrationName) { db in try db.execute(Schema.groupMembersByGroupIndex) },
        Migration(Schema.birthdayFeedHashMigrationName, apply: ContactStore.hashBirthdayFeedTokens),
    ])
}
