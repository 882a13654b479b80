import Foundation
import Testing
import VCard

/// The shared vCard interop corpus: `$CONTACTS_VCARD_CORPUS`, else `../shared/corpus/vcards/`
/// beside the repository. Its files are read in place, never copied into the repository.
enum Corpus {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["CONTACTS_VCARD_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/corpus/vcards", isDirectory: true)
    }()

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("SOURCES.md").path)
    }

    /// Every `.vcf` below the corpus directory, by path relative to it; empty when it is absent.
    static let files: [CorpusFile] = {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".vcf") }.sorted().map(CorpusFile.init)
    }()

    static func file(_ path: String) -> CorpusFile {
        CorpusFile(path: path)
    }
}

struct CorpusFile: Sendable, CustomTestStringConvertible {
    let path: String
    var testDescription: String { path }

    var bytes: Data {
        get throws { try Data(contentsOf: Corpus.directory.appendingPathComponent(path)) }
    }

    /// Every result the reader gives for the file.
    func read() throws -> [Result<VCard, VCardError>] {
        Array(VCardReader(bytes: try bytes))
    }

    /// The cards of a file that has no broken card.
    func cards() throws -> [VCard] {
        try read().map { try $0.get() }
    }
}
