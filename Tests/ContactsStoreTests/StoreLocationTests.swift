import ContactsStore
import StoreOpening
import Testing

/// `StoreLocation`: what names a database, and how it is shown without its password.
@Suite struct StoreLocationTests {
    @Test func urlsNameDatabasesAndAnythingElseADirectory() {
        #expect(StoreLocation("postgresql://alice@db/contacts") == .postgresql(url: "postgresql://alice@db/contacts"))
        #expect(StoreLocation("POSTGRES://db/contacts") == .postgresql(url: "POSTGRES://db/contacts"))
        #expect(StoreLocation("/var/lib/contacts") == .directory("/var/lib/contacts"))
        #expect(StoreLocation("/var/lib/contacts").description == "/var/lib/contacts")
    }

    @Test(arguments: [
        ("postgresql://alice:s3cret@db.example:5432/contacts", "postgresql://alice:***@db.example:5432/contacts"),
        ("postgres://alice:p@ss/w:rd@db/contacts?sslmode=require", "postgres://alice:***@db/contacts?sslmode=require"),
        ("postgresql:///contacts?host=/run/postgresql&password=s3cret&user=alice",
         "postgresql:///contacts?host=/run/postgresql&password=***&user=alice"),
        ("postgresql://alice@db/contacts", "postgresql://alice@db/contacts"),
        ("postgresql://db/contacts", "postgresql://db/contacts"),
        ("not a url: s3cret", "not a url: s3cret"),
    ])
    func passwordsAreNeverShown(url: String, shown: String) {
        #expect(StoreLocation.redactingPassword(url) == shown)
        if case .postgresql = StoreLocation(url) { #expect(StoreLocation(url).description == shown) }
    }
}
