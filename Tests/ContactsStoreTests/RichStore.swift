@testable import Accounts
import ContactsCore
import Foundation
import Testing
import VCard
@testable import ContactsStore

/// Something of everything a person keeps, written through the store's API into `store`: two
/// accounts with two books each; groups made here and by an Apple group card and CATEGORIES; a
/// book shared read-only and one read-write, written in by the sharee; app passwords, sessions
/// (one revoked) and remember tokens; a trashed contact and a trashed book; a dismissed pair
/// and a merge that can still be undone; a birthday feed; birthdays solar and lunar; a photo;
/// a card as its client sent it; a dead property with attributes and XML; a secret; a failed
/// login and an import summary waiting to be shown; two-step sign-in on, with a recovery code
/// spent and a login waiting for its second step; passkeys, one used, and a passkey challenge
/// used up.
struct RichStore {
    let alice: User
    let bob: User
    /// The contact two others were merged into, and the one of them in the trash.
    let merged: Int64
    let mergedAway: Int64
    static let region = PhoneRegion(code: "CN")!
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 4, 5, 6]
    static let sentText = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:sent\r\nFN:Sent As Is\r\nX-CLIENT:kept\r\nEND:VCARD\r\n"

    init(in store: ContactStore) throws {
        alice = try store.createUser(username: "alice", password: "password1")
        bob = try store.createUser(username: "bob", password: "password1")
        let home = try store.defaultAddressBook(for: alice)
        let work = try store.createAddressBook(named: "work", displayName: "Work", for: alice).scope
        let bobHome = try store.defaultAddressBook(for: bob)
        let family = try store.createAddressBook(named: "family", displayName: "Family", for: bob).scope

        var zhang = TwoUserStore.details("张三", phone: "138 0013 8000")
        zhang.photo = try Photo(data: Self.png)
        zhang.birthday = CalendarDate("1990-09-20")
        let zhangID = try store.addContact(zhang, to: home).id
        var li = TwoUserStore.details("李四", phone: "139 0013 9000")
        li.lunarBirthday = LunarDate(year: 1980, month: 8, day: 15)
        let liID = try store.addContact(li, to: home).id
        let friends = try store.createGroup(named: "Friends", in: home)
        _ = try store.addContacts([zhangID, liID], toGroup: friends.id, in: home)
        var tagged = TwoUserStore.details("Wang Wu", phone: "137 0013 7000")
        tagged.changeCategories(adding: ["Neighbours"], removing: [])
        tagged.age = 36
        _ = try store.addContact(tagged, to: home)
        let trashed = try store.addContact(TwoUserStore.details("Trashed", phone: "136 0013 6000"), to: home).id
        try store.deleteContact(id: trashed, in: home)

        let first = try store.addContact(TwoUserStore.details("Ann Lee", phone: "135 0013 5000"), to: home).id
        let second = try store.addContact(TwoUserStore.details("Ann Lee", phone: "135 0013 5000"), to: home).id
        let result = try store.mergeContacts([first, second], region: Self.region, in: home)
        (merged, mergedAway) = (result.contact.id, try #require(result.trashed.first))
        let bo = try store.addContact(TwoUserStore.details("Bo", phone: "134 0013 4000"), to: home).id
        let bo2 = try store.addContact(TwoUserStore.details("Bo", phone: "134 0013 4000"), to: home).id
        try store.dismissDuplicates([bo, bo2], in: home)

        // Sent by a phone, which the history names with its User-Agent.
        let phoneClient = ChangeClient(kind: .carddav, key: "app-password:1", name: "iPhone", userAgent: "iOS/18.0 dataaccessd/1.0")
        _ = try ChangeClient.$current.withValue(phoneClient) {
            try store.putCard(href: "colleague.vcf", uid: "colleague", details: TwoUserStore.details("Colleague"), in: work,
                              precondition: .none)
        }
        let appleGroup = ["BEGIN:VCARD", "VERSION:3.0", "N:Team;;;;", "FN:Team", "X-ADDRESSBOOKSERVER-KIND:group", "UID:team",
                          "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:colleague", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:not-yet", "END:VCARD", ""]
        _ = try store.putCard(href: "team.vcf", uid: "team", details: try ContactDetails(card: try VCard(parsing: appleGroup.joined(separator: "\r\n"))),
                              in: work, precondition: .none)
        _ = try store.putCard(href: "sent.vcf", uid: "sent", details: TwoUserStore.details("Sent As Is"), in: work,
                              precondition: .none, sent: SentCard(text: Self.sentText, version: .v3_0))
        try store.setDeadProperty(namespace: "urn:example", name: "color", to: DeadProperty(
            namespace: "urn:example", name: "color", value: "teal",
            attributes: [.init(namespace: "http://www.w3.org/XML/1998/namespace", name: "lang", value: "en")],
            contentXML: "<x:shade xmlns:x=\"urn:example\">teal</x:shade>"), of: work)
        try store.share(work, with: "bob", access: .readOnly)

        let old = try store.createAddressBook(named: "old", displayName: "Old", for: alice).scope
        _ = try store.addContact(TwoUserStore.details("In An Old Book"), to: old)
        try store.deleteAddressBook(old)

        _ = try store.addContact(TwoUserStore.details("Bob's Friend"), to: bobHome)
        _ = try store.addContact(TwoUserStore.details("Cousin"), to: family)
        try store.share(family, with: "alice", access: .readWrite)
        let sharedFamily = try #require(try store.addressBook(named: "~bob~family", for: alice))
        _ = try store.addContact(TwoUserStore.details("Written By Alice"), to: sharedFamily.scope)

        let phone = try store.addAppPassword(username: "alice", device: "Phone")
        _ = try store.authenticateForSync(username: "alice", password: phone,
                                          client: RequestClient(userAgent: "iOS/17.0 (21A329) dataaccessd/1.0", address: "2001:db8::7"))
        _ = try store.addAppPassword(username: "bob", device: "Laptop")
        _ = try store.issueToken(.session, for: alice, lifetime: 3600)
        _ = try store.issueToken(.remember, for: alice, lifetime: 86_400)
        try store.revokeToken(try store.issueToken(.session, for: bob, lifetime: 3600))
        _ = try store.renewBirthdayFeedToken(for: alice)
        _ = try store.secretKey(named: "csrf")
        let secret = try #require(try store.beginTwoStepSetup(for: alice))
        let step = TOTP.step(at: store.accounts.clock())
        let codes = try #require(try store.confirmTwoStep(for: alice, code: TOTP.code(secret: secret, step: step)))
        _ = try store.verifySecondStep(for: alice, code: codes[0])
        _ = try store.startPendingLogin(PendingLogin(user: alice, remember: true, autoLogin: true, next: "/contacts"))
        try LoginThrottle(store: store).recordFailure(account: "alice", address: "192.0.2.1")
        var summary = ImportSummary()
        summary.imported = 2
        _ = try store.keepImportSummary(summary, for: alice)
        let passkey = try #require(try store.addPasskey(for: alice, credentialID: [1, 2, 3], publicKey: [0xA0], algorithm: -7,
                                                        signCount: 1, name: "iPhone"))
        _ = try store.recordPasskeyUse(passkey, signCount: 2)
        _ = try store.addPasskey(for: bob, credentialID: [4, 5, 6], publicKey: [0xA1], algorithm: -257, signCount: 0, name: "Laptop")
        _ = try store.issuePasskeyChallenge(.register, for: alice)
        _ = try store.consumePasskeyChallenge(try store.issuePasskeyChallenge(.login, for: nil), .login, for: nil)
    }
}

