import ContactsCore
import ContactsStore
import Foundation
import SQLEngine
import StoreOpening

/// Measures what keeping versions costs at `count` contacts (one in ten with a 20 KB photo) for
/// one user: the space `edits` rounds of editing every contact once take (each round an import
/// that updates every card, keeping its photo), single edits per second as the web app saves
/// them, and the rewind of 10,000 deletions made in one write.
/// - Parameter databaseURL: an empty PostgreSQL database to measure instead of a new SQLite
///   data directory.
func historyBenchmark(count: Int, edits: Int, databaseURL: String?) throws {
    let directory = NSTemporaryDirectory() + "contacts-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let location: StoreLocation = databaseURL.map { .postgresql(url: $0) } ?? .directory(directory)
    let store = try ContactStore(at: location)
    let scope = try store.defaultAddressBook(for: try store.createUser(username: "bench", password: "bench password"))
    var sample = SampleData(seed: 11)
    let photo = try Photo(data: [0xFF, 0xD8, 0xFF, 0xE0] + (0..<20_476).map { _ in UInt8(sample.next(256)) })
    let contacts = (0..<count).map { index in
        var details = sample.nextContact()
        if index % 10 == 0 { details.photo = photo }
        return details
    }
    print("PersonalContacts history benchmark: \(count) contacts, \(edits) edits of each, \(databaseURL == nil ? "SQLite" : "PostgreSQL")")
    let batch = 5_000
    for start in stride(from: 0, to: count, by: batch) {
        _ = try store.addContacts(Array(contacts[start..<min(start + batch, count)]), to: scope)
    }
    let kept = try historyBytes(store)
    print(String(format: "history after the import: %.1f MB (%d versions)", Double(kept.bytes) / 1e6, kept.versions))

    let ids = try store.contacts(in: scope).map(\.id)
    let saves = min(2_000, ids.count)
    let saveTime = try seconds {
        for (index, id) in ids.prefix(saves).enumerated() {
            _ = try store.modifyContact(id: id, in: scope) { $0.note = "saved \(index)" }
        }
    }
    print(String(format: "single edits: %.0f saves/s (%d, one transaction each)", Double(saves) / saveTime, saves))

    let hrefs = try store.cardList(in: scope).map(\.href)
    let editTime = try seconds {
        for round in 1...max(edits, 1) {
            for start in stride(from: 0, to: hrefs.count, by: batch) {
                let cards = try store.cards(hrefs: Array(hrefs[start..<min(start + batch, hrefs.count)]), in: scope)
                _ = try store.importCards(cards.map { card in
                    var details = card.contact.details
                    details.note = "edit \(round)"
                    return ImportedCard(uid: card.contact.uid, details: details)
                }, into: scope, onConflict: .update)
            }
        }
    }
    let edited = try historyBytes(store)
    let added = Double(edited.bytes - kept.bytes)
    print(String(format: "%d edits of each contact: %.1f s; history %.1f MB (%d versions), %.0f bytes per edit, %.1f MB per 10,000 edits",
                 edits, editTime, Double(edited.bytes) / 1e6, edited.versions, added / Double(count * edits),
                 added / Double(count * edits) * 10_000 / 1e6))

    let doomed = Array(ids.suffix(min(10_000, ids.count)))
    let before = Date()
    Thread.sleep(forTimeInterval: 0.01)
    try store.deleteContacts(ids: doomed, in: scope)
    var plan: RewindPlan?
    let rewindTime = try seconds { plan = try store.rewind(scope, to: before) }
    let total = try store.count(in: scope)
    precondition(plan?.broughtBack.count == doomed.count && total == count, "the rewind brought every contact back")
    print(String(format: "rewind of %d deletions: %.2f s (%.0f contacts/s)", doomed.count, rewindTime, Double(doomed.count) / rewindTime))
}

/// The bytes the history's tables and indexes take, and its number of versions.
private func historyBytes(_ store: ContactStore) throws -> (bytes: Int, versions: Int) {
    try store.database.read { db in
        let size = db.dialect == .sqlite
            ? """
              SELECT sum(d.pgsize) FROM dbstat d JOIN sqlite_master m ON m.name = d.name
              WHERE m.tbl_name IN ('contact_versions', 'version_photos')
              """
            : "SELECT pg_total_relation_size('contact_versions') + pg_total_relation_size('version_photos')"
        let bytes = try db.statement(size).firstRow { $0.int(0) } ?? 0
        return (bytes, try db.statement("SELECT count(*) FROM contact_versions").firstRow { $0.int(0) } ?? 0)
    }
}
