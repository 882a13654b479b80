@testable import CardDAV
import Testing

/// Request paths read into the DAV URL space, and hrefs written from them.
@Suite struct DAVPathTests {
    @Test func eachKindOfPathIsReadWithItsParts() {
        #expect(DAVPath("/dav") == .root)
        #expect(DAVPath("/dav/") == .root)
        #expect(DAVPath("/dav/principals") == .principals)
        #expect(DAVPath("/dav/principals/") == .principals)
        #expect(DAVPath("/dav/principals/alice/") == .principal(user: "alice"))
        #expect(DAVPath("/dav/addressbooks/alice/") == .home(user: "alice"))
        #expect(DAVPath("/dav/addressbooks/alice/contacts") == .addressBook(user: "alice", book: "contacts"))
        #expect(DAVPath("/dav/addressbooks/alice/contacts/") == .addressBook(user: "alice", book: "contacts"))
        #expect(DAVPath("/dav/addressbooks/alice/contacts/a.vcf") == .card(user: "alice", book: "contacts", name: "a.vcf"))
        #expect(DAVPath("/dav/addressbooks/王/通讯录/张三.vcf") == .card(user: "王", book: "通讯录", name: "张三.vcf"))
    }

    @Test(arguments: ["/davx", "/da", "", "/", "/DAV/", "/dav//", "/dav//principals", "/dav/principals//",
                      "/dav/addressbooks/alice//a.vcf", "/dav/addressbooks/alice/contacts/a.vcf/",
                      "/dav/addressbooks/alice/contacts/a.vcf/more", "/dav/elsewhere/", "/dav/principals/a/b",
                      "/dav/addressbooks"])
    func aPathOutsideTheSpaceOrWithAnEmptySegmentIsNone(_ path: String) {
        #expect(DAVPath(path) == nil)
    }

    @Test func aPathOfThousandsOfSegmentsIsRefusedAfterTheFifth() {
        #expect(DAVPath("/dav/addressbooks/" + String(repeating: "a/", count: 100_000)) == nil)
    }

    @Test func anHrefKeepsUnreservedBytesAndEncodesTheRest() {
        #expect(DAVPath.encode("/dav/addressbooks/alice/contacts/6f1c2d9e-3b4a.vcf") == "/dav/addressbooks/alice/contacts/6f1c2d9e-3b4a.vcf")
        #expect(DAVPath.encode("/a b/c%d/\u{0}/é@~_") == "/a%20b/c%25d/%00/%C3%A9@~_")
    }
}