/// What an account sees of the store through its public API: its books with their contacts,
/// groups and members, trash, duplicates, birthdays, shares, cards and exports (Apple groups
/// included), its trashed books, app passwords and birthday feed.
struct AccountView: Equatable {
    var books: [String] = []
    /// What names a point of a book's history (sync tokens, ETags): new after a restore.
    var history: [String] = []

    init(of username: String, in store: ContactStore) throws {
        let user = try store.user(named: username)
        for book in try store.addressBooks(for: user) {
            let scope = book.scope
            var lines = ["\(book.name) \(book.displayName) \(book.sharedBy ?? "own") \(book.access)"]
            lines.append("contacts: \(try store.contacts(in: scope))")
            for group in try store.groups(in: scope) {
                lines.append("group \(group): \(try store.contacts(in: scope, group: group.id, limit: 1000).map(\.uid))")
            }
            lines.append("trash: \(try store.trash(in: scope))")
            lines.append("duplicates: \(try store.duplicates(in: scope, region: RichStore.region))")
            lines.append("birthdays: \(try store.birthdays(in: scope, from: CalendarDate(year: 2027, month: 1, day: 1), days: 366))")
            if book.access == .owner { lines.append("shares: \(try store.shares(of: scope))") }
            var export: [UInt8] = []
            try store.exportVCards(in: scope, version: .v3_0, groupCards: true) { export += $0 }
            lines.append("export: \(String(decoding: export, as: UTF8.self))")
            for card in try store.cardList(in: scope) {
                let stored = try #require(try store.card(href: card.href, in: scope))
                lines.append("card \(card.href): \(stored.contact) sent \(stored.sent?.text ?? "-")")
                history.append("\(card.href) \(card.etag)")
            }
            if let photoed = try store.contacts(in: scope).first(where: \.hasPhoto) {
                lines.append("photo: \(try store.photo(ofContact: photoed.id, in: scope)?.data ?? [])")
            }
            history.append("\(book.name) \(book.syncToken)")
            books.append(lines.joined(separator: "\n"))
        }
        books.append("trashed books: \(try store.trashedAddressBooks(for: user).map { "\($0.book.name) \($0.deletedAt)" })")
        books.append("app passwords: \(try store.appPasswords(username: username))")
        books.append("birthday feed: \(try store.hasBirthdayFeed(for: user))")
        books.append("two-step: \(try store.twoStep(of: user))")
    }
}
