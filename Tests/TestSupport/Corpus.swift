import Foundation
import Testing
import VCard

/// The shared vCard interop corpus: `$CONTACTS_VCARD_CORPUS`, else `../shared/corpus/vcards/`
/// beside the repository. Its files are read in place, never copied into the repository.
public enum Corpus {
    public static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["CONTACTS_VCARD_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // This file is Tests/TestSupport/Corpus.swift: three levels below the repository.
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards", isDirectory: true)
    }()

    public static var isPresent: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path)
    }

    /// Every `.vcf` below the corpus directory, by path relative to it; empty when it is absent.
    public static let files: [CorpusFile] = {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".vcf") }.sorted().map(CorpusFile.init)
    }()

    public static func file(_ path: String) -> CorpusFile {
        CorpusFile(path: path)
    }
}

public struct CorpusFile: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// The path relative to the corpus directory, such as `KDE__kcontacts/vcard7.vcf`.
    public let path: String
    public var testDescription: String { path }
    public var description: String { path }

    public var bytes: Data {
        get throws { try Data(contentsOf: Corpus.directory.appendingPathComponent(path)) }
    }

    /// Every result the reader gives for the file.
    public func read() throws -> [Result<VCard, VCardError>] {
        Array(VCardReader(bytes: try bytes))
    }

    /// The cards the reader reads, with their number in the file (broken cards left out).
    public func numberedCards() throws -> [(number: Int, card: VCard)] {
        var reader = VCardReader(bytes: try bytes)
        var cards: [(Int, VCard)] = []
        while let result = reader.next() {
            if case .success(let card) = result { cards.append((reader.lastCard.number, card)) }
        }
        return cards
    }

    /// The cards of a file that has no broken card.
    public func cards() throws -> [VCard] {
        try read().map { try $0.get() }
    }
}
