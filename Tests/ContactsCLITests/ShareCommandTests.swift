import ContactsStore
import Foundation
import StoreOpening
import Testing

/// `contacts book share` and `contacts book unshare`, run as a person runs them.
@Suite struct ShareCommandTests {
    let cli = CLIRunner()

    init() throws {
        try cli.addUser("alice")
        try cli.addUser("bob")
    }

    /// What bob's account sees of alice's default book, read from the data directory.
    private func bobsView() throws -> AddressBook? {
        let store = try ContactStore(directory: cli.dataDirectory)
        return try store.addressBook(named: "~alice~contacts", for: try store.user(named: "bob"))
    }

    @Test func sharingAndSharingAgainSetsTheAccess() throws {
        let shared = try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-only"])
        #expect(shared.status == 0 && shared.output == "Shared contacts with bob (read-only).\n", "\(shared.error)")
        #expect(try bobsView()?.scope.access == .readOnly)
        let changed = try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-write"])
        #expect(changed.status == 0 && changed.output == "Shared contacts with bob (read and write).\n")
        #expect(try bobsView()?.scope.access == .readWrite)
    }

    @Test func bookListShowsEachBooksOwnerAndAccess() throws {
        try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-only"])
        try cli.run(["add", "--user", "alice", "--name", "Anna", "--phone", "123"])
        let listed = try cli.run(["book", "list", "--user", "bob", "--json"])
        let books = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(books.map { [$0["name"] as? String, $0["owner"] as? String, $0["access"] as? String] }
                == [["contacts", "bob", "owner"], ["~alice~contacts", "alice", "read-only"]])
        #expect(books.last?["count"] as? Int == 1)
        #expect(try cli.run(["book", "list", "--user", "bob"]).output == "contacts\tContacts\t0\n~alice~contacts\tContacts\t1\talice\tread-only\n")
        #expect(try cli.list("bob", ["list", "--book", "~alice~contacts"]).map { $0["name"] as? String } == ["Anna"])
    }

    @Test func unsharingRemovesTheBookFromTheAccount() throws {
        try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-write"])
        let result = try cli.run(["book", "unshare", "--user", "alice", "contacts", "--with", "bob"])
        #expect(result.status == 0 && result.output == "Stopped sharing contacts with bob.\n")
        #expect(try bobsView() == nil)
        let again = try cli.run(["book", "unshare", "--user", "alice", "contacts", "--with", "bob"])
        #expect(again.status == 1 && again.error == "contacts: the address book is not shared with \"bob\"\n")
    }

    /// The CLI's writes (add, edit, import) are the owner's own.
    @Test func theCLIRecordsTheOwnerAsTheLastToChange() throws {
        let id = try cli.run(["add", "--user", "alice", "--name", "Anna", "--phone", "123"]).output.trimmingCharacters(in: .newlines)
        try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-write"])
        let vcf = NSTemporaryDirectory() + UUID().uuidString + ".vcf"
        try "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:imported\r\nFN:Imported\r\nEND:VCARD\r\n".write(toFile: vcf, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: vcf) }
        #expect(try cli.run(["import", "--user", "alice", vcf]).status == 0)
        #expect(try cli.run(["edit", "--user", "alice", id, "--name", "Anna B."]).status == 0)
        let store = try ContactStore(directory: cli.dataDirectory)
        let book = try store.defaultAddressBook(for: try store.user(named: "alice"))
        for contact in try store.contacts(in: book) {
            #expect(try store.lastChange(ofContact: contact.id, in: book)?.account == "alice", "\(contact.details.name)")
        }
        #expect(try store.contacts(in: book).count == 2)
    }

    @Test func chineseMessages() throws {
        let result = try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-only"],
                                 environment: ["LANG": "zh_CN.UTF-8"])
        #expect(result.status == 0 && result.output == "已将“contacts”共享给 bob（只读）。\n")
    }

    /// Refusals: exit 1 with a message, nothing shared.
    @Test(arguments: [
        (["--user", "alice", "contacts", "--with", "carol", "--read-only"], "no user named \"carol\""),
        (["--user", "alice", "contacts", "--with", "alice", "--read-only"], "an address book cannot be shared with its owner"),
        (["--user", "alice", "work", "--with", "bob", "--read-only"], "No address book work."),
        (["--user", "carol", "contacts", "--with", "bob", "--read-only"], "no user named \"carol\""),
        (["--user", "bob", "~alice~contacts", "--with", "bob", "--read-only"], "No address book ~alice~contacts."),
    ])
    func refusalsExitOneAndShareNothing(arguments: [String], message: String) throws {
        if arguments[1] == "bob" { try cli.run(["book", "share", "--user", "alice", "contacts", "--with", "bob", "--read-only"]) }
        let result = try cli.run(["book", "share"] + arguments)
        #expect(result.status == 1 && result.error == "contacts: \(message)\n", "\(result.error)")
        #expect(try bobsView()?.scope.access != .readWrite)
    }

    /// Usage errors: exit 2 with the usage line.
    @Test(arguments: [
        ["--user", "alice", "contacts", "--with", "bob"], ["--user", "alice", "contacts", "--with", "bob", "--read-only", "--read-write"],
        ["--user", "alice", "contacts", "--read-only"], ["--user", "alice", "--with", "bob", "--read-only"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try cli.run(["book", "share"] + arguments)
        #expect(result.status == 2 && result.error.contains("usage: contacts book share --user OWNER BOOK"), "\(result.error)")
        #expect(try bobsView() == nil)
    }
}
