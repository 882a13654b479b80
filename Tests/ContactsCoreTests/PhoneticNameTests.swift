import Testing
import VCard
@testable import ContactsCore

/// X-PHONETIC-LAST-NAME and X-PHONETIC-FIRST-NAME as `addingPhoneticName()` derives them: from
/// N's family and given components, else from the name's Chinese characters.
@Suite("Phonetic names")
struct PhoneticNameTests {
    typealias F = MappingFixtures

    /// The phonetic last and first names added to the card's details (nil when none is added).
    private func phonetic(_ lines: [String]) throws -> (last: String?, first: String?)? {
        guard let details = try F.details(lines).addingPhoneticName() else { return nil }
        let properties = F.properties(of: details.vCard(uid: "u", version: .v4_0))
        func text(_ name: String) -> String? { properties.first { $0.name == name }?.textValue }
        return (text("X-PHONETIC-LAST-NAME"), text("X-PHONETIC-FIRST-NAME"))
    }

    @Test func decoratedFormattedNameIsNotRead() throws {
        let reading = try #require(try phonetic(["FN:张伟 (Zhang Wei)", "N:张;伟;;;"]))
        #expect(reading.last == "Zhang")
        #expect(reading.first == "Wei")
    }

    @Test func titlesAndLatinSpellingsInFNDoNotLeak() throws {
        let reading = try #require(try phonetic(["FN:Dr. 王小明 Wang Xiaoming, PhD", "N:王;小明;;Dr.;PhD"]))
        #expect(reading.last == "Wang")
        #expect(reading.first == "Xiaoming")
    }

    @Test func traditionalCompoundSurname() throws {
        let reading = try #require(try phonetic(["FN:歐陽娜娜", "N:歐陽;娜娜;;;"]))
        #expect(reading.last == "Ouyang")
        #expect(reading.first == "Nana")
    }

    @Test func traditionalSurnamesReadAsSurnames() throws {
        let reading = try #require(try phonetic(["FN:萬俟卨", "N:萬俟;卨;;;"]))
        #expect(reading.last == "Moqi")
        #expect(reading.first == "Xie")
        let liu = try #require(try phonetic(["FN:劉德華", "N:劉;德華;;;"]))
        #expect(liu.last == "Liu" && liu.first == "Dehua")
    }

    @Test func polyphonicSurname() throws {
        let reading = try #require(try phonetic(["FN:单田芳", "N:单;田芳;;;"]))
        #expect(reading.last == "Shan")
        #expect(reading.first == "Tianfang")
        let traditional = try #require(try phonetic(["FN:單田芳", "N:單;田芳;;;"]))
        #expect(traditional.last == "Shan" && traditional.first == "Tianfang")
    }

    @Test func givenNameKeepsItsEverydayReading() throws {
        // 曾 is Zeng as a surname, ceng in a given name.
        let reading = try #require(try phonetic(["FN:何曾", "N:何;曾;;;"]))
        #expect(reading.last == "He")
        #expect(reading.first == "Ceng")
        let zeng = try #require(try phonetic(["FN:曾国藩", "N:曾;国藩;;;"]))
        #expect(zeng.last == "Zeng" && zeng.first == "Guofan")
    }

    @Test func familyNameOnly() throws {
        let reading = try #require(try phonetic(["FN:张", "N:张;;;;"]))
        #expect(reading.last == "Zhang")
        #expect(reading.first == nil)
    }

    @Test func formattedNameOnlySplitsAfterTheSurname() throws {
        let plain = try #require(try phonetic(["FN:单田芳"]))
        #expect(plain.last == "Shan" && plain.first == "Tianfang")
        let compound = try #require(try phonetic(["FN:歐陽娜娜"]))
        #expect(compound.last == "Ouyang" && compound.first == "Nana")
        let decorated = try #require(try phonetic(["FN:张伟 (Zhang Wei)"]))
        #expect(decorated.last == "Zhang" && decorated.first == "Wei")
    }

    @Test func latinNameFirstGetsNone() throws {
        // "Amy 劉" files under A by its own letters; a phonetic name would move it to L.
        #expect(try phonetic(["FN:Amy 劉"]) == nil)
        let liu = try #require(try phonetic(["FN:劉Amy"]))
        #expect(liu.last == nil && liu.first == "Liu")
    }

    @Test func latinCardGetsNone() throws {
        #expect(try phonetic(["FN:John Smith", "N:Smith;John;;;"]) == nil)
    }

    @Test func phoneticNameFilesTheCard() throws {
        let details = try #require(try F.details(["FN:單田芳 (Shan Tianfang)", "N:單;田芳;;;"]).addingPhoneticName())
        #expect(details.phoneticReading == "Shan Tianfang")
        #expect(NameCollation.key(for: details.name, reading: details.phoneticReading).section == "S")
    }
}
