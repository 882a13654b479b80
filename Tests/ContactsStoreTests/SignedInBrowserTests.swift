@testable import Accounts
import Foundation
import SQLEngine
import Testing
@testable import ContactsStore

/// Each login's browser, address and last request, kept with its tokens on either engine
/// (`CONTACTS_TEST_ENGINE`); the list of an account's signed-in browsers; signing one out, and
/// every one but the asking browser's.
@Suite struct SignedInBrowserTests {
    let fixture: TwoUserStore
    var store: ContactStore { fixture.store }
    var alice: User { fixture.alice }
    let chrome = RequestClient(userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
                               address: "192.0.2.10")
    let firefox = RequestClient(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", address: "2001:db8::7")

    init() throws {
        fixture = try TwoUserStore()
    }

    /// A login as the web app makes one: a remember token and a session in one family.
    private func logIn(_ user: User, from client: RequestClient) throws -> (session: String, remember: String) {
        let family = SecretToken.make()
        let remember = try store.issueToken(.remember, for: user, lifetime: 86_400, family: family, client: client)
        return (try store.issueToken(.session, for: user, lifetime: 3_600, family: family, client: client), remember)
    }

    @Test func aLoginIsListedOnceWithItsBrowserAddressAndWhenItWasSeen() throws {
        let mac = try logIn(alice, from: chrome)
        fixture.clock.advance(seconds: 60)
        _ = try logIn(alice, from: firefox)
        _ = try logIn(fixture.bob, from: chrome)
        let browsers = try store.signedInBrowsers(of: alice, current: mac.session)
        #expect(browsers.map(\.client) == [chrome, firefox], "one row per login, this one first, then the latest seen")
        #expect(browsers.map(\.isCurrent) == [true, false])
        #expect(browsers[0].lastSeen == fixture.clock.now.addingTimeInterval(-60))
        #expect(browsers[1].lastSeen == fixture.clock.now)
        #expect(try store.signedInBrowsers(of: alice, current: nil).map(\.isCurrent) == [false, false])
        #expect(try store.signedInBrowsers(of: fixture.bob, current: mac.session).map(\.isCurrent) == [false],
                "alice's session is not bob's browser")
    }

