@testable import Accounts
import Foundation
import SQLEngine
import SQLite
import Testing
@testable import ContactsStore

/// App passwords for CardDAV clients, sync authentication, credential generations and settings.
@Suite struct AppPasswordTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }

    init() throws {
        fixture = try TwoUserStore()
    }

    @Test func anAppPasswordIsLongRandomTypableAndStoredHashed() throws {
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        #expect(password.wholeMatch(of: /([0-9a-hjkmnp-tv-z]{5}-){5}[0-9a-hjkmnp-tv-z]{5}/) != nil, "\(password)")
        #expect(try store.addAppPassword(username: "alice", device: "Mac") != password)
        let database = try fixture.directory.connection()
        let hashes = try database.statement("SELECT password_hash FROM app_passwords")
            .rows { $0.text(0) }
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("$argon2id$") && !$0.contains(password) })
    }

    @Test func syncLogsInWithTheAccountPasswordOrAnAppPassword() throws {
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        #expect(try store.authenticateForSync(username: "alice", password: password)?.user == fixture.alice)
        #expect(try store.authenticateForSync(username: "ALICE", password: password.uppercased())?.user == fixture.alice)
        #expect(try store.authenticateForSync(username: "alice", password: password.replacingOccurrences(of: "-", with: ""))?.user == fixture.alice)
        #expect(try store.authenticateForSync(username: "alice", password: "password1")?.user == fixture.alice)
        #expect(try store.authenticateForSync(username: "alice", password: "password2") == nil)
        #expect(try store.authenticateForSync(username: "bob", password: password) == nil)
        #expect(try store.authenticateForSync(username: "nobody", password: password) == nil)
        var wrong = Array(password)
        wrong[0] = wrong[0] == "a" ? "b" : "a"
        #expect(try store.authenticateForSync(username: "alice", password: String(wrong)) == nil)
        // The web login takes the account password only.
        #expect(try store.authenticate(username: "alice", password: password) == nil)
    }

    @Test func listShowsDevicesAndLastUse() throws {
        #expect(try store.appPasswords(username: "alice").isEmpty)
        let created = fixture.clock.now
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        _ = try store.addAppPassword(username: "alice", device: "DAVx⁵ on Android")
        _ = try store.addAppPassword(username: "bob", device: "Bob's phone")
        #expect(try store.appPasswords(username: "alice").map(\.device) == ["DAVx⁵ on Android", "iPhone"])
        #expect(try store.appPasswords(username: "alice").allSatisfy { $0.createdAt == created && $0.lastUsedAt == nil })
        fixture.clock.advance(days: 1)
        _ = try store.authenticateForSync(username: "alice", password: password)
        let used = try store.appPasswords(username: "alice").map { ($0.device, $0.lastUsedAt) }
        #expect(used.first?.1 == nil)
        #expect(used.last?.1 == fixture.clock.now)
        #expect(throws: StoreError.userNotFound("carol")) { try store.appPasswords(username: "carol") }
    }

    @Test func theLastUseKeepsItsClientAndAddressBoundedAndPrintable() throws {
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        _ = try store.addAppPassword(username: "alice", device: "Mac")
        let agent = "iOS/17.0 (21A329) dataaccessd/1.0"
        _ = try store.authenticateAppPassword(username: "alice", password: password, client: RequestClient(userAgent: agent, address: "203.0.113.7"))
        var entries = try store.appPasswords(username: "alice")
        #expect(entries.map(\.device) == ["iPhone", "Mac"])
        #expect(entries[0].lastClient == RequestClient(userAgent: agent, address: "203.0.113.7"))
        #expect(entries[0].lastClient?.userAgent == agent)
        #expect(entries[1].lastUsedAt == nil && entries[1].lastClient == nil)
        // A hostile client: NUL and line breaks go, a huge header is cut, an empty one is none.
        let hostile = "Evil\u{0}\r\nSet-Cookie: x=1" + String(repeating: "界", count: 100_000)
        _ = try store.authenticateForSync(username: "alice", password: password,
                                          client: RequestClient(userAgent: hostile, address: "\u{7}" + String(repeating: "9", count: 500)))
        entries = try store.appPasswords(username: "alice")
        let stored = try #require(entries[0].lastClient)
        #expect(stored.userAgent?.hasPrefix("EvilSet-Cookie: x=1界") == true)
        #expect(stored.userAgent?.count == RequestClient.maximumUserAgentLength)
        #expect(stored.address == String(repeating: "9", count: RequestClient.maximumAddressLength))
        let database = try fixture.directory.connection()
        let raw = try database.statement("SELECT last_user_agent, last_address FROM app_passwords WHERE device = 'iPhone'")
            .rows { ($0.text(0), $0.text(1)) }
        #expect(raw.count == 1 && raw[0].0 == stored.userAgent && raw[0].1 == stored.address)
        // A login without a client (the CLI's own checks) keeps no User-Agent or address.
        _ = try store.authenticateForSync(username: "alice", password: password)
        #expect(try store.appPasswords(username: "alice")[0].lastClient == RequestClient(userAgent: nil, address: nil))
        #expect(RequestClient(userAgent: " \u{0} ", address: "") == RequestClient(userAgent: nil, address: nil))
    }

    @Test func aPasswordShownOnceIsCheckedBackWithoutCountingAsUse() throws {
        let password = try store.addAppPassword(username: "alice", device: "Anna's <iPhone> & Co")
        let bobs = try store.addAppPassword(username: "bob", device: "Phone")
        #expect(try store.appPasswordDevice(username: "alice", password: password) == "Anna's <iPhone> & Co")
        #expect(try store.appPasswordDevice(username: "alice", password: password.uppercased().replacingOccurrences(of: "-", with: " ")) != nil)
        #expect(try store.appPasswordDevice(username: "alice", password: bobs) == nil)
        #expect(try store.appPasswordDevice(username: "alice", password: "password1") == nil)
        #expect(try store.appPasswordDevice(username: "alice", password: "") == nil)
        #expect(try store.appPasswordDevice(username: "alice", password: "\u{0}" + password) == nil)
        #expect(try store.appPasswords(username: "alice")[0].lastUsedAt == nil)
        try store.revokeAppPassword(username: "alice", device: "Anna's <iPhone> & Co")
        #expect(try store.appPasswordDevice(username: "alice", password: password) == nil)
        #expect(throws: StoreError.userNotFound("carol")) { try store.appPasswordDevice(username: "carol", password: password) }
    }

    @Test func revokedPasswordsNoLongerLogIn() throws {
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        let other = try store.addAppPassword(username: "alice", device: "Mac")
        try store.revokeAppPassword(username: "alice", device: "iPhone")
        #expect(try store.authenticateForSync(username: "alice", password: password) == nil)
        #expect(try store.authenticateForSync(username: "alice", password: other)?.user == fixture.alice)
        #expect(throws: StoreError.appPasswordNotFound(device: "iPhone")) { try store.revokeAppPassword(username: "alice", device: "iPhone") }
        #expect(throws: StoreError.appPasswordNotFound(device: "Mac")) { try store.revokeAppPassword(username: "bob", device: "Mac") }
        #expect(try store.appPasswords(username: "alice").map(\.device) == ["Mac"])
        // The device's name is free again.
        #expect(try store.authenticateForSync(username: "alice", password: try store.addAppPassword(username: "alice", device: "iPhone"))?.user
                == fixture.alice)
    }

    @Test func devicesAreNamedOncePerUser() throws {
        _ = try store.addAppPassword(username: "alice", device: "iPhone")
        #expect(throws: StoreError.appPasswordExists(device: "iPhone")) { try store.addAppPassword(username: "Alice", device: "iPhone") }
        _ = try store.addAppPassword(username: "bob", device: "iPhone")
        for device in ["", "tab\there", String(repeating: "x", count: 65)] {
            #expect(throws: StoreError.invalidDeviceName(device)) { try store.addAppPassword(username: "alice", device: device) }
        }
        #expect(throws: StoreError.userNotFound("carol")) { try store.addAppPassword(username: "carol", device: "iPhone") }
        #expect(throws: StoreError.userNotFound("carol")) { try store.revokeAppPassword(username: "carol", device: "iPhone") }
    }

    @Test func syncLoginsRemakeHashesWithOlderParametersToo() throws {
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        let database = try fixture.directory.connection()
        // What libsodium's interactive limits made: 64 MiB.
        try database.run("UPDATE users SET password_hash = ? WHERE username = 'alice'", PasswordHasher.hash("password1", operations: 2, memory: 64 << 20))
        try database.run("UPDATE app_passwords SET password_hash = ?", PasswordHasher.hash(AppPassword.normalized(password)!, operations: 2, memory: 64 << 20))
        func hashes() throws -> [String] {
            try database.statement("SELECT password_hash FROM users WHERE username = 'alice' UNION ALL SELECT password_hash FROM app_passwords").rows { $0.text(0) }
        }
        let generation = try store.credentialsGeneration(of: fixture.alice)
        #expect(try store.authenticateForSync(username: "alice", password: "wrong password") == nil)
        #expect(try hashes().allSatisfy { $0.contains("m=65536") })
        #expect(try store.authenticateForSync(username: "alice", password: password)?.user == fixture.alice)
        #expect(try hashes().map { $0.contains("$m=7168,t=5,p=1$") } == [false, true])
        #expect(try store.authenticateForSync(username: "alice", password: "password1")?.user == fixture.alice)
        #expect(try hashes().allSatisfy { $0.contains("$m=7168,t=5,p=1$") })
        #expect(try store.authenticateForSync(username: "alice", password: password)?.user == fixture.alice)
        #expect(try store.authenticateForSync(username: "alice", password: "password1")?.user == fixture.alice)
        #expect(try store.credentialsGeneration(of: fixture.alice) == generation, "the same passwords: cached logins stay valid")
    }

    @Test func theCredentialsGenerationChangesWithEveryCredentialChangeOnly() throws {
        var seen = [try store.credentialsGeneration(of: fixture.alice)]
        _ = try store.authenticateForSync(username: "alice", password: "password1")
        _ = try store.addContact(TwoUserStore.details("A"), to: fixture.aliceBook)
        try store.setPhoneticNames(false, for: fixture.alice)
        #expect(try store.credentialsGeneration(of: fixture.alice) == seen.last)
        try store.changePassword(username: "alice", to: "password2")
        seen.append(try store.credentialsGeneration(of: fixture.alice))
        let password = try store.addAppPassword(username: "alice", device: "iPhone")
        seen.append(try store.credentialsGeneration(of: fixture.alice))
        _ = try store.authenticateForSync(username: "alice", password: password)
        #expect(try store.credentialsGeneration(of: fixture.alice) == seen.last)
        try store.revokeAppPassword(username: "alice", device: "iPhone")
        seen.append(try store.credentialsGeneration(of: fixture.alice))
        #expect(Set(seen).count == seen.count)
        // Bob's changes leave Alice's alone.
        try store.changePassword(username: "bob", to: "password2")
        #expect(try store.credentialsGeneration(of: fixture.alice) == seen.last)
    }

    @Test func aRecreatedAccountHasANewGeneration() throws {
        let old = try store.credentialsGeneration(of: fixture.alice)
        try store.deleteUser(username: "alice")
        #expect(throws: StoreError.userNotFound("alice")) { try store.credentialsGeneration(of: fixture.alice) }
        let again = try store.createUser(username: "alice", password: "password1")
        #expect(again.id != fixture.alice.id)
        #expect(try store.credentialsGeneration(of: again) != old)
        #expect(try store.credentialsGeneration(of: again) != (try store.credentialsGeneration(of: fixture.bob)))
    }

    @Test func phoneticNamesAreOnUntilTurnedOffPerUser() throws {
        #expect(try store.phoneticNames(for: fixture.alice))
        try store.setPhoneticNames(false, for: fixture.alice)
        #expect(try !store.phoneticNames(for: fixture.alice))
        #expect(try store.phoneticNames(for: fixture.bob))
        try store.setPhoneticNames(true, for: fixture.alice)
        #expect(try store.phoneticNames(for: fixture.alice))
        try store.deleteUser(username: "bob")
        #expect(throws: StoreError.userNotFound("bob")) { try store.phoneticNames(for: fixture.bob) }
        #expect(throws: StoreError.userNotFound("bob")) { try store.setPhoneticNames(true, for: fixture.bob) }
    }
}
