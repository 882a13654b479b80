import Accounts
import CardDAV
import ContactsStore
import Foundation
import HTTP
import PostgreSQL
import Testing

/// The round trips to PostgreSQL each kind of CardDAV request costs, once its statements are
/// prepared and its credentials verified: each is a wait for the database, which a node on
/// PostgreSQL pays where a node on SQLite reads its own file, so a request that starts making
/// more shows here. Counted, not timed.
@Suite(.enabled(if: TestPostgreSQL.server != nil, "needs CONTACTS_TEST_POSTGRES (scripts/with-postgres.sh)"))
final class RoundTripTests {
    static let book = "/dav/addressbooks/alice/contacts/"

    private let database = "contacts_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    private let pool: ConnectionPool
    private let store: ContactStore
    private let alice: DAVClient

    init() throws {
        let server = try #require(TestPostgreSQL.server)
        try Connection(url: server).execute("CREATE DATABASE \(database)")
        var components = try #require(URLComponents(string: server))
        components.path = "/" + database
        let pool = try ConnectionPool(url: try #require(components.string), migrator: ContactStore.migrator)
        self.pool = pool
        store = try ContactStore { pool }
        _ = try store.createUser(username: "alice", password: "password1")
        let dav = CardDAVServer(store: store, throttle: LoginThrottle(store: store), gate: PasswordGate(), log: { _ in })
        alice = DAVClient(http: InProcessClient(responder: dav.responder()), user: "alice", password: "password1")
        for index in 0..<20 {
            #expect(try alice.put(Self.book + "card\(index).vcf", Self.card(index)).status == 201)
        }
    }

    deinit {
        if let server = TestPostgreSQL.server {
            try? Connection(url: server).execute("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
        }
    }

    private static func card(_ index: Int, note: String = "") -> String {
        vcard("UID:card-\(index)", "FN:Person \(index)", "TEL:+1 555 01\(index)", "NOTE:\(note)")
    }

    /// The round trips of `request` made a second time (the first prepares its statements),
    /// with its answer's status.
    private func roundTrips(_ request: (Int) throws -> DAVClient.Reply) throws -> (count: Int, status: Int) {
        _ = try request(0)
        let before = pool.roundTrips
        let status = try request(1).status
        return (pool.roundTrips - before, status)
    }

    // Every request below comes with the account password, which the login throttle holds
    // back while the account or the address is locked, cached or not: the failures counted
    // against both are read with the first statement, with the credentials generation.

    @Test func getIsOneRoundTripWithTheCredentialsCheck() throws {
        let phone = DAVClient(http: alice.http, user: "alice", password: try store.addAppPassword(username: "alice", device: "phone"))
        let get = try roundTrips { _ in try phone.send("GET", Self.book + "card3.vcf") }
        #expect(get.status == 200)
        #expect(get.count == 1)
        let withAccountPassword = try roundTrips { _ in try alice.send("GET", Self.book + "card3.vcf") }
        #expect(withAccountPassword.status == 200)
        #expect(withAccountPassword.count == 1)
    }

    /// The book, then the write: where the book's log stands (for the history of what it
    /// changes), its checks, the new details (which return the change number), the card as
    /// stored, the commit (which carries the history's statements).
    @Test func putOfAChangedCard() throws {
        let put = try roundTrips { round in try alice.put(Self.book + "card4.vcf", Self.card(4, note: "round \(round)")) }
        #expect(put.status == 204)
        #expect(put.count == 6)
    }

    /// As a changed card, but the id and the change number are reserved on their own.
    @Test func putOfANewCard() throws {
        let put = try roundTrips { round in try alice.put(Self.book + "new\(round).vcf", Self.card(100 + round)) }
        #expect(put.status == 201)
        #expect(put.count == 8)
    }

    /// The book, its dead properties, its cards.
    @Test func propfindOfTheBookWithItsCards() throws {
        let propfind = try roundTrips { _ in try alice.propfind(Self.book, depth: 1, "<d:getetag/>") }
        #expect(propfind.status == 207)
        #expect(propfind.count == 3)
    }

    /// The book, the changes.
    @Test func initialAndIncrementalSync() throws {
        let initial = try roundTrips { _ in try alice.syncCollection(Self.book, since: "") }
        #expect(initial.status == 207)
        #expect(initial.count == 2)
        let token = try #require(try alice.syncToken(of: Self.book))
        let incremental = try roundTrips { _ in try alice.syncCollection(Self.book, since: token) }
        #expect(incremental.status == 207)
        #expect(incremental.count == 2)
    }

    @Test func multigetWithAddressData() throws {
        let hrefs = (0..<10).map { "<d:href>\(Self.book)card\($0).vcf</d:href>" }.joined()
        let multiget = try roundTrips { _ in
            try alice.report(Self.book, """
                <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
                <d:prop><d:getetag/><card:address-data/></d:prop>\(hrefs)</card:addressbook-multiget>
                """)
        }
        #expect(multiget.status == 207)
        // The book, the cards' versions: their texts are cached by the first multiget.
        #expect(multiget.count == 2)
    }
}

/// The PostgreSQL server scripts/with-postgres.sh gives; nil without one.
enum TestPostgreSQL {
    static let server = ProcessInfo.processInfo.environment["CONTACTS_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
}
