import Foundation
import Testing

/// What one address book's clients see (sync tokens, CTags, ETags) follows that book's writes
/// only; tokens and ETags of other books, and those of earlier releases, are refused.
@Suite struct SyncIsolationTests {
    let server: DAVTestServer
    let alice: DAVClient
    let bob: DAVClient
    static let aliceBook = "/dav/addressbooks/alice/contacts/"
    static let bobBook = "/dav/addressbooks/bob/contacts/"
    static let tokenPrefix = "https://personal-contacts.invalid/ns/sync/"

    init() throws {
        server = try DAVTestServer()
        alice = server.client()
        bob = server.client("bob")
    }

    private func sync(_ client: DAVClient, _ book: String, token: String) throws -> DAVClient.Reply {
        try client.syncCollection(book, since: token)
    }

    /// The book's sync token, from a PROPFIND.
    private func token(_ client: DAVClient, _ book: String) throws -> String {
        try #require(try client.syncToken(of: book))
    }

    @Test func bobsWritesMoveNothingAliceSees() throws {  // RFC 6578 §3.2, RFC 6352 §13 (privacy)
        _ = try alice.put(Self.aliceBook + "a.vcf", vcard("UID:a", "FN:A"))
        _ = try alice.put(Self.aliceBook + "b.vcf", vcard("UID:b", "FN:B"))
        let look = { try alice.propfind(Self.aliceBook, depth: 1, "<cs:getctag/><d:sync-token/><d:getetag/>").body }
        let before = try look()
        let token = try self.token(alice, Self.aliceBook)
        #expect(token == elementTexts("cs:getctag", in: before).first)

        // Bob creates, edits and deletes cards, in his default book and a new one.
        #expect(try bob.put(Self.bobBook + "x.vcf", vcard("UID:x", "FN:X")).status == 201)
        #expect(try bob.put(Self.bobBook + "x.vcf", vcard("UID:x", "FN:X2")).status == 204)
        #expect(try bob.put(Self.bobBook + "y.vcf", vcard("UID:y", "FN:Y")).status == 201)
        #expect(try bob.send("DELETE", Self.bobBook + "x.vcf").status == 204)
        #expect(try bob.send("MKCOL", "/dav/addressbooks/bob/more/").status == 201)
        #expect(try bob.put("/dav/addressbooks/bob/more/z.vcf", vcard("UID:z", "FN:Z")).status == 201)

        #expect(try look() == before)
        let since = try sync(alice, Self.aliceBook, token: token)
        #expect(since.status == 207 && !since.body.contains(".vcf"))
        #expect(elementTexts("d:sync-token", in: since.body) == [token])
        // Alice's next write is her book's third change, whatever bob did.
        let etag = try #require(try alice.put(Self.aliceBook + "c.vcf", vcard("UID:c", "FN:C")).header("ETag"))
        #expect(etag.wholeMatch(of: /"[0-9a-f]{16}-3"/) != nil)
        let next = try self.token(alice, Self.aliceBook)
        #expect(next.hasPrefix(Self.tokenPrefix) && next.hasSuffix("/3") && next != token)
        #expect(next.dropLast(2) == token.dropLast(2), "the same book keeps its salt")
    }

    @Test func booksWrittenInTurnEachCountTheirOwnChanges() throws {  // RFC 6578 §3.2
        for round in 1...3 {
            for (client, book) in [(alice, Self.aliceBook), (bob, Self.bobBook)] {
                let etag = try #require(try client.put(book + "card.vcf", vcard("UID:card", "FN:Round \(round)")).header("ETag"))
                #expect(etag.hasSuffix("-\(round)\""))
                #expect(try token(client, book).hasSuffix("/\(round)"))
            }
        }
        let aliceTags = elementTexts("d:getetag", in: try alice.propfind(Self.aliceBook, depth: 1, "<d:getetag/>").body)
        let bobTags = elementTexts("d:getetag", in: try bob.propfind(Self.bobBook, depth: 1, "<d:getetag/>").body)
        #expect(aliceTags.count == 1 && bobTags.count == 1 && aliceTags != bobTags, "same number, each book's own salt")
    }

