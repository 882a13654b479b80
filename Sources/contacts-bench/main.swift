import ContactsStore
import Foundation
import StoreOpening

// `contacts-bench [store [COUNT] [--database URL]]` measures the store (100,000 contacts by
// default) in a new SQLite data directory, or with --database in that empty PostgreSQL database;
// `contacts-bench seed DIR USER PASSWORD COUNT [GROUPS]` fills a data directory for the web
// benchmark (with GROUPS, each contact in one of that many groups);
// `contacts-bench cards FILE COUNT` writes a vCard file for the import benchmark;
// `contacts-bench load-seed URL ACCOUNTS CARDS PASSWORD` fills an empty PostgreSQL database for
// the load test (scripts/load-test.sh): accounts load1…loadN, each with CARDS contacts;
// `contacts-bench migration [COUNT] [--database URL]` measures reading COUNT stored cards again
// (100,000 by default) into the whole contact;
// `contacts-bench history [COUNT [EDITS]] [--database URL]` measures the contacts' history
// (50,000 contacts edited 10 times each by default).

let arguments = Array(CommandLine.arguments.dropFirst())

/// The numbers after the command (the first a count, `defaultCount` without one), and the URL
/// of `--database URL` among them.
func countAndDatabase(_ command: String, defaultCount: Int = 100_000) -> (count: Int, numbers: [Int], databaseURL: String?) {
    var words = Array(arguments.dropFirst())
    var databaseURL: String?
    if let option = words.firstIndex(of: "--database") {
        guard option + 1 < words.count else {
            FileHandle.standardError.write(Data("contacts-bench \(command): --database needs a postgresql:// URL\n".utf8))
            exit(2)
        }
        databaseURL = words[option + 1]
        words.removeSubrange(option...(option + 1))
    }
    let numbers = words.compactMap { Int($0) }
    return (numbers.first ?? defaultCount, numbers, databaseURL)
}

switch arguments.first ?? "store" {
case "store":
    let (count, _, databaseURL) = countAndDatabase("store")
    try storeBenchmark(count: count, databaseURL: databaseURL)
case "history":
    let (count, numbers, databaseURL) = countAndDatabase("history", defaultCount: 50_000)
    try historyBenchmark(count: count, edits: numbers.count > 1 ? numbers[1] : 10, databaseURL: databaseURL)
case "migration":
    let (count, _, databaseURL) = countAndDatabase("migration")
    try migrationBenchmark(count: count, databaseURL: databaseURL)
case "seed" where arguments.count == 5 || arguments.count == 6:
    let store = try ContactStore(directory: arguments[1])
    let user = try store.createUser(username: arguments[2], password: arguments[3])
    var sample = SampleData(seed: 7)
    let groups = arguments.count == 6 ? Int(arguments[5]) ?? 0 : 0
    let contacts = (0..<(Int(arguments[4]) ?? 10_000)).map { _ in
        var details = sample.nextContact()
        if groups > 0 { details.changeCategories(adding: ["Group \(sample.next(groups) + 1)"], removing: []) }
        return details
    }
    _ = try store.addContacts(contacts, to: try store.defaultAddressBook(for: user))
    print("seeded \(contacts.count) contacts for \(user.username)")
case "categories":
    let directory = NSTemporaryDirectory() + "contacts-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let counts = arguments.dropFirst().compactMap { Int($0) }
    try categoriesBenchmark(location: .directory(directory), counts: counts.isEmpty ? [25, 50, 100, 1_000, 4_000, 16_000] : counts, runs: 5)
case "load-seed" where arguments.count == 5:
    try seedAccounts(at: .postgresql(url: arguments[1]), accounts: Int(arguments[2]) ?? 1_000, cards: Int(arguments[3]) ?? 500,
                     password: arguments[4], threads: ProcessInfo.processInfo.activeProcessorCount)
case "cards" where arguments.count == 3:
    try writeCardFile(path: arguments[1], count: Int(arguments[2]) ?? 100_000)
default:
    FileHandle.standardError.write(Data("usage: contacts-bench [store [COUNT] [--database URL]] | migration [COUNT] [--database URL] | history [COUNT [EDITS]] [--database URL] | seed DIR USER PASSWORD COUNT [GROUPS] | load-seed URL ACCOUNTS CARDS PASSWORD | cards FILE COUNT\n".utf8))
    exit(2)
}
