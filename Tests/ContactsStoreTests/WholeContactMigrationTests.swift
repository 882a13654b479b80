import ContactsCore
import Foundation
import SQLEngine
import Testing
import VCard
@testable import ContactsStore

/// The migration that reads every stored card again into the whole contact, on either engine:
/// rows as the release before stored them (phones labelled mobile, home, work or other, emails
/// without labels, one address line, nothing else) come back with every field, and what a
/// person had edited since the card came stays as edited.
@Suite struct WholeContactMigrationTests {
    let directory = TemporaryDirectory()

    /// An iPhone's card with what the release before kept only as lines.
    static let phoneCard = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        PRODID:-//Apple Inc.//iPhone OS 18.1//EN\r
        N:马;化腾;;;\r
        FN:马化腾\r
        ORG:腾讯;微信事业群\r
        TITLE:董事会主席\r
        TEL;type=IPHONE;type=CELL;type=VOICE;type=pref:+86 138 0013 8000\r
        item1.TEL:+86 755 1234 5678\r
        item1.X-ABLabel:秘书\r
        EMAIL;type=INTERNET;type=WORK:pony@tencent.com\r
        item2.ADR;type=WORK;type=pref:;;科技中一路;深圳;广东;518057;中国\r
        item2.X-ABADR:cn\r
        ADR;type=HOME:;;滨海大道 1 号;深圳;;;中国\r
        IMPP;X-SERVICE-TYPE=WeChat:x-apple:ponyma\r
        item3.X-ABDATE:1998-11-11\r
        item3.X-ABLabel:_$!<Anniversary>!$_\r
        UID:pony\r
        END:VCARD\r

        """
    static let companyCard = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:;;;;\r
        FN:腾讯\r
        ORG:腾讯;\r
        X-ABShowAs:COMPANY\r
        TEL;type=MAIN:+86 755 8601 3388\r
        UID:tencent\r
        END:VCARD\r

        """

    private func put(_ text: String, in scope: AddressBookScope, store: ContactStore) throws -> Int64 {
        let card = try VCard(parsing: text)
        let uid = try #require(card.uid)
        _ = try store.putCard(href: uid + ".vcf", uid: uid, details: try ContactDetails(card: card), in: scope,
                              precondition: .ifNoneMatchAny)
        return try #require(try store.card(href: uid + ".vcf", in: scope)).contact.id
    }

    /// The phone's label as the release before read it.
    private func earlierLabel(_ label: ContactLabel) -> String {
        switch label {
        case .mobile, .iPhone: "mobile"
        case .home, .work: label.rawValue
        default: "other"
        }
    }

    @Test func storedCardsAreReadAgainAndEditsKept() throws {
        let store = try directory.store()
        let book = try store.defaultAddressBook(for: try store.createUser(username: "alice", password: "password1"))
        let untouched = try put(Self.phoneCard, in: book, store: store)
        let company = try put(Self.companyCard, in: book, store: store)
        // Edited as the release before could: a new name, a work phone, an email, its one address line.
        let edited = try put(Self.phoneCard.replacingOccurrences(of: "UID:pony", with: "UID:pony-2"), in: book, store: store)
        try store.modifyContact(id: edited, in: book) { details in
            details.name = "马化腾 (Pony)"
            details.nameParts = NameParts()
            details.phones.append(PhoneNumber("+86 755 0000 0000", label: .work))
            details.emails.append(EmailAddress("pony@example.com"))
            details.addresses[0] = PostalAddress(label: .other, street: "新地址 1 号, 深圳")
            details.note = "edited"
        }
        let made = try store.addContact(ContactDetails(name: "张三", phones: [PhoneNumber("138 0000 0000", label: .home)],
                                                       emails: ["zs@example.com"], addresses: [PostalAddress(label: .other, street: "北京")]),
                                        to: book).id
        let ids = [untouched, company, edited, made]
        let before = try store.contacts(withIDs: ids, in: book)
        #expect(before.count == 4)

        // The rows as the release before stored them.
        let db = try directory.connection()
        try db.execute("ALTER TABLE contacts ADD COLUMN address TEXT NOT NULL DEFAULT ''")
        let downgrade = try db.statement("""
            UPDATE contacts SET phones = ?, emails = ?, address = ?, fields = '', section = '#', sort_key = '{', search_text = ''
            WHERE id = ?
            """)
        for contact in before {
            let details = contact.details
            try downgrade.execute([
                details.phones.map { earlierLabel($0.label) + "\u{1F}" + $0.number }.joined(separator: "\u{1E}"),
                details.emails.map(\.address).joined(separator: "\u{1E}"), details.addresses.first?.singleLine ?? "", contact.id,
            ])
        }
        let step = try #require(Schema.migrations.firstIndex { $0.name == WholeContactMigration.name })
        try db.setSchemaVersion(step)

        let migrated = try directory.store()
        let after = try migrated.contacts(withIDs: ids, in: book)
        for (old, new) in zip(before, after) {
            #expect(new.details == old.details, "\(old.details.name)")
            #expect(new.section == old.section)
            #expect(new.revision == old.revision, "the cards did not change")
        }
        let read = try #require(after.first { $0.id == untouched }).details
        #expect(read.organization == "腾讯" && read.department == "微信事业群" && read.jobTitle == "董事会主席")
        #expect(read.phones.map(\.label) == [.iPhone, ContactLabel("秘书")])
        #expect(read.addresses.count == 2 && read.addresses[0].countryCode == "cn")
        #expect(read.instantMessages == [ServiceHandle(service: "WeChat", handle: "ponyma")])
        #expect(try #require(after.first { $0.id == company }).details.isCompany)
        #expect(try migrated.search("tengxun", in: book).map(\.id).sorted() == [untouched, company, edited].sorted())
        #expect(try migrated.search("ponyma", in: book).map(\.id).sorted() == [untouched, edited].sorted())
        #expect(try migrated.search("新地址", in: book).map(\.id) == [edited])
        #expect(try directory.connection().columnNames(of: "contacts").contains("address") == false)
    }
}
