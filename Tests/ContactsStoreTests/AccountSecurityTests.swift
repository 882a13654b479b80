@testable import Accounts
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
@testable import ContactsStore

/// Account names as one account whatever their Unicode form, names no account can have,
/// failed sync logins that cost the same for every account, and remember-token families.
@Suite struct AccountSecurityTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }

    init() throws {
        fixture = try TwoUserStore()
    }

    @Test func aNameInNFDIsTheSameAccountAsInNFC() throws {
        let composed = "jos\u{E9}"
        let decomposed = "jose\u{301}"
        let user = try store.createUser(username: decomposed, password: "password1")
        #expect(user.username == composed, "kept in NFC")
        #expect(throws: StoreError.usernameTaken(composed)) { try store.createUser(username: composed, password: "password2") }
        #expect(throws: StoreError.usernameTaken("JOS\u{C9}")) { try store.createUser(username: "JOS\u{C9}", password: "password2") }
        #expect(try store.authenticate(username: composed, password: "password1") == user)
        #expect(try store.authenticate(username: "JOSE\u{301}", password: "password1") == user)
        #expect(try store.user(named: decomposed) == user)
    }

    @Test(arguments: ["alice\u{0}", "alice\u{0}x", "ali\u{0}ce", "alice\n", "alice\u{200B}", "alice\u{202E}"])
    func aNameWithAControlOrFormatCharacterIsNoAccount(name: String) throws {
        #expect(AccountName.key(name) == nil)
        #expect(try store.authenticate(username: name, password: "password1") == nil)
        #expect(try store.authenticateForSync(username: name, password: "password1") == nil)
        #expect(throws: StoreError.userNotFound(name)) { try store.user(named: name) }
        #expect(throws: StoreError.invalidUsername(name)) { try store.createUser(username: name, password: "password1") }
    }

    @Test func namesOverSixtyFourCharactersAreNoAccount() throws {
        #expect(AccountName.key(String(repeating: "a", count: 64)) != nil)
        #expect(AccountName.key(String(repeating: "a", count: 65)) == nil)
        #expect(AccountName.key(String(repeating: "a", count: 4 << 20)) == nil)
    }

    /// How many argon2id verifications `body` makes.
    private func verifications(_ body: () throws -> User?) rethrows -> Int {
        let count = PasswordHasher.VerificationCount()
        _ = try PasswordHasher.$verifications.withValue(count) { try body() }
        return count.value
    }

    @Test func aFailedSyncLoginCostsTheSameForEveryAccount() throws {
        for device in ["iPhone", "Mac", "iPad"] { _ = try store.addAppPassword(username: "alice", device: device) }
        let wrongAppPassword = "abcde-fghjk-mnpqr-stvwx-yz012-34567"
        let costs = try ["alice", "bob", "nobody"].map { name in
            try verifications { try store.authenticateForSync(username: name, password: wrongAppPassword)?.user }
        }
        #expect(costs == [2, 2, 2], "with three app passwords, none, and no account")
        let plainCosts = try ["alice", "bob", "nobody"].map { name in
            try verifications { try store.authenticateForSync(username: name, password: "wrong password")?.user }
        }
        #expect(plainCosts == [1, 1, 1])
    }

    @Test func anAppPasswordLogsInWithOneCheck() throws {
        _ = try store.addAppPassword(username: "alice", device: "Mac")
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        #expect(try verifications { try store.authenticateForSync(username: "alice", password: password)?.user } == 1)
        #expect(try store.authenticateForSync(username: "alice", password: password)?.user == fixture.alice)
    }

    @Test func anAppPasswordFromBeforeDigestsStillLogsInAndGetsOne() throws {
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        let database = try fixture.directory.connection()
        try database.run("UPDATE app_passwords SET lookup = NULL")
        #expect(try store.authenticateForSync(username: "alice", password: password)?.user == fixture.alice)
        #expect(try database.statement("SELECT count(*) FROM app_passwords WHERE lookup IS NOT NULL").firstRow { $0.int(0) } == 1)
    }

    @Test func anotherAccountsRememberTokenIsNotSpent() throws {
        let token = try store.issueToken(.remember, for: fixture.alice, lifetime: 3_600)
        #expect(try store.useRememberToken(token, account: "bob", lifetime: 3_600) == .invalid)
        #expect(try store.user(forToken: token, kind: .remember) == fixture.alice, "still alice's, unspent")
        guard case .valid(let owner, _, _) = try store.useRememberToken(token, account: "ALICE", lifetime: 3_600) else {
            Issue.record("alice's own token should log her in")
            return
        }
        #expect(owner == fixture.alice)
    }

    @Test func aReplayedRememberTokenEndsTheSessionsStartedFromItsFamily() throws {
        let first = try store.issueToken(.remember, for: fixture.alice, lifetime: 3_600)
        guard case .valid(_, let next, let family) = try store.useRememberToken(first, lifetime: 3_600) else {
            Issue.record("a fresh token should be valid")
            return
        }
        let session = try store.issueToken(.session, for: fixture.alice, lifetime: 3_600, family: family)
        let unrelated = try store.issueToken(.session, for: fixture.alice, lifetime: 3_600)
        #expect(try store.user(forToken: session, kind: .session) == fixture.alice)
        #expect(try store.useRememberToken(first, lifetime: 3_600) == .reused)
        #expect(try store.user(forToken: session, kind: .session) == nil)
        #expect(try store.user(forToken: next, kind: .remember) == nil)
        #expect(try store.user(forToken: unrelated, kind: .session) == fixture.alice, "another login's session stays")
    }
}

/// The migration to NFC account names on a file the previous release wrote.
@Suite(.enabled(if: TestEngine.isSQLite)) struct AccountNameMigrationTests {
    let directory = TemporaryDirectory()

    @Test func namesAreKeptInNFCAndClashesKeepTheirKeys() throws {
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let db = try Database(path: directory.databasePath)
        let before = Schema.migrations.firstIndex { $0.name.hasPrefix("Accounts: names compared in NFC") }!
        try Migrator(Array(Schema.migrations.prefix(before))).migrate(db)
        func insert(_ id: Int, _ name: String) throws {
            try db.run("INSERT INTO users (id, username, username_key, password_hash, created_at) VALUES (?, ?, ?, ?, 0)",
                       id, name, name.lowercased(), PasswordHasher.hash("password\(id)"))
        }
        try insert(1, "Rene\u{301}")   // NFD: will be found by its NFC name
        try insert(2, "zoe\u{308}")    // NFD, and an NFC twin below
        try insert(3, "zo\u{EB}")
        let store = try directory.store()
        #expect(try store.user(named: "ren\u{E9}").username == "Ren\u{E9}")
        #expect(try store.authenticate(username: "RENE\u{301}", password: "password1")?.id == 1)
        #expect(try store.authenticate(username: "zo\u{EB}", password: "password3")?.id == 3, "the twin keeps its own account")
        #expect(try store.authenticate(username: "zo\u{EB}", password: "password2") == nil, "and is not taken over")
    }
}
