@testable import Accounts
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
@testable import ContactsStore

@Suite struct UserTests {
    let directory = TemporaryDirectory()

    @Test func storedHashIsArgon2idNotThePassword() throws {
        let store = try directory.store()
        _ = try store.createUser(username: "alice", password: "correct horse")
        let database = try directory.connection()
        let hash = try #require(try database.statement("SELECT password_hash FROM users").firstRow { $0.text(0) })
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(!hash.contains("correct horse"))
    }

    @Test func rightPasswordAuthenticatesWrongOneDoesNot() throws {
        let store = try directory.store()
        let alice = try store.createUser(username: "alice", password: "correct horse")
        #expect(try store.authenticate(username: "alice", password: "correct horse") == alice)
        #expect(try store.authenticate(username: "ALICE", password: "correct horse") == alice)
        #expect(try store.authenticate(username: "alice", password: "wrong horse") == nil)
        #expect(try store.authenticate(username: "nobody", password: "correct horse") == nil)
    }

    @Test func aHashWithOlderParametersIsRemadeAtTheNextLogin() throws {
        let store = try directory.store()
        let alice = try store.createUser(username: "alice", password: "correct horse")
        let database = try directory.connection()
        func storedHash() throws -> String { try #require(try database.statement("SELECT password_hash FROM users").firstRow { $0.text(0) }) }
        // What libsodium's interactive limits made: 64 MiB.
        try database.run("UPDATE users SET password_hash = ?", PasswordHasher.hash("correct horse", operations: 2, memory: 64 << 20))
        #expect(try storedHash().contains("m=65536"))
        #expect(try store.authenticate(username: "alice", password: "wrong horse") == nil)
        #expect(try storedHash().contains("m=65536"))
        #expect(try store.authenticate(username: "alice", password: "correct horse") == alice)
        #expect(try storedHash().contains("$m=7168,t=5,p=1$"))
        #expect(try store.authenticate(username: "alice", password: "correct horse") == alice)
    }

    @Test func usernamesAreUniqueIgnoringCase() throws {
        let store = try directory.store()
        _ = try store.createUser(username: "Alice", password: "password1")
        #expect(throws: StoreError.usernameTaken("alice")) { try store.createUser(username: "alice", password: "password2") }
        #expect(throws: StoreError.usernameTaken("ÅSA")) {
            _ = try store.createUser(username: "åsa", password: "password1")
            _ = try store.createUser(username: "ÅSA", password: "password1")
        }
        #expect(try store.users().map(\.username) == ["Alice", "åsa"])
    }

    @Test(arguments: ["", "has space", "semi;colon", String(repeating: "x", count: 65), "slash/y"])
    func invalidUsernamesAreRefused(name: String) throws {
        let store = try directory.store()
        #expect(throws: StoreError.invalidUsername(name)) { try store.createUser(username: name, password: "password1") }
        #expect(try store.users().isEmpty)
    }

    @Test func allowedUsernameCharacters() throws {
        let store = try directory.store()
        for name in ["a", "bob.smith", "carol_1-2", "dave@example.com", "张三", String(repeating: "x", count: 64)] {
            _ = try store.createUser(username: name, password: "password1")
        }
        #expect(try store.users().count == 6)
    }

    @Test func shortPasswordIsRefused() throws {
        let store = try directory.store()
        #expect(throws: StoreError.self) { try store.createUser(username: "alice", password: "short") }
        #expect(try store.users().isEmpty)
    }

    @Test func passwordChangeReplacesTheOldOne() throws {
        let store = try directory.store()
        _ = try store.createUser(username: "alice", password: "first password")
        try store.changePassword(username: "Alice", to: "second password")
        #expect(try store.authenticate(username: "alice", password: "first password") == nil)
        #expect(try store.authenticate(username: "alice", password: "second password") != nil)
        #expect(throws: StoreError.userNotFound("bob")) { try store.changePassword(username: "bob", to: "whatever1") }
    }

    @Test func deletingAUserDeletesTheirContacts() throws {
        let store = try directory.store()
        let alice = try store.createUser(username: "alice", password: "password1")
        _ = try store.addContact(.init(name: "张三", phones: [.init("123")]), to: try store.defaultAddressBook(for: alice))
        try store.deleteUser(username: "alice")
        #expect(throws: StoreError.userNotFound("alice")) { try store.user(named: "alice") }
        let database = try directory.connection()
        #expect(try database.statement("SELECT count(*) FROM contacts").firstRow { $0.int(0) } == 0)
        #expect(throws: StoreError.userNotFound("alice")) { try store.deleteUser(username: "alice") }
    }
}
