import ContactsStore
import Foundation
import PostgreSQL
import SQLEngine
import SQLite
import StoreOpening
import VCard

/// Measures the migration that reads every stored card again into the whole contact: `count`
/// realistic cards (`writeCardFile`) are imported, their rows put back as the release before
/// stored them (no fields column content, emails without labels, one address line), and the
/// store opened again, which migrates them.
/// - Parameter databaseURL: an empty PostgreSQL database to measure instead of a new SQLite data directory.
func migrationBenchmark(count: Int, databaseURL: String? = nil) throws {
    let directory = NSTemporaryDirectory() + "contacts-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let location: StoreLocation = databaseURL.map { .postgresql(url: $0) } ?? .directory(directory + "/data")
    let cards = directory + "/cards.vcf"
    try writeCardFile(path: cards, count: count)
    do {
        let store = try ContactStore(at: location)
        let scope = try store.defaultAddressBook(for: try store.createUser(username: "bench", password: "bench password"))
        var reader = VCardReader(bytes: try Data(contentsOf: URL(fileURLWithPath: cards)))
        let summary = try store.importVCards(from: &reader, into: scope, onConflict: .update)
        precondition(summary.imported == count, "imported \(summary.imported) of \(count)")
    }
    let db: any SQLConnection = switch location {
    case .directory(let path): try SQLite.Database(path: path + "/" + ContactStore.fileName)
    case .postgresql(let url): try PostgreSQL.Connection(url: url)
    }
    let version = try db.schemaVersion()
    let unlabelled = db.dialect == .sqlite ? "replace(emails, 'other' || char(31), '')" : "replace(emails, 'other' || chr(31), '')"
    try db.execute("ALTER TABLE contacts ADD COLUMN address TEXT NOT NULL DEFAULT ''")
    try db.execute("UPDATE contacts SET fields = '', emails = \(unlabelled), search_text = ''")
    try db.setSchemaVersion(version - 1)
    let engine = databaseURL == nil ? "SQLite" : "PostgreSQL"
    let time = try seconds { _ = try ContactStore(at: location) }
    print(String(format: "migration:    %.2f s to read %d stored cards again into the whole contact (%.0f cards/s, %@)",
                 time, count, Double(count) / time, engine))
}
