import ContactsStore
import Foundation

// `contacts-bench [store [COUNT]]` measures the store (100,000 contacts by default);
// `contacts-bench seed DIR USER PASSWORD COUNT` fills a data directory for the web benchmark;
// `contacts-bench cards FILE COUNT` writes a vCard file for the import benchmark.

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first ?? "store" {
case "store":
    try storeBenchmark(count: arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000)
case "seed" where arguments.count == 5:
    let store = try ContactStore(directory: arguments[1])
    let user = try store.createUser(username: arguments[2], password: arguments[3])
    var sample = SampleData(seed: 7)
    let contacts = (0..<(Int(arguments[4]) ?? 10_000)).map { _ in sample.nextContact() }
    _ = try store.addContacts(contacts, to: try store.defaultAddressBook(for: user), requirePhone: true)
    print("seeded \(contacts.count) contacts for \(user.username)")
case "cards" where arguments.count == 3:
    try writeCardFile(path: arguments[1], count: Int(arguments[2]) ?? 100_000)
default:
    FileHandle.standardError.write(Data("usage: contacts-bench [store [COUNT]] | seed DIR USER PASSWORD COUNT | cards FILE COUNT\n".utf8))
    exit(2)
}
