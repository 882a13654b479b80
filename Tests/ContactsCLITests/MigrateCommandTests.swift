import ContactsStore
import Foundation
import PostgreSQL
import StoreOpening
import Testing

/// `contacts migrate --to URL|DIR`, here into another data directory.
@Suite final class MigrateCommandTests {
    let cli = CLIRunner()
    /// The store migrated into, through its own `--data`.
    let target = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.run(["add", "--user", "alice", "--name", "张三", "--phone", "13800138000"])
        let trashed = try cli.run(["add", "--user", "alice", "--name", "李四", "--phone", "13900139000"])
        try cli.run(["delete", "--user", "alice", trashed.output.trimmingCharacters(in: .newlines)])
    }

    deinit {
        cli.removeData()
        target.removeData()
    }

    private func names(_ runner: CLIRunner, _ command: [String] = ["list"]) throws -> [String] {
        try runner.list("alice", command).compactMap { $0["name"] as? String }
    }

    /// A server on the source could acknowledge a write after the copy's snapshot, which the new
    /// store would never have: the migration waits for it to stop.
    @Test func aMigrationIsRefusedWhileAServerRunsOnTheSource() throws {
        let server = try cli.startServer()
        defer { server.terminate(); server.waitUntilExit() }
        let refused = try cli.run(["migrate", "--to", target.dataDirectory])
        #expect(refused.status == 1 && refused.error == "contacts: a server is running on \(cli.dataDirectory); stop it first\n",
                "\(refused.error)")
        #expect(try target.run(["user", "list"]).output == "No users.\n", "nothing was copied")
    }

    @Test func everythingMovesAndASecondMigrationIsRefused() throws {
        let result = try cli.run(["migrate", "--to", target.dataDirectory])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Copied 1 user, 2 contacts (the trash included), 0 cards as clients sent them "
                                        + "and 3 changes to \(target.dataDirectory).\nRun the server on the new store: "), "\(result.output)")
        #expect(try names(target) == ["张三"])
        #expect(try names(target, ["trash"]) == ["李四"])
        #expect(try ContactStore(directory: target.dataDirectory).authenticate(username: "alice", password: "password1") != nil)

        try cli.run(["add", "--user", "alice", "--name", "王五", "--phone", "1"])
        let again = try cli.run(["migrate", "--to", target.dataDirectory])
        #expect(again.status == 1)
        #expect(again.error == "contacts: the target already has users or contacts; copy only into a new, empty database or data directory\n")
        #expect(try names(target) == ["张三"], "the target is left as it was")
        #expect(try names(cli) == ["王五", "张三"], "the source too")
        #expect(try cli.run(["migrate"]).status == 2)
    }
}

/// `--database URL` and `$CONTACTS_DATABASE` beside `--data DIR`, and passwords kept out of sight.
@Suite struct DatabaseOptionTests {
    let cli = CLIRunner()
    static let url = "postgresql://alice:s3cret@127.0.0.1:1/contacts"

    @Test func dataAndDatabaseTogetherAreRefused() throws {
        for arguments in [["--database", Self.url, "user", "list"], ["user", "list", "--database=" + Self.url]] {
            let result = try cli.run(arguments)
            #expect(result.status == 2 && result.error == "contacts: give --data or --database, not both\n", "\(result.error)")
        }
        #expect(try cli.run(["user", "list", "--database"], passData: false).error == "contacts: --database needs a value\n")
    }

