import Accounts
import ContactsStore
import Foundation
import StoreOpening
import Testing

/// `contacts user app-password add|list|revoke`, run as a person would.
@Suite final class AppPasswordCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
    }

    deinit {
        cli.removeData()
    }

    /// The password `add` printed: its last line, after the one that says it is shown once.
    private func add(_ user: String, _ device: String) throws -> String {
        let result = try cli.run(["user", "app-password", "add", user, device], environment: ["CONTACTS_PUBLIC_URL": ""])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.dropLast().last?.contains("will not be shown again") == true)
        return lines.last ?? ""
    }

    @Test func addPrintsTheAddressAndUserNameADeviceNeeds() throws {
        let given = try cli.run(["user", "app-password", "add", "alice", "iPhone", "--public-url", "https://contacts.example.org/"])
        #expect(given.status == 0, "\(given.error)")
        #expect(given.output.hasPrefix("CardDAV address: https://contacts.example.org/dav/\nUser name: alice\nApp password for alice on iPhone"),
                "\(given.output)")
        let fromEnvironment = try cli.run(["user", "app-password", "add", "alice", "Mac"],
                                          environment: ["CONTACTS_PUBLIC_URL": "http://192.0.2.4:8080"])
        #expect(fromEnvironment.output.hasPrefix("CardDAV address: http://192.0.2.4:8080/dav/\nUser name: alice\n"), "\(fromEnvironment.output)")
        // Without a public address, no address is guessed: the output says how to set one.
        let unset = try cli.run(["user", "app-password", "add", "alice", "iPad"], environment: ["CONTACTS_PUBLIC_URL": ""])
        #expect(unset.status == 0)
        #expect(unset.output.contains("User name: alice\n"))
        #expect(unset.output.contains("--public-url URL (or $CONTACTS_PUBLIC_URL)"))
        #expect(!unset.output.contains("CardDAV address: http"))
        // A bad address is refused before any password is made.
        let bad = try cli.run(["user", "app-password", "add", "alice", "Watch", "--public-url", "ftp://example.org"])
        #expect(bad.status == 2)
        #expect(bad.error.contains("--public-url"))
        #expect(bad.output.isEmpty)
        #expect(try ContactStore(directory: cli.dataDirectory).appPasswords(username: "alice").map(\.device) == ["iPad", "iPhone", "Mac"])
    }

    @Test func addPrintsAPasswordThatLogsInForSync() throws {
        let password = try add("alice", "iPhone")
        #expect(password.wholeMatch(of: /([0-9a-z]{5}-){5}[0-9a-z]{5}/) != nil, "\(password)")
        let store = try ContactStore(directory: cli.dataDirectory)
        #expect(try store.authenticateForSync(username: "alice", password: password)?.user.username == "alice")
        #expect(try store.authenticate(username: "alice", password: password) == nil)
    }

    @Test func listShowsEachDeviceAndWhetherItWasUsed() throws {
        #expect(try cli.run(["user", "app-password", "list", "alice"]).output == "No app passwords.\n")
        let password = try add("alice", "iPhone")
        _ = try add("alice", "Work Mac")
        let client = RequestClient(userAgent: "DAVx5/4.3.9-ose (2023/10/20; dav4jvm; okhttp/4.12.0) Android/13", address: "203.0.113.7")
        _ = try ContactStore(directory: cli.dataDirectory).authenticateForSync(username: "alice", password: password, client: client)
        let lines = try cli.run(["user", "app-password", "list", "alice"]).output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].wholeMatch(of: /iPhone\tcreated \d{4}-\d\d-\d\dT[0-9:]{8}Z\tlast used \d{4}-\d\d-\d\dT[0-9:]{8}Z\tDAVx⁵ on Android\tfrom 203\.0\.113\.7/) != nil,
                "\(lines)")
        #expect(lines[1].hasPrefix("Work Mac\tcreated "))
        #expect(lines[1].hasSuffix("\tlast used never"))
        #expect(!lines.joined().contains(password))
    }

    @Test func revokeEndsTheDevicesAccess() throws {
        let password = try add("alice", "iPhone")
        let revoked = try cli.run(["user", "app-password", "revoke", "alice", "iPhone"])
        #expect(revoked.status == 0)
        #expect(revoked.output == "Revoked the app password of alice on iPhone.\n")
        #expect(try ContactStore(directory: cli.dataDirectory).authenticateForSync(username: "alice", password: password) == nil)
        #expect(try cli.run(["user", "app-password", "list", "alice"]).output == "No app passwords.\n")
        let again = try cli.run(["user", "app-password", "revoke", "alice", "iPhone"])
        #expect(again.status == 1)
        #expect(again.error == "contacts: no app password for \"iPhone\"\n")
    }

    @Test func mistakesFailClearly() throws {
        _ = try add("alice", "iPhone")
        let duplicate = try cli.run(["user", "app-password", "add", "alice", "iPhone"])
        #expect(duplicate.status == 1)
        #expect(duplicate.error == "contacts: an app password for \"iPhone\" already exists; revoke it first\n")
        #expect(duplicate.output.isEmpty)
        let unknown = try cli.run(["user", "app-password", "add", "carol", "iPhone"])
        #expect(unknown.status == 1)
        #expect(unknown.error == "contacts: no user named \"carol\"\n")
        let missing = try cli.run(["user", "app-password", "add", "alice"])
        #expect(missing.status == 2)
        #expect(missing.error.hasPrefix("contacts: missing DEVICE\nusage: contacts user app-password add NAME DEVICE"))
        #expect(try cli.run(["user", "app-password", "list", "carol"]).status == 1)
    }
}

extension AppPasswordCommandTests {
    @Test func phoneticNamesAreTurnedOnAndOffPerUser() throws {
        let off = try cli.run(["user", "phonetic-names", "alice", "off"])
        #expect(off.status == 0 && off.output == "Phonetic names off for alice.\n")
        let store = try ContactStore(directory: cli.dataDirectory)
        #expect(try store.phoneticNames(for: try store.user(named: "alice")) == false)
        #expect(try cli.run(["user", "phonetic-names", "alice", "on"]).status == 0)
        #expect(try store.phoneticNames(for: try store.user(named: "alice")) == true)
        #expect(try cli.run(["user", "phonetic-names", "alice", "maybe"]).status == 2)
        #expect(try cli.run(["user", "phonetic-names", "nobody", "on"]).status == 1)
    }
}
