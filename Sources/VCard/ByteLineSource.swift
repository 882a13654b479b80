import Blanks

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Physical lines from a byte stream that arrives in chunks, so that a large file is never held
/// whole. A line ends at LF; the CRs before it are dropped, which covers CR LF and the CR CR LF
/// that iOS writes after PHOTO lines.
struct ByteLineSource {
    private var buffer: [UInt8]
    private var start = 0
    private var nextChunk: (() -> [UInt8]?)?
    /// The 1-based number of the last line taken.
    private(set) var lineNumber = 0

    /// A source over bytes already in memory.
    init(bytes: [UInt8]) {
        buffer = bytes
        nextChunk = nil
    }

    /// A source that pulls chunks until `nextChunk` returns nil.
    init(nextChunk: @escaping () -> [UInt8]?) {
        buffer = []
        self.nextChunk = nextChunk
    }

    /// Appends the next line, without its line break, to `line`; false at the end of the input.
    mutating func appendNextLine(to line: inout [UInt8]) -> Bool {
        guard let end = nextLineEnd() else { return false }
        line.append(contentsOf: buffer[start..<contentEnd(before: end)])
        start = min(end + 1, buffer.count)
        lineNumber += 1
        return true
    }

    /// Skips the first byte of the next line (the space or tab of a fold).
    mutating func dropFirstByteOfNextLine() {
        start += 1
    }

    /// The first byte of the next line, or nil at the end of the input.
    mutating func peekByte() -> UInt8? {
        if start == buffer.count, !refill() { return nil }
        return buffer[start]
    }

    /// Whether the next line, without its line break and surrounding whitespace, is `line`
    /// (compared ignoring ASCII case).
    mutating func nextLineEquals(_ line: StaticString) -> Bool {
        guard let end = nextLineEnd() else { return false }
        let contentEnd = contentEnd(before: end)
        return buffer.withUnsafeBufferPointer { bytes in
            ASCII.equalsIgnoringCase(bytes[Blanks.trimmed(bytes, start..<contentEnd)], line)
        }
    }

    /// Where the next line's content ends: before the CRs that precede its LF at `end`.
    private func contentEnd(before end: Int) -> Int {
        var contentEnd = end
        while contentEnd > start, buffer[contentEnd - 1] == ASCII.carriageReturn { contentEnd -= 1 }
        return contentEnd
    }

    /// The index of the LF that ends the next line (or the end of the buffer for a last line
    /// without one), pulling chunks as needed; nil when no input is left.
    private mutating func nextLineEnd() -> Int? {
        var searchFrom = start
        while true {
            if let found = findLineFeed(from: searchFrom) { return found }
            let before = buffer.count - start
            if !refill() {
                return start < buffer.count ? buffer.count : nil
            }
            searchFrom = start + before
        }
    }

    private func findLineFeed(from index: Int) -> Int? {
        guard index < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress,
                  let hit = memchr(base + index, Int32(ASCII.lineFeed), bytes.count - index) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Moves the unread bytes to the front and appends the next non-empty chunk; false when the
    /// input is exhausted.
    private mutating func refill() -> Bool {
        guard let nextChunk else { return false }
        while let chunk = nextChunk() {
            guard !chunk.isEmpty else { continue }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            buffer.append(contentsOf: chunk)
            return true
        }
        self.nextChunk = nil
        return false
    }
}
