import ContactsCore
import Foundation
import SQLEngine
import SQLite
import StoreOpening
import Testing
import ContactsStore

/// Another connection holds the database's write lock, as a second process would.
@Suite(.enabled(if: TestEngine.isSQLite)) struct BusyDatabaseTests {
    let directory = TemporaryDirectory()

    @Test func aWriteBlockedPastTheBusyTimeoutIsStoreErrorBusyNotADatabaseError() throws {
        let store = try ContactStore(directory: directory.path, busyTimeoutMilliseconds: 50)
        let alice = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        let other = try directory.connection()
        try other.execute("BEGIN EXCLUSIVE")
        let started = ContinuousClock.now
        #expect(throws: StoreError.busy) { try store.addContact(ContactDetails(name: "Ann", phones: [.init("123")]), to: alice) }
        #expect(ContinuousClock.now - started < .seconds(5), "the store waits its own busy timeout, not the default")
        try other.execute("COMMIT")
        #expect(try store.addContact(ContactDetails(name: "Ann", phones: [.init("123")]), to: alice).details.name == "Ann")
    }

    @Test func openingAStoreWhoseSchemaCannotBeWrittenIsBusyToo() throws {
        _ = try ContactStore(directory: directory.path)
        let other = try directory.connection()
        try other.execute("PRAGMA user_version = 0")
        try other.execute("BEGIN EXCLUSIVE")
        #expect(throws: StoreError.busy) { _ = try ContactStore(directory: directory.path, busyTimeoutMilliseconds: 50) }
        try other.execute("ROLLBACK")
    }
}
