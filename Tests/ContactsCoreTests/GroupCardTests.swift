import ContactsCore
import Testing
import VCard

/// Reading and rewriting the lines that say which groups a card is in or holds.
@Suite struct GroupCardTests {
    private func details(_ lines: String...) throws -> ContactDetails {
        try ContactDetails(card: try VCard(parsing: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:X\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VCARD\r\n"))
    }

    @Test func categoriesAreReadFromEveryLineEachOnceWithEscapesAndGroups() throws {
        let card = try details("CATEGORIES:Family,Work\\, Inc., ", "item1.categories:Family,Friends", "CATEGORIES:\u{7}bad")
        #expect(card.categories == ["Family", "Work, Inc.", "Friends"])
    }

    @Test func changingCategoriesLeavesEveryOtherLineAlone() throws {
        var card = try details("NOTE:keep", "CATEGORIES:Family,Work", "item1.CATEGORIES:Friends")
        card.changeCategories(adding: ["School", "Family"], removing: ["Friends", "Work"])
        #expect(card.categories == ["Family", "School"])
        #expect(card.extraProperties.contains("NOTE:keep"))
        #expect(!card.extraProperties.contains { $0.lowercased().hasPrefix("item1.categories") }, "a line left empty goes")
        card.renameCategory("Family", to: "家人")
        #expect(card.categories == ["家人", "School"])
        var none = try details()
        none.changeCategories(adding: ["A,B"], removing: [])
        #expect(none.extraProperties.last == "CATEGORIES:A\\,B" && none.categories == ["A,B"])
    }

    @Test func groupCardsOfBothFormsAndTheirMembers() throws {
        var apple = try details("X-ADDRESSBOOKSERVER-KIND:group", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:A1",
                                "X-ADDRESSBOOKSERVER-MEMBER:URN:UUID:B2", "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:A1")
        #expect(apple.isGroup && apple.groupMembers == ["A1", "B2"])
        apple.changeGroupMembers(adding: ["C3", "B2"], removing: ["A1"])
        #expect(apple.groupMembers == ["B2", "C3"] && apple.extraProperties.last == "X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:C3")

        var four = try ContactDetails(card: try VCard(parsing: "BEGIN:VCARD\r\nVERSION:4.0\r\nKIND:group\r\nFN:Club\r\nMEMBER:urn:uuid:A1\r\nEND:VCARD\r\n"))
        #expect(four.isGroup && four.groupMembers == ["A1"])
        four.changeGroupMembers(adding: ["B2"], removing: [])
        #expect(four.extraProperties.last == "MEMBER:urn:uuid:B2")
        #expect(try !details("KIND:individual", "X-KIND:group").isGroup)
        #expect(ContactDetails.group(named: "Family").isGroup)
    }

    @Test func groupNamesAreTrimmedNormalizedAndBounded() {
        #expect(ContactDetails.groupName("  Fam\u{0069}\u{0301}lia ") == "Família")
        #expect(ContactDetails.groupName("") == nil && ContactDetails.groupName(" \t ") == nil)
        #expect(ContactDetails.groupName("a\u{200B}b") == nil && ContactDetails.groupName("a\nb") == nil)
        #expect(ContactDetails.groupName(String(repeating: "家", count: 100)) != nil)
        #expect(ContactDetails.groupName(String(repeating: "家", count: 101)) == nil)
        #expect(ContactDetails.memberKey("urn:uuid:ABC") == "ABC" && ContactDetails.memberKey("ABC") == "ABC")
    }
}
