import ContactsCore
import ContactsStore
import Foundation
import StoreOpening

/// Measures the store at `count` contacts for one user: bulk insert, listing in display order,
/// duplicate detection, search latency for initials, full pinyin and phone digits, and a backup and its restore.
/// - Parameter databaseURL: a PostgreSQL database to measure instead of a new SQLite data
///   directory; it must be empty. The backup (a SQLite file, copied row by row) is measured
///   there too; the restore, which only a SQLite data directory takes, is not.
func storeBenchmark(count contactCount: Int, databaseURL: String? = nil) throws {
    // The SQLite data directory, or on PostgreSQL just the place for the backup file.
    let directory = NSTemporaryDirectory() + "contacts-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let location: StoreLocation = databaseURL.map { .postgresql(url: $0) } ?? .directory(directory)
    if databaseURL != nil {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    let engine = databaseURL == nil ? "SQLite in \(directory)" : "PostgreSQL at \(location)"
    let store = try ContactStore(at: location)
    let scope = try store.defaultAddressBook(for: try store.createUser(username: "bench", password: "bench password"))
    var sample = SampleData(seed: 42)
    let contacts = (0..<contactCount).map { _ in sample.nextContact() }
    
    print("PersonalContacts store benchmark: \(contactCount) contacts, one user, \(engine)")
    let batch = 10_000
    let insertTime = try seconds {
        for start in stride(from: 0, to: contacts.count, by: batch) {
            _ = try store.addContacts(Array(contacts[start..<min(start + batch, contacts.count)]), to: scope)
        }
    }
    print(String(format: "bulk insert:  %.0f contacts/s (%.2f s, batches of %d)", Double(contactCount) / insertTime, insertTime, batch))
    
    var listTimes: [Double] = []
    var listed = 0
    for _ in 0..<5 {
        listTimes.append(try seconds { listed = try store.contacts(in: scope).count })
    }
    precondition(listed == contactCount)
    print("list all:     median \(milliseconds(percentile(listTimes, 0.5))) for \(listed) contacts in display order (5 runs)")
    
    var duplicateTimes: [Double] = []
    var suggestions = 0
    for _ in 0..<5 {
        duplicateTimes.append(try seconds { suggestions = try store.duplicates(in: scope, region: PhoneRegion(code: "CN")!).count })
    }
    print("duplicates:   median \(milliseconds(percentile(duplicateTimes, 0.5))) to find \(suggestions) groups among \(listed) contacts (5 runs)")

    let warmUp = try seconds { _ = try store.search("zs", in: scope) }
    print("search index: \(milliseconds(warmUp)) to build on the first search")
    
    let stored = try store.contacts(in: scope)
    var queries: [String: [String]] = ["initials": [], "full pinyin": [], "phone digits": []]
    for _ in 0..<200 {
        let contact = stored[sample.next(stored.count)]
        let syllables = NameCollation.key(for: contact.details.name).syllables
        queries["initials"]!.append(String(syllables.compactMap(\.first)))
        queries["full pinyin"]!.append(syllables.joined())
        let digits = contact.details.phones[0].number.filter(\.isNumber)
        let start = sample.next(digits.count - 6)
        queries["phone digits"]!.append(String(Array(digits)[start..<start + 4 + sample.next(3)]))
    }
    for kind in ["initials", "full pinyin", "phone digits"] {
        var times: [Double] = []
        var results = 0
        for query in queries[kind]! {
            times.append(try seconds { results += try store.search(query, in: scope).count })
        }
        var pageTimes: [Double] = []
        for query in queries[kind]! {
            pageTimes.append(try seconds { _ = try store.search(query, in: scope, limit: 50) })
        }
        print("search \(kind.padding(toLength: 12, withPad: " ", startingAt: 0)): p50 \(milliseconds(percentile(times, 0.5))), "
              + "p99 \(milliseconds(percentile(times, 0.99))) all results (mean \(results / times.count) hits); "
              + "first 50: p50 \(milliseconds(percentile(pageTimes, 0.5))), p99 \(milliseconds(percentile(pageTimes, 0.99)))")
    }

    let backupPath = directory + "/backup.sqlite3"
    var summary: BackupSummary?
    let backupTime = try seconds { summary = try store.backUp(to: backupPath) }
    let megabytes = Double(summary?.bytes ?? 0) / 1_000_000
    print(String(format: "backup:       %.2f s for %.1f MB (%.0f MB/s, checked)", backupTime, megabytes, megabytes / backupTime)
          + (databaseURL == nil ? "" : " into a SQLite file, row by row"))
    // After the backup, so that the backup and restore figures measure the same store as before.
    try groupBenchmark(store: store)
    guard databaseURL == nil else {
        print("restore:      skipped (a backup restores into a SQLite data directory only)")
        return
    }
    let restoreTime = try seconds {
        _ = try ContactStore.restore(directory: directory + "/restored", from: backupPath, keepingReplacedDataAt: directory + "/kept.sqlite3")
    }
    print(String(format: "restore:      %.2f s into an empty data directory (backup checked first)", restoreTime))
}