    @Test func onlyPostgreSQLURLsNameADatabase() throws {
        defer { cli.removeData() }
        let option = try cli.run(["--database", "postgresq://alice:s3cret@db/contacts", "user", "list"], passData: false)
        #expect(option.status == 2)
        #expect(option.error == "contacts: --database must be a PostgreSQL URL, postgresql://USER:PASSWORD@HOST:PORT/DATABASE "
                + "(or postgres://…), not \"postgresq://alice:***@db/contacts\"\n", "\(option.error)")
        let variable = try cli.run(["user", "list"], environment: ["CONTACTS_DATABASE": cli.dataDirectory], passData: false)
        #expect(variable.status == 2 && variable.error.hasPrefix("contacts: $CONTACTS_DATABASE must be a PostgreSQL URL, postgresql://"),
                "\(variable.error)")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDirectory), "nothing opened")
        // --data on the command line wins over the variable.
        let overridden = try cli.run(["user", "list"], environment: ["CONTACTS_DATABASE": Self.url])
        #expect(overridden.status == 0 && overridden.output == "No users.\n", "\(overridden.error)")
    }

    @Test func theDatabasePasswordIsNeverShown() throws {
        defer { cli.removeData() }
        let attempts = [
            try cli.run(["--database", Self.url, "user", "list"], passData: false),
            try cli.run(["user", "list"], environment: ["CONTACTS_DATABASE": Self.url], passData: false),
            try cli.run(["migrate", "--to", Self.url]),
            try cli.run(["--database", Self.url, "backup", "restore", "/nonexistent.sqlite3"], passData: false),
        ]
        for result in attempts {
            #expect(result.status != 0)
            #expect(!(result.output + result.error).contains("s3cret"), "\(result.error)")
        }
        // A restore needs a data directory; into PostgreSQL, a backup goes through one.
        #expect(attempts[3].status == 1)
        #expect(attempts[3].error.contains("\ncontacts: this works on a SQLite data directory; this store is on PostgreSQL"), "\(attempts[3].error)")
        // A password on the command line is in the process list: said so, once; from the environment it is not.
        for index in [0, 3] {
            #expect(attempts[index].error.hasPrefix("contacts: warning: the password in --database is visible to every user"))
        }
        #expect(!attempts[1].error.contains("warning"))
        #expect(attempts[3].error.contains("migrate --to URL"))
        #expect(try cli.run(["--help"]).output.contains("--database URL"))
    }
}

/// `contacts migrate` to PostgreSQL, as an account that is no superuser (as on a managed
/// server), and back into a data directory: groups survive, and the server's notices and
/// warnings never reach stderr.
@Suite(.enabled(if: PostgreSQLDatabase.server != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"))
final class MigratePostgreSQLCommandTests {
    let cli = CLIRunner()
    let back = CLIRunner()
    let database: PostgreSQLDatabase

    init() throws {
        database = try PostgreSQLDatabase()
    }

    deinit {
        cli.removeData()
        back.removeData()
    }

    @Test func aMigrationThereAndBackKeepsGroupsAndPrintsNoServerMessages() throws {
        try cli.addUser("alice")
        try cli.run(["add", "--user", "alice", "--name", "张三", "--phone", "13800138000", "--group", "Family"])
        let there = try cli.run(["migrate", "--to", database.url])
        #expect(there.status == 0 && there.error.isEmpty, "\(there.error)")
        let groups = try cli.run(["--database", database.url, "group", "list", "--user", "alice"], passData: false)
        #expect(groups.output == "Family  (1 contact)\n" && groups.error.isEmpty, "\(groups.output)\(groups.error)")
        let listed = try cli.run(["--database", database.url, "list", "--user", "alice"], passData: false)
        #expect(listed.error.isEmpty, "\(listed.error)")

        let home = try cli.run(["--database", database.url, "migrate", "--to", back.dataDirectory], passData: false)
        #expect(home.status == 0 && home.error.isEmpty, "\(home.error)")
        #expect(try back.run(["group", "list", "--user", "alice"]).output == "Family  (1 contact)\n")
        #expect(try back.list("alice", ["list", "--group", "Family"]).compactMap { $0["name"] as? String } == ["张三"])
        #expect(try back.list("alice").compactMap { $0["name"] as? String } == ["张三"], "the group's card is no contact")
    }
}

/// A fresh database on the test server, owned by a fresh account that is no superuser; both
/// dropped when the value goes away.
final class PostgreSQLDatabase {
    static let server = ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    let name = "contacts_cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    /// The database's URL, signing in as its owner.
    let url: String

    init() throws {
        let server = try #require(Self.server)
        let connection = try PostgreSQL.Connection(url: server)
        try connection.execute("CREATE ROLE \(name) LOGIN NOSUPERUSER")
        try connection.execute("CREATE DATABASE \(name) OWNER \(name)")
        var components = try #require(URLComponents(string: server))
        components.path = "/" + name
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "user" } + [URLQueryItem(name: "user", value: name)]
        url = try #require(components.string)
    }

    deinit {
        guard let server = Self.server else { return }
        let connection = try? PostgreSQL.Connection(url: server)
        try? connection?.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        try? connection?.execute("DROP ROLE IF EXISTS \(name)")
    }
}