    @Test func theLastRequestIsRecordedAtMostEveryFewMinutes() throws {
        let login = try logIn(alice, from: chrome)
        let database = try fixture.directory.connection()
        func stored() throws -> (seen: Int64, agent: String, address: String) {
            try #require(try database.statement("""
                SELECT last_seen_at, user_agent, client_address FROM sessions WHERE kind = 'session' AND user_id = ?
                """).firstRow([alice.id]) { ($0.int64(0), $0.text(1), $0.text(2)) })
        }
        let start = try stored()
        fixture.clock.advance(seconds: AccountStore.lastSeenInterval - 1)
        #expect(try store.user(forSession: login.session, seenFrom: firefox) == alice)
        #expect(try stored() == start, "a request within the interval writes nothing")
        fixture.clock.advance(seconds: 1)
        #expect(try store.user(forSession: login.session, seenFrom: firefox) == alice)
        let later = try stored()
        #expect(later == (start.seen + Int64(AccountStore.lastSeenInterval * 1000), firefox.userAgent, firefox.address))
        #expect(try store.signedInBrowsers(of: alice, current: login.session).map(\.client) == [firefox])
        #expect(try store.user(forSession: login.remember, seenFrom: firefox) == nil, "a remember token is no session")
    }

    @Test func signingOutOneBrowserEndsItsSessionAndRememberTokenOnly() throws {
        let mac = try logIn(alice, from: chrome)
        let linux = try logIn(alice, from: firefox)
        let other = try #require(try store.signedInBrowsers(of: alice, current: mac.session).last)
        #expect(try store.signOut(browser: other.id, of: alice))
        #expect(try store.user(forSession: linux.session, seenFrom: firefox) == nil)
        #expect(try store.user(forToken: linux.remember, kind: .remember) == nil, "its remembered password logs in no more")
        #expect(try store.user(forSession: mac.session, seenFrom: chrome) == alice)
        #expect(try store.signedInBrowsers(of: alice, current: mac.session).map(\.client) == [chrome], "ended logins are not listed")
    }

    @Test func anotherAccountsBrowserCannotBeSignedOut() throws {
        let bobs = try logIn(fixture.bob, from: firefox)
        let id = try #require(try store.signedInBrowsers(of: fixture.bob, current: bobs.session).first?.id)
        #expect(try !store.signOut(browser: id, of: alice))
        for missing: Int64 in [0, -1, .max, .min, id + 1_000] {
            #expect(try !store.signOut(browser: missing, of: alice))
        }
        #expect(try store.user(forSession: bobs.session, seenFrom: firefox) == fixture.bob)
        #expect(try store.user(forToken: bobs.remember, kind: .remember) == fixture.bob)
    }

    @Test func signingOutEverywhereElseKeepsOnlyThisLogin() throws {
        let mac = try logIn(alice, from: chrome)
        let linux = try logIn(alice, from: firefox)
        let bare = try store.issueToken(.session, for: alice, lifetime: 3_600)
        let bobs = try logIn(fixture.bob, from: firefox)
        try store.signOutOtherBrowsers(of: alice, keeping: mac.session)
        #expect(try store.user(forSession: linux.session, seenFrom: firefox) == nil)
        #expect(try store.user(forToken: linux.remember, kind: .remember) == nil)
        #expect(try store.user(forSession: bare, seenFrom: firefox) == nil)
        #expect(try store.user(forSession: mac.session, seenFrom: chrome) == alice)
        #expect(try store.user(forToken: mac.remember, kind: .remember) == alice, "this browser's remembered password stays")
        #expect(try store.user(forSession: bobs.session, seenFrom: firefox) == fixture.bob, "another account's logins stay")
        // Kept by a token that is not the account's own, nothing is signed out.
        try store.signOutOtherBrowsers(of: fixture.bob, keeping: mac.session)
        #expect(try store.user(forSession: bobs.session, seenFrom: firefox) == fixture.bob)
    }

    @Test func expiredLoginsAreNotListed() throws {
        let old = try store.issueToken(.session, for: alice, lifetime: 60, client: firefox)
        fixture.clock.advance(seconds: 61)
        let now = try logIn(alice, from: chrome)
        #expect(try store.signedInBrowsers(of: alice, current: now.session).map(\.client) == [chrome])
        #expect(try store.user(forSession: old, seenFrom: firefox) == nil)
    }

    @Test func aRotatedRememberTokenKeepsTheLoginsRowAndRecordsTheBrowser() throws {
        let first = try logIn(alice, from: chrome)
        let before = try store.signedInBrowsers(of: alice, current: first.session)
        guard case .valid(_, _, let family) = try store.useRememberToken(first.remember, lifetime: 86_400, client: firefox) else {
            Issue.record("the remember token was refused")
            return
        }
        fixture.clock.advance(seconds: 1)
        let session = try store.issueToken(.session, for: alice, lifetime: 3_600, family: family, client: firefox)
        let after = try store.signedInBrowsers(of: alice, current: session)
        #expect(after.count == 1)
        #expect(after.first?.client == firefox, "the latest request's browser")
        #expect(after.first?.id == before.first?.id, "the same login, named by the same id")
    }

    @Test func loginsFromBeforeTheMigrationAreListedAsLastSeenWhenTheyBegan() throws {
        let session = try store.issueToken(.session, for: alice, lifetime: 3_600)
        fixture.clock.advance(seconds: AccountStore.lastSeenInterval + 90)
        // The store as the release before left it: sessions without the columns, one step short.
        let connection = try fixture.directory.connection()
        for column in ["user_agent", "client_address", "last_seen_at"] {
            try connection.execute("ALTER TABLE sessions DROP COLUMN \(column)")
        }
        try connection.setSchemaVersion(try #require(Schema.migrations.firstIndex { $0.name == Schema.signedInBrowsersMigrationName }))
        let migrated = try fixture.directory.store(clock: fixture.clock.function)
        let browsers = try migrated.signedInBrowsers(of: alice, current: session)
        #expect(browsers == [SignedInBrowser(id: browsers.first?.id ?? 0, client: RequestClient(userAgent: nil, address: ""),
                                             lastSeen: fixture.clock.now.addingTimeInterval(-AccountStore.lastSeenInterval - 90), isCurrent: true)])
        #expect(try migrated.user(forSession: session, seenFrom: chrome) == alice)
        #expect(try migrated.signedInBrowsers(of: alice, current: session).first?.client == chrome, "a request since is recorded at once")
    }

    @Test(arguments: [
        ("Chrome\u{0}/1\r\nX-Evil: 1", "Chrome/1X-Evil: 1"),
        ("a\u{202E}b\u{200B}c\u{7F}d", "abcd"),
        (String(repeating: "界", count: 10_000), String(repeating: "界", count: RequestClient.maximumUserAgentLength)),
    ])
    func userAgentsAndAddressesAreStoredWithoutHiddenCharactersAndBounded(given: String, kept: String) throws {
        let hostile = RequestClient(userAgent: given, address: "10.0.0.1\u{0}\n" + String(repeating: "9", count: 500))
        #expect(hostile.userAgent == kept)
        #expect(hostile.address == "10.0.0.1" + String(repeating: "9", count: RequestClient.maximumAddressLength - 8))
        let session = try store.issueToken(.session, for: alice, lifetime: 3_600, client: RequestClient(userAgent: given, address: "::1"))
        #expect(try store.signedInBrowsers(of: alice, current: session).first?.client.userAgent == kept)
    }
}
