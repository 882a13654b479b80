import Blanks
import Foundation

/// Splits a `multipart/form-data` body (RFC 7578) into its parts.
struct MultipartParser {
    private static let crlf = Array("\r\n".utf8)
    private static let headerEnd = Array("\r\n\r\n".utf8)
    private static let dashes = Array("--".utf8)

    private let delimiter: [UInt8]
    private let separator: [UInt8]

    /// Creates a parser for the boundary named in the Content-Type.
    init(boundary: String) {
        delimiter = Self.dashes + Array(boundary.utf8)
        separator = Self.crlf + delimiter
    }

    /// The parts of the body, or HTTPError 400 when it is malformed.
    func parts(of body: [UInt8]) throws -> [MultipartPart] {
        guard var cursor = body.starts(with: delimiter) ? delimiter.count : nextDelimiter(in: body, from: 0)
        else { throw Self.malformed }
        var parts: [MultipartPart] = []
        while !Self.has(Self.dashes, in: body, at: cursor) {
            let lineEnd = Self.skippingSpaces(in: body, from: cursor)
            guard Self.has(Self.crlf, in: body, at: lineEnd) else { throw Self.malformed }
            let start = lineEnd + Self.crlf.count
            guard let end = nextDelimiter(in: body, from: start) else { throw Self.malformed }
            parts.append(try Self.part(body, start..<(end - separator.count)))
            cursor = end
        }
        return parts
    }

    /// The index just past the next delimiter line at or after `index`: one followed by `--`
    /// (the close) or by optional spaces and CRLF. Lookalikes such as `--boundaryX` are content.
    private func nextDelimiter(in body: [UInt8], from index: Int) -> Int? {
        var searchFrom = index
        while let found = Self.find(separator, in: body, within: searchFrom..<body.count) {
            let end = found + separator.count
            if Self.has(Self.dashes, in: body, at: end) || Self.has(Self.crlf, in: body, at: Self.skippingSpaces(in: body, from: end)) {
                return end
            }
            searchFrom = found + 1
        }
        return nil
    }

    private static func skippingSpaces(in body: [UInt8], from index: Int) -> Int {
        var index = index
        while index < body.count, body[index] == UInt8(ascii: " ") || body[index] == UInt8(ascii: "\t") { index += 1 }
        return index
    }

    private static let malformed = HTTPError(400, "Malformed multipart/form-data body.")

    private static func part(_ body: [UInt8], _ range: Range<Int>) throws -> MultipartPart {
        let contentStart: Int
        let headers: HTTPHeaders
        if range.count >= crlf.count, has(crlf, in: body, at: range.lowerBound) {
            contentStart = range.lowerBound + crlf.count
            headers = HTTPHeaders()
        } else {
            guard let end = find(headerEnd, in: body, within: range) else { throw malformed }
            headers = parseHeaders(body[range.lowerBound..<end])
            contentStart = end + headerEnd.count
        }
        let disposition = HeaderParameters(headers["Content-Disposition"] ?? "")
        guard disposition.token == "form-data", let name = disposition["name"] else { throw malformed }
        return MultipartPart(name: name, filename: disposition["filename"], contentType: headers["Content-Type"],
                             headers: headers, data: Array(body[contentStart..<range.upperBound]))
    }

    private static func parseHeaders(_ block: ArraySlice<UInt8>) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in String(decoding: block, as: UTF8.self).split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            headers.add(String(pair[0].trimmingBlanks()), String(pair[1].trimmingBlanks()))
        }
        return headers
    }

    private static func has(_ needle: [UInt8], in body: [UInt8], at index: Int) -> Bool {
        index + needle.count <= body.count && body[index..<(index + needle.count)].elementsEqual(needle)
    }

    /// The index of the first occurrence of needle inside range.
    private static func find(_ needle: [UInt8], in body: [UInt8], within range: Range<Int>) -> Int? {
        body.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                var start = range.lowerBound
                while range.upperBound - start >= pattern.count {
                    guard let hit = memchr(haystack.baseAddress! + start, Int32(pattern[0]), range.upperBound - start - pattern.count + 1)
                    else { return nil }
                    let index = haystack.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(haystack.baseAddress! + index, pattern.baseAddress!, pattern.count) == 0 { return index }
                    start = index + 1
                }
                return nil
            }
        }
    }
}
