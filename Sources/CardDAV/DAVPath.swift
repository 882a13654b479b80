import Foundation
import HTTP

/// The URL space of the DAV server (RFC 6764 §6 says where clients start; the rest is ours):
///
///     /dav/                                      the root; it names the user's principal
///     /dav/principals/                           the principal collection (RFC 3744 §5.8)
///     /dav/principals/<user>/                    the principal (RFC 3744 §2)
///     /dav/addressbooks/<user>/                  the address book home (RFC 6352 §7.1.1)
///     /dav/addressbooks/<user>/<book>/           an address book collection
///     /dav/addressbooks/<user>/<book>/<card>     one vCard resource, by the name its client gave it
enum DAVPath: Equatable {
    case root
    case principals
    case principal(user: String)
    case home(user: String)
    case addressBook(user: String, book: String)
    case card(user: String, book: String, name: String)

    static let prefix = "/dav/"

    /// Reads a percent-decoded request path; nil for paths outside this space.
    init?(_ path: String) {
        guard path.utf8.starts(with: Self.prefix.utf8) || path == "/dav" else { return nil }
        var path = path
        guard let (parts, isCollection) = path.withUTF8({ Self.segments(of: $0) }) else { return nil }
        switch (parts.first, parts.count) {
        case (nil, _): self = .root
        case ("principals"?, 1): self = .principals
        case ("principals"?, 2): self = .principal(user: parts[1])
        case ("addressbooks"?, 2): self = .home(user: parts[1])
        case ("addressbooks"?, 3): self = .addressBook(user: parts[1], book: parts[2])
        case ("addressbooks"?, 4) where !isCollection: self = .card(user: parts[1], book: parts[2], name: parts[3])
        default: return nil
        }
    }

    /// The segments of a path's UTF-8 bytes after the prefix, and whether it ends with a slash;
    /// nil when one is empty (`//`). Split on the byte: `/` is ASCII, so no segment begins or
    /// ends inside a character. Past the 4 segments a path of this space has, nil.
    private static func segments(of path: UnsafeBufferPointer<UInt8>) -> (parts: [String], isCollection: Bool)? {
        var parts: [String] = []
        var start = Swift.min(prefix.utf8.count, path.count)
        while start < path.count {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
            guard end > start, parts.count < 4 else { return nil }
            parts.append(String(decoding: UnsafeBufferPointer(rebasing: path[start..<end]), as: UTF8.self))
            start = end + 1
        }
        return (parts, path.last == UInt8(ascii: "/") || path.count <= prefix.utf8.count)
    }

    /// The path, collections with their trailing slash.
    var path: String {
        switch self {
        case .root: Self.prefix
        case .principals: Self.prefix + "principals/"
        case .principal(let user): Self.prefix + "principals/\(user)/"
        case .home(let user): Self.prefix + "addressbooks/\(user)/"
        case .addressBook(let user, let book): Self.prefix + "addressbooks/\(user)/\(book)/"
        case .card(let user, let book, let name): Self.prefix + "addressbooks/\(user)/\(book)/\(name)"
        }
    }

    /// The user the path belongs to (nil for the root).
    var user: String? {
        switch self {
        case .root, .principals: nil
        case .principal(let user), .home(let user), .addressBook(let user, _), .card(let user, _, _): user
        }
    }

    /// The address book the path is in or names (nil outside address books).
    var book: String? {
        switch self {
        case .root, .principals, .principal, .home: nil
        case .addressBook(_, let book), .card(_, let book, _): book
        }
    }

    /// Percent-encodes a path for an href: every byte but unreserved characters, `/` and `@`
    /// (RFC 3986 §2.1). Written by hand: a PROPFIND of thousands of cards writes thousands of hrefs.
    static func encode(_ path: String) -> String {
        guard path.utf8.contains(where: { !keptAsIs[Int($0)] }) else { return path }
        var out = XMLBuffer()
        encode(path, into: &out)
        return out.text
    }

    /// Appends `encode(path)` (ASCII, nothing in it for XML to escape).
    static func encode(_ path: String, into out: inout XMLBuffer) {
        var path = path
        path.withUTF8 { encode($0, into: &out) }
    }

    /// Appends `encode(path)` of a path's UTF-8 bytes.
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout XMLBuffer) {
        keptAsIs.withUnsafeBufferPointer { kept in
            guard let first = bytes.firstIndex(where: { !kept[Int($0)] }) else {
                out.append(contentsOf: bytes)
                return
            }
            out.reserve(bytes.count * 3)
            // Bytes kept as they are go in runs, one append each.
            var run = 0
            for index in first..<bytes.count where !kept[Int(bytes[index])] {
                let byte = bytes[index]
                out.append(contentsOf: bytes[run..<index])
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                run = index + 1
            }
            out.append(contentsOf: bytes[run...])
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Whether each byte stays as it is in an href: unreserved characters, `/` and `@`. A table:
    /// a UUID's mix of letters, digits and hyphens defeats the branches of a comparison per range.
    private static let keptAsIs: [Bool] = (0...255).map { (byte: Int) in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"): true
        default: false
        }
    }

    /// A path from an href in a request body (absolute URL or path, percent-encoded), decoded
    /// as request paths are.
    static func fromHref(_ href: Substring) -> String {
        let path = href.utf8.first == UInt8(ascii: "/") ? href : URL(string: String(href)).flatMap { $0.scheme == nil ? nil : Substring($0.path) } ?? href
        return URLEncoding.decode(path)
    }
}
