import ContactCSV
import Foundation
import VCard

/// The files in Fixtures/ and what reading them gives, as content lines.
enum CSVFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let encodings = ["", "-bom", "-utf16le", "-gb18030"]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Every card of the file, each as its content lines in vCard 4.0 form, VERSION left out.
    static func cards(in bytes: [UInt8]) throws -> (format: ContactCSVFormat, rows: [Int], cards: [[String]]) {
        let reader = try ContactCSVReader(bytes: bytes)
        var rows: [Int] = []
        var cards: [[String]] = []
        for (row, result) in reader {
            rows.append(row)
            cards.append(lines(of: try result.get()))
        }
        return (reader.format, rows, cards)
    }

    static func lines(of card: VCard) -> [String] {
        let writer = VCardWriter(version: .v4_0)
        return card.properties.filter { $0.name != "VERSION" }.map { writer.contentLine(for: $0) }
    }

    /// The file's rows as RFC 4180 reads them, each a list of its cells, byte order mark left out.
    static func cells(of bytes: [UInt8]) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var characters = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)[...]
        while let character = characters.popFirst() {
            switch (quoted, character) {
            case (true, "\"") where characters.first == "\"": cell.append(characters.removeFirst())
            case (_, "\""): quoted.toggle()
            case (false, ","): row.append(cell); cell = ""
            case (false, "\r\n"): row.append(cell); rows.append(row); (row, cell) = ([], "")
            default: cell.append(character)
            }
        }
        return rows
    }
}
