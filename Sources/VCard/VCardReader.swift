import Blanks

/// Reads cards one at a time from bytes that may arrive in chunks, so that a file of any size is
/// read without holding it whole.
///
///     for result in VCardReader(bytes: data) {
///         switch result {
///         case .success(let card): ...
///         case .failure(let error): print(error)   // "vCard 3, line 41: content line has no colon"
///         }
///     }
///
/// Reading is lenient where real clients are sloppy: a UTF-8 BOM, text outside BEGIN/END,
/// `#` comment lines, blank lines, lower-case names, trailing whitespace, empty parameters,
/// CR CR LF line ends and a missing VERSION are accepted. A malformed card yields one
/// `VCardError` and reading goes on at the next BEGIN:VCARD. A card nested in another (vCard 2.1
/// AGENT) is yielded on its own, before the card around it.
public struct VCardReader: Sequence, IteratorProtocol {
    /// How deeply cards may nest before the inner one is reported as an error.
    static let maximumNesting = 8

    private var lines: ContentLineReader
    private var parser = ContentLineParser()
    /// The cards being read, innermost last.
    private var open: [CardBuilder] = []
    /// True after an error, until the broken card's END or the next BEGIN.
    private var skipping = false
    private var cardCount = 0

    /// A reader over bytes in memory (`[UInt8]`, `Data`, `String.UTF8View`), or over any byte
    /// sequence, which is then pulled 64 KiB at a time.
    public init(bytes: some Sequence<UInt8>) {
        if let array = bytes as? [UInt8] ?? bytes.withContiguousStorageIfAvailable(Array.init) {
            self.init(source: ByteLineSource(bytes: array))
        } else {
            var iterator = bytes.makeIterator()
            self.init(chunks: {
                var chunk: [UInt8] = []
                chunk.reserveCapacity(Self.chunkSize)
                while chunk.count < Self.chunkSize, let byte = iterator.next() { chunk.append(byte) }
                return chunk.isEmpty ? nil : chunk
            })
        }
    }

    /// A reader that pulls chunks (of any size) from `nextChunk` until it returns nil; a file
    /// reader passes `{ try? handle.read(upToCount: 65_536).map(Array.init) }`.
    public init(chunks nextChunk: @escaping () -> [UInt8]?) {
        self.init(source: ByteLineSource(nextChunk: nextChunk))
    }

    private init(source: ByteLineSource) {
        lines = ContentLineReader(source: source)
    }

    private static let chunkSize = 65_536

    /// The number (counting broken cards) and BEGIN line of the last card read successfully,
    /// so that a caller who rejects the card can say which one.
    public private(set) var lastCard = (number: 0, beginLine: 0)

    /// The physical line where the last content line read starts.
    public var lineNumber: Int { lines.lineNumber }

    /// The next card, or the error that stopped one; nil when the input is exhausted.
    public mutating func next() -> Result<VCard, VCardError>? {
        while lines.next() {
            if let result = consumeLine() { return result }
        }
        skipping = false
        guard let unfinished = open.popLast() else { return nil }
        return .failure(VCardError(.missingEnd, card: unfinished.number, line: unfinished.beginLine))
    }

    /// Handles one content line; returns a card or an error when the line completes one.
    private mutating func consumeLine() -> Result<VCard, VCardError>? {
        let line = lines.line
        guard let first = line.first(where: { !Blanks.isBlank($0) }) else { return nil }
        switch Boundary(line) {
        case .begin?:
            skipping = false
            cardCount += 1
            guard open.count < Self.maximumNesting else {
                skipping = true
                return .failure(VCardError(.nestingTooDeep, card: cardCount, line: lines.lineNumber))
            }
            open.append(CardBuilder(number: cardCount, beginLine: lines.lineNumber))
            return nil
        case .end?:
            if skipping {
                skipping = false
                return nil
            }
            guard let finished = open.popLast() else {
                cardCount += 1
                return .failure(VCardError(.endWithoutBegin, card: cardCount, line: lines.lineNumber))
            }
            lastCard = (finished.number, finished.beginLine)
            return .success(finished.build())
        case nil:
            // Text outside a card, and vCard 2.1 `#` comments (AOSP), are ignored.
            guard !skipping, !open.isEmpty, first != ASCII.hash else { return nil }
            do {
                open[open.count - 1].append(try parser.parse(line))
                return nil
            } catch {
                let broken = open.removeLast()
                skipping = true
                return .failure(VCardError(error, card: broken.number, line: lines.lineNumber))
            }
        }
    }
}

/// A `BEGIN:VCARD` or `END:VCARD` line (RFC 6350 §6.1.1, §6.1.2), in any case, with surrounding
/// whitespace, a UTF-8 byte order mark and parameters (`BEGIN;CHARSET=UTF-8:VCARD`) allowed:
/// whatever the parser would read as a BEGIN or END property with the value VCARD.
private enum Boundary {
    case begin, end

    init?(_ line: [UInt8]) {
        let found: Boundary? = line.withUnsafeBufferPointer { bytes in
            var range = Blanks.trimmed(bytes, 0..<bytes.count)
            if ASCII.hasPrefixIgnoringCase(bytes[range], "\u{FEFF}") {
                range = range.lowerBound + 3..<range.upperBound
            }
            let boundary: Boundary
            if ASCII.hasPrefixIgnoringCase(bytes[range], "BEGIN") {
                boundary = .begin
                range = range.lowerBound + 5..<range.upperBound
            } else if ASCII.hasPrefixIgnoringCase(bytes[range], "END") {
                boundary = .end
                range = range.lowerBound + 3..<range.upperBound
            } else {
                return nil
            }
            range = Blanks.trimmed(bytes, range)
            guard let next = range.first.map({ bytes[$0] }), next == ASCII.colon || next == ASCII.semicolon,
                  let colon = bytes[range].firstIndex(of: ASCII.colon),
                  ASCII.equalsIgnoringCase(bytes[Blanks.trimmed(bytes, colon + 1..<range.upperBound)], "VCARD")
            else { return nil }
            return boundary
        }
        guard let found else { return nil }
        self = found
    }
}
