import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CoreFoundation)
import CoreFoundation
#endif

/// Turns value bytes into text by their `CHARSET` (vCard 2.1; RFC 2425 §5.8.3).
///
/// Names are resolved through CoreFoundation's IANA registry, which on Linux too covers
/// GBK/GB2312/GB18030, Big5, Shift_JIS, EUC-KR, KOI8-R, ISO-8859-x and windows-125x.
/// Lookups are cached per reader. Public so that other text formats with a declared or
/// assumed charset (CSV from Chinese Outlook or WPS) decode exactly as vCard values do.
public struct CharsetDecoder {
    private var cache: [String: String.Encoding?] = [:]

    public init() {}

    /// Decodes `bytes` as `decode(_:charset:)` on a buffer does.
    public mutating func decode(_ bytes: [UInt8], charset: String?) throws(VCardError.Kind) -> String {
        try bytes.withUnsafeBufferPointer { buffer throws(VCardError.Kind) in try decode(buffer, charset: charset) }
    }

    /// Decodes `bytes`. Without a charset, UTF-8 is assumed and ISO-8859-1 taken when the bytes
    /// are not UTF-8 (Apple's Latin-1 exports declare nothing). Bytes declared UTF-8 that are not
    /// get U+FFFD for the bad sequences, as Android's broken exports need. An unknown charset is
    /// accepted for UTF-8 bytes, which is what mislabelled values hold in practice.
    /// - Throws: `.unknownCharset` for an unknown charset and bytes that are not UTF-8;
    ///   `.undecodableText` for bytes that are not valid in the (non-UTF-8) charset declared.
    public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, charset: String?) throws(VCardError.Kind) -> String {
        if let text = Self.validUTF8(bytes), charset == nil || bytes.allSatisfy({ $0 < 0x80 }) {
            return text
        }
        guard let charset else {
            return String(decoding: bytes.lazy.map(UInt32.init), as: UTF32.self)
        }
        switch encoding(named: charset) {
        case nil:
            guard let text = Self.validUTF8(bytes) else { throw .unknownCharset(charset) }
            return text
        case String.Encoding.utf8?:
            return String(decoding: bytes, as: UTF8.self)
        case let encoding?:
            guard let text = String(bytes: bytes, encoding: encoding) else { throw .undecodableText(charset: charset) }
            return text
        }
    }

    /// The bytes as UTF-8 text, nil when they are not valid UTF-8. (`String(validating:as:)` is
    /// not specialised and costs a generic metadata lookup per call: too slow for this hot path.)
    private static func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs bad sequences with U+FFFD, so the result differs from the input.
        let unchanged = text.withUTF8 { utf8 in
            utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        return unchanged ? text : nil
    }

    private mutating func encoding(named name: String) -> String.Encoding? {
        let key = name.lowercased()
        if key == "utf-8" || key == "utf8" { return .utf8 }
        if let cached = cache[key] { return cached }
        let resolved = Self.lookUp(key)
        cache[key] = resolved
        return resolved
    }

    private static func lookUp(_ name: String) -> String.Encoding? {
        guard let cfName = CFStringCreateWithCString(nil, name, CFStringBuiltInEncodings.UTF8.rawValue) else { return nil }
        let cfEncoding = CFStringConvertIANACharSetNameToEncoding(cfName)
        guard cfEncoding != kCFStringEncodingInvalidId else { return nil }
        return String.Encoding(rawValue: UInt(CFStringConvertEncodingToNSStringEncoding(cfEncoding)))
    }
}
