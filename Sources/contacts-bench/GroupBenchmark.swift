import ContactsCore
import ContactsStore
import Foundation

/// Groups and a shared book, measured on their own account in the benchmark's store: a book of
/// `contactCount` contacts in `groupCount` groups (each contact in one or two, through its
/// CATEGORIES as an import brings them), shared read-write with a second account.
/// - The first page of a group (what the web list asks for `?group=`), for every group.
/// - A search within a group.
/// - The sharee's sync-collection of the shared book: initial, and after 20 changes by the owner.
func groupBenchmark(store: ContactStore, contactCount: Int = 50_000, groupCount: Int = 200) throws {
    let owner = try store.createUser(username: "family", password: "bench password")
    let sharee = try store.createUser(username: "partner", password: "bench password")
    let book = try store.defaultAddressBook(for: owner)
    var sample = SampleData(seed: 9)
    let names = (0..<groupCount).map { "Group \($0 + 1)" }
    let contacts = (0..<contactCount).map { _ in
        var details = sample.nextContact()
        let first = names[sample.next(groupCount)]
        let second = sample.next(4) == 0 ? [names[sample.next(groupCount)]] : []
        details.changeCategories(adding: [first] + second, removing: [])
        return details
    }
    print("\ngroups: \(contactCount) contacts in \(groupCount) groups (each in one or two), shared read-write with another account")
    let batch = 10_000
    let insertTime = try seconds {
        for start in stride(from: 0, to: contacts.count, by: batch) {
            _ = try store.addContacts(Array(contacts[start..<min(start + batch, contacts.count)]), to: book)
        }
    }
    let groups = try store.groups(in: book)
    precondition(groups.count == groupCount && groups.allSatisfy { $0.memberCount > 0 })
    print(String(format: "insert with groups: %.0f contacts/s (%.2f s), group cards written once per batch", Double(contactCount) / insertTime, insertTime))

    var pageTimes: [Double] = []
    for group in groups {
        pageTimes.append(try seconds { _ = try store.page(in: book, group: group.id, limit: 51) })
    }
    let mean = groups.map(\.memberCount).reduce(0, +) / groups.count
    print("group page:   p50 \(milliseconds(percentile(pageTimes, 0.5))), p99 \(milliseconds(percentile(pageTimes, 0.99))) "
          + "for the first 50 of a group (\(groups.count) groups, mean \(mean) members)")
    _ = try store.search("z", in: book)
    var searchTimes: [Double] = []
    for group in groups {
        searchTimes.append(try seconds { _ = try store.searchPage("zh", in: book, group: group.id, limit: 51) })
    }
    print("group search: p50 \(milliseconds(percentile(searchTimes, 0.5))), p99 \(milliseconds(percentile(searchTimes, 0.99))) for \"zh\" within a group")
    var listTimes: [Double] = []
    for _ in 0..<20 {
        listTimes.append(try seconds { _ = try store.groups(in: book) })
    }
    print("group list:   median \(milliseconds(percentile(listTimes, 0.5))) for \(groupCount) groups with their counts")

    try store.share(book, with: sharee.username, access: .readWrite)
    guard let shared = try store.addressBook(named: "~family~contacts", for: sharee) else { preconditionFailure("the share is missing") }
    var initial: (written: [CardVersion], removed: [String], token: SyncToken, truncated: Bool)?
    let initialTime = try seconds { initial = try store.changes(in: shared.scope, since: nil, limit: nil) }
    guard let initial else { preconditionFailure("no initial sync") }
    let members = try store.contacts(in: book, group: groups[0].id, limit: 20)
    try store.removeContacts(members.map(\.id), fromGroup: groups[0].id, in: book)
    var incremental: (written: [CardVersion], removed: [String], token: SyncToken, truncated: Bool)?
    let incrementalTime = try seconds { incremental = try store.changes(in: shared.scope, since: initial.token, limit: nil) }
    print("shared sync:  initial \(milliseconds(initialTime)) for \(initial.written.count) cards (contacts and group cards); "
          + "after 20 leave a group: \(milliseconds(incrementalTime)) for \(incremental?.written.count ?? 0) cards")
}
