import Accounts
import ContactsStore
import Foundation
import SQLEngine
import StoreOpening
import Testing

/// A whole installation made through the CLI, moved SQLite → PostgreSQL (`migrate`), backed up
/// from PostgreSQL (`backup`), restored into a data directory (`backup restore`), and moved from
/// PostgreSQL back into another data directory: at every step, what each account sees through
/// the CLI is what it saw at the start, with the browsers signed in to it and two-step sign-in (which
/// the web app turns on), and a merge can still be undone, and a recovery code and a one-time code
/// still sign in, at the end.
@Suite(.enabled(if: PostgreSQLDatabase.server != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"))
final class EngineRoundTripCommandTests {
    let original = CLIRunner()
    let restored = CLIRunner()
    let migratedBack = CLIRunner()
    let database: PostgreSQLDatabase
    let backup = NSTemporaryDirectory() + "contacts-round-trip-\(UUID().uuidString).sqlite3"
    /// The login waiting for its second step.
    private var pendingLogin = ""

    init() throws {
        database = try PostgreSQLDatabase()
    }

    deinit {
        for runner in [original, restored, migratedBack] { runner.removeData() }
        try? FileManager.default.removeItem(atPath: backup)
    }

    /// Runs a command that must succeed and print nothing on stderr; its output.
    @discardableResult
    private func ok(_ runner: CLIRunner, _ arguments: [String], on url: String? = nil, input: String = "") throws -> String {
        let result = try runner.run((url.map { ["--database", $0] } ?? []) + arguments, input: input,
                                    environment: url == nil ? [:] : ["PGAPPNAME": "contacts-test"], passData: url == nil)
        #expect(result.status == 0 && result.error.isEmpty, "\(arguments): \(result.error)")
        return result.output
    }

    /// Something of everything, written as a person would with the CLI.
    private func makeEverything() throws -> (merged: String, photo: String, secret: [UInt8], recoveryCode: String) {
        let photo = NSTemporaryDirectory() + "round-trip-\(UUID().uuidString).png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 7, 7]).write(to: URL(fileURLWithPath: photo))
        defer { try? FileManager.default.removeItem(atPath: photo) }
        for name in ["alice", "bob"] { try original.addUser(name) }
        let add = { (arguments: [String]) in try self.ok(self.original, ["add", "--user", "alice"] + arguments).trimmingCharacters(in: .newlines) }
        _ = try add(["--name", "张三", "--phone", "138 0013 8000", "--group", "家人", "--birthday", "1990-09-20", "--photo", photo])
        _ = try add(["--name", "李四", "--phone", "139 0013 9000", "--group", "家人", "--group", "Work", "--lunar-birthday", "1980-08-15"])
        let trashed = try add(["--name", "Trashed", "--phone", "136 0013 6000"])
        try ok(original, ["delete", "--user", "alice", trashed])
        let first = try add(["--name", "Ann Lee", "--phone", "135 0013 5000", "--email", "ann@example.com"])
        let second = try add(["--name", "Ann Lee", "--phone", "135 0013 5000", "--note", "met at work"])
        try ok(original, ["merge", "--user", "alice", first, second])
        let bo = try add(["--name", "Bo", "--phone", "134 0013 4000"])
        let bo2 = try add(["--name", "Bo", "--phone", "134 0013 4000"])
        try ok(original, ["duplicates", "--user", "alice", "--not-duplicates", bo, bo2])
        _ = try add(["--name", "Wang Wu", "--phone", "137 0013 7000"])

        try ok(original, ["book", "add", "--user", "alice", "work", "--display-name", "Work"])
        _ = try add(["--book", "work", "--name", "Colleague", "--phone", "133 0013 3000", "--group", "Team"])
        try ok(original, ["book", "share", "--user", "alice", "work", "--with", "bob", "--read-only"])
        try ok(original, ["book", "add", "--user", "alice", "old"])
        _ = try add(["--book", "old", "--name", "In An Old Book", "--phone", "129 0012 9000"])
        try ok(original, ["book", "delete", "--user", "alice", "old"])

        try ok(original, ["add", "--user", "bob", "--name", "Bob's Friend", "--phone", "131 0013 1000"])
        try ok(original, ["book", "add", "--user", "bob", "family"])
        try ok(original, ["add", "--user", "bob", "--book", "family", "--name", "Cousin", "--phone", "130 0013 0000"])
        try ok(original, ["book", "share", "--user", "bob", "family", "--with", "alice", "--read-write"])
        try ok(original, ["add", "--user", "alice", "--book", "~bob~family", "--name", "Written By Alice", "--phone", "132 0013 2000"])

        let phone = try #require(try ok(original, ["user", "app-password", "add", "alice", "Phone"]).split(separator: "\n").last)
        try ok(original, ["user", "app-password", "add", "bob", "Laptop"])
        // The phone has synced: its client and address are carried with it.
        _ = try ContactStore(directory: original.dataDirectory).authenticateAppPassword(
            username: "alice", password: String(phone), client: RequestClient(userAgent: "iOS/17.0 (21A329) dataaccessd/1.0", address: "2001:db8::7"))
        try ok(original, ["birthdays", "feed", "--user", "alice"])
        // Passkeys are added in the web app: here, straight into the store.
        let store = try ContactStore(directory: original.dataDirectory)
        let alice = try store.user(named: "alice")
        let passkey = try #require(try store.addPasskey(for: alice, credentialID: Array(0..<64), publicKey: [0xA5, 0x01, 0x02],
                                                        algorithm: -7, signCount: 3, name: "Alice's iPhone 通行密钥"))
        _ = try store.recordPasskeyUse(passkey, signCount: 9)
        _ = try store.addPasskey(for: try store.user(named: "bob"), credentialID: [0xFF, 0], publicKey: [0xA4], algorithm: -257,
                                 signCount: 0, name: "Bob's laptop")
        // A challenge given (nothing is kept of it) and one used up, which is kept.
        _ = try store.issuePasskeyChallenge(.login, for: nil)
        #expect(try store.consumePasskeyChallenge(try store.issuePasskeyChallenge(.register, for: alice), .register, for: alice))
        try signIn()
        let twoStep = try turnOnTwoStep()
        return (first, photo, twoStep.secret, twoStep.recoveryCode)
    }

    /// Two-step sign-in on for alice, as the web app turns it on, one recovery code spent and a
    /// login waiting for its second step; the secret and an unspent recovery code.
    private func turnOnTwoStep() throws -> (secret: [UInt8], recoveryCode: String) {
        let store = try ContactStore(at: .directory(original.dataDirectory))
        let alice = try store.user(named: "alice")
        let secret = try #require(try store.beginTwoStepSetup(for: alice))
        let codes = try #require(try store.confirmTwoStep(for: alice, code: TOTP.code(secret: secret, step: TOTP.step(at: Date()))))
        #expect(try store.verifySecondStep(for: alice, code: codes[0]) == .recoveryCode(left: 9))
        pendingLogin = try store.startPendingLogin(PendingLogin(user: alice, remember: true, autoLogin: false, next: "/contacts/1"))
        return (secret, codes[1])
    }

    /// Alice's two-step sign-in and the login waiting, as the store at `url` (else the runner's
    /// data directory) has them.
    private func twoStepView(_ runner: CLIRunner, on url: String?) throws -> String {
        let store = try ContactStore(at: url.map { .postgresql(url: $0) } ?? .directory(runner.dataDirectory))
        let alice = try store.user(named: "alice")
        return "alice two-step: \(try store.twoStep(of: alice)) waiting: \(String(describing: try store.pendingLogin(pendingLogin)))"
    }

    /// Two browsers signed in to alice's account, as the web app records them: what the CLI
    /// cannot make, written through the store.
    private func signIn() throws {
        let store = try ContactStore(directory: original.dataDirectory)
        let alice = try store.user(named: "alice")
        for (agent, address) in [("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1", "192.0.2.7"),
                                 ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36", "2001:db8::9")] {
            let client = RequestClient(userAgent: agent, address: address)
            let family = SecretToken.make()
            _ = try store.issueToken(.remember, for: alice, lifetime: 86_400, family: family, client: client)
            _ = try store.issueToken(.session, for: alice, lifetime: 3_600, family: family, client: client)
        }
    }

    /// Alice's signed-in browsers, each whole: its id, browser, address and when it was last seen.
    private func browsers(_ runner: CLIRunner, on url: String? = nil) throws -> [SignedInBrowser] {
        let store = try url.map { try ContactStore(at: .postgresql(url: $0)) } ?? ContactStore(directory: runner.dataDirectory)
        return try store.signedInBrowsers(of: try store.user(named: "alice"), current: nil)
    }

    /// Every account's passkeys, whole.
    private func passkeys(_ location: String) throws -> [Passkey] {
        let store = try ContactStore(at: StoreLocation(location))
        return try ["alice", "bob"].flatMap { try store.passkeys(for: try store.user(named: $0)) }
    }

    /// The passkey challenges used up, as stored: each one's hash and expiry.
    private func usedChallenges(_ location: String) throws -> [String] {
        let store = try ContactStore(at: StoreLocation(location))
        return try store.database.readSingle { db in
            try db.statement("SELECT challenge_hash, expires_at FROM passkey_challenges ORDER BY challenge_hash")
                .rows { "\($0.blob(0)) \($0.int64(1))" }
        }
    }

    /// What an account sees through the CLI: its books, groups, duplicates and birthdays, each
    /// book's list, trash and export with Apple's group cards, and its app passwords.
    private func views(_ runner: CLIRunner, on url: String? = nil) throws -> [String] {
        try ["alice", "bob"].flatMap { user -> [String] in
            let books = try ok(runner, ["book", "list", "--user", user, "--json"], on: url)
            let names = try #require(try JSONSerialization.jsonObject(with: Data(books.utf8)) as? [[String: Any]]).compactMap { $0["name"] as? String }
            var seen = ["\(user) books: \(books)"]
            for command in [["group", "list", "--json"], ["duplicates", "--json"], ["birthdays", "--days", "366", "--json"]] {
                seen.append("\(user) \(command): " + (try ok(runner, command + ["--user", user], on: url)))
            }
            for book in names {
                for command in [["list", "--json"], ["trash", "--json"], ["export", "--apple-groups"]] {
                    seen.append("\(user) \(book) \(command): " + (try ok(runner, command + ["--user", user, "--book", book], on: url)))
                }
            }
            // Each app password whole: when it was made and last used, by which client, from where.
            seen.append("\(user) app passwords: " + (try ok(runner, ["user", "app-password", "list", user], on: url)))
            seen.append("\(user) two-step: " + (try ok(runner, ["user", "two-step", "status", user], on: url)))
            return seen
        } + [try twoStepView(runner, on: url)]
    }

    @Test func everyAccountSeesTheSameAfterEveryStep() throws {
        let made = try makeEverything()
        let before = try views(original)
        #expect(before.contains { $0.contains("家人") && $0.contains("group") }, "the groups are among what is compared")
        #expect(before.contains("alice two-step: on\npasskeys: 1\n") && before.contains("bob two-step: off\npasskeys: 1\n"))
        #expect(before.contains { $0.contains("isOn: true") && $0.contains("/contacts/1") }, "two-step sign-in is among what is compared")
        let signedIn = try browsers(original)
        #expect(signedIn.compactMap(\.client.address).sorted() == ["192.0.2.7", "2001:db8::9"], "the browsers are among what is compared")
        #expect(before.contains { $0.contains("\tContacts on iOS\tfrom 2001:db8::7") }, "the app passwords' last use is among what is compared")
        let passkeysBefore = try passkeys(original.dataDirectory)
        #expect(passkeysBefore.count == 2 && passkeysBefore[0].signCount == 9 && passkeysBefore[0].lastUsedAt != nil)
        let usedBefore = try usedChallenges(original.dataDirectory)
        #expect(usedBefore.count == 1, "the challenge used up is among what is compared")

        try ok(original, ["migrate", "--to", database.url])
        #expect(try views(original, on: database.url) == before, "on PostgreSQL")
        #expect(try browsers(original, on: database.url) == signedIn, "on PostgreSQL")
        #expect(try passkeys(database.url) == passkeysBefore, "the passkeys on PostgreSQL")
        #expect(try usedChallenges(database.url) == usedBefore, "the used challenge on PostgreSQL")

        try ok(original, ["backup", backup], on: database.url)
        try ok(restored, ["backup", "restore", backup])
        #expect(try views(restored) == before, "a backup of PostgreSQL restored into a data directory")
        #expect(try passkeys(restored.dataDirectory) == passkeysBefore, "the passkeys restored")
        #expect(try usedChallenges(restored.dataDirectory) == usedBefore, "the used challenge restored")
        let backedUp = try ContactStore(path: backup)
        #expect(try backedUp.signedInBrowsers(of: try backedUp.user(named: "alice"), current: nil) == signedIn, "in the backup")
        #expect(try browsers(restored).isEmpty, "a restore signs every browser out")

        try ok(original, ["migrate", "--to", migratedBack.dataDirectory], on: database.url)
        #expect(try views(migratedBack) == before, "migrated back into a data directory")
        #expect(try browsers(migratedBack) == signedIn, "migrated back into a data directory")
        #expect(try passkeys(migratedBack.dataDirectory) == passkeysBefore, "the passkeys migrated back")
        #expect(try usedChallenges(migratedBack.dataDirectory) == usedBefore, "the used challenge migrated back")

        try ok(migratedBack, ["merge", "--user", "alice", "--undo", made.merged])
        let names = try migratedBack.list("alice").compactMap { $0["name"] as? String }
        #expect(names.filter { $0 == "Ann Lee" }.count == 2, "the merge is undone: \(names)")
        let store = try ContactStore(at: .directory(migratedBack.dataDirectory))
        let alice = try store.user(named: "alice")
        #expect(try store.verifySecondStep(for: alice, code: made.recoveryCode) == .recoveryCode(left: 8))
        #expect(try store.verifySecondStep(for: alice, code: TOTP.code(secret: made.secret, step: TOTP.step(at: Date()) + 1)) == .code)
    }
}