    @Test func aTokenOfAnotherBookIsRefusedAtTheSameNumber() throws {  // RFC 6578 §3.2 (valid-sync-token)
        #expect(try alice.send("MKCOL", "/dav/addressbooks/alice/work/").status == 201)
        _ = try alice.put(Self.aliceBook + "a.vcf", vcard("UID:a", "FN:A"))
        _ = try alice.put("/dav/addressbooks/alice/work/w.vcf", vcard("UID:w", "FN:W"))
        _ = try bob.put(Self.bobBook + "b.vcf", vcard("UID:b", "FN:B"))
        let own = try token(alice, Self.aliceBook)
        let work = try token(alice, "/dav/addressbooks/alice/work/")
        let bobs = try token(bob, Self.bobBook)
        #expect([own, work, bobs].allSatisfy { $0.hasPrefix(Self.tokenPrefix) && $0.hasSuffix("/1") })
        #expect(Set([own, work, bobs]).count == 3)
        #expect(try sync(alice, Self.aliceBook, token: own).status == 207)
        for other in [work, bobs] {
            let refused = try sync(alice, Self.aliceBook, token: other)
            #expect(refused.status == 403 && refused.body.contains("<d:valid-sync-token"))
        }
        let refused = try sync(bob, Self.bobBook, token: own)
        #expect(refused.status == 403 && refused.body.contains("<d:valid-sync-token"))

        // A book deleted and made again at the same address starts again at 1, with another salt.
        #expect(try alice.send("DELETE", "/dav/addressbooks/alice/work/").status == 204)
        #expect(try alice.send("MKCOL", "/dav/addressbooks/alice/work/").status == 201)
        _ = try alice.put("/dav/addressbooks/alice/work/w.vcf", vcard("UID:w", "FN:W again"))
        let again = try token(alice, "/dav/addressbooks/alice/work/")
        #expect(again.hasSuffix("/1") && again != work)
        #expect(try sync(alice, "/dav/addressbooks/alice/work/", token: work).status == 403)
    }

    @Test func tokensOfEarlierReleasesAreRefused() throws {  // RFC 6578 §3.2 (valid-sync-token)
        _ = try alice.put(Self.aliceBook + "a.vcf", vcard("UID:a", "FN:A"))
        _ = try alice.put(Self.aliceBook + "b.vcf", vcard("UID:b", "FN:B"))
        // Earlier releases handed out the change log's global sequence number after the prefix.
        for old in ["0", "1", "2"] {
            let refused = try sync(alice, Self.aliceBook, token: Self.tokenPrefix + old)
            #expect(refused.status == 403 && refused.body.contains("<d:valid-sync-token"))
        }
        #expect(try sync(alice, Self.aliceBook, token: "").status == 207)
    }

    @Test func anETagOfEarlierReleasesMatchesNoCard() throws {  // RFC 9110 §13.1.1, RFC 6352 §6.3.2
        let etag = try #require(try alice.put(Self.aliceBook + "c.vcf", vcard("UID:c", "FN:First")).header("ETag"))
        // Earlier releases tagged this card with the change log's global sequence number: "1".
        for old in ["\"1\"", "W/\"1\""] {
            #expect(try alice.put(Self.aliceBook + "c.vcf", vcard("UID:c", "FN:Blind"), headers: ["If-Match": old]).status == 412)
            #expect(try alice.send("DELETE", Self.aliceBook + "c.vcf", headers: ["If-Match": old]).status == 412)
            #expect(try alice.send("GET", Self.aliceBook + "c.vcf", headers: ["If-None-Match": old]).status == 200)
        }
        let fetched = try alice.send("GET", Self.aliceBook + "c.vcf")
        #expect(fetched.body.contains("FN:First") && fetched.header("ETag") == etag)
        #expect(try alice.put(Self.aliceBook + "c.vcf", vcard("UID:c", "FN:Second"), headers: ["If-Match": etag]).status == 204)
    }
}
