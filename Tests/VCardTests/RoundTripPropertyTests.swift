import Foundation
import TestSupport
import Testing
import VCard

/// Property-based: random cards written in either version and read back give the same properties.
@Suite("Random round trips")
struct RoundTripPropertyTests {
    static let iterations = 300

    /// A property as it must come back. Inline binary changes form between versions
    /// (`ENCODING=b;TYPE=JPEG` in 3.0, a data: URI in 4.0), so it compares by bytes and media type.
    static func comparable(_ property: VCardProperty) -> VCardProperty {
        guard let data = property.binaryValue else { return property }
        return VCardProperty(group: property.group, name: property.name,
                             parameters: property.parameters.filter { !["ENCODING", "TYPE", "MEDIATYPE", "VALUE"].contains($0.name) },
                             binary: data, mediaType: property.mediaType)
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func writeThenReadGivesTheSameProperties(_ version: VCardWriter.Version) throws {
        var cards = RandomCards(seed: 0x5EED_CAFE)
        for iteration in 0..<Self.iterations {
            let card = cards.card()
            let written = card.serialized(as: version)
            let reread = try VCard(parsing: written)
            let expected = card.properties.map(Self.comparable)
            let actual = reread.properties.filter { $0.name != "VERSION" }.map(Self.comparable)
            #expect(actual == expected, "iteration \(iteration)")
            if actual != expected { break }
        }
    }

    @Test func version4KeepsEveryPropertyExactly() throws {
        var cards = RandomCards(seed: 42)
        for _ in 0..<Self.iterations {
            let card = cards.card()
            let reread = try VCard(parsing: card.serialized(as: .v4_0))
            #expect(Array(reread.properties.dropFirst()) == card.properties)
        }
    }

    @Test func textSurvivesEscaping() {
        var cards = RandomCards(seed: 7)
        for _ in 0..<Self.iterations * 3 {
            let text = cards.text()
            #expect(VCardProperty(name: "NOTE", text: text).textValue == text)
            let components = [[text, cards.text(maximumLength: 10)], [cards.text(maximumLength: 10)]]
            #expect(VCardProperty(name: "N", components: components).structuredValue == components)
        }
    }

    @Test func manyCardsInOneStreamReadInRandomChunks() throws {
        var cards = RandomCards(seed: 2024)
        let originals = (0..<100).map { _ in cards.card() }
        let writer = VCardWriter(version: .v3_0)
        var bytes: [UInt8] = []
        for card in originals { writer.write(card, into: &bytes) }
        var random = SeededGenerator(seed: 99)
        var offset = 0
        let reader = VCardReader(chunks: {
            guard offset < bytes.count else { return nil }
            let end = min(bytes.count, offset + Int.random(in: 1...300, using: &random))
            defer { offset = end }
            return Array(bytes[offset..<end])
        })
        let reread = try reader.map { try $0.get() }
        #expect(reread.map { $0.properties.dropFirst().map(Self.comparable) } == originals.map { $0.properties.map(Self.comparable) })
    }
}
