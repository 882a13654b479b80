import Foundation

/// A `data:` URI (RFC 2397), as vCard 4.0 inlines PHOTO, LOGO, SOUND and KEY (RFC 6350 §6.2.4).
struct DataURI {
    /// The lower-cased media type, nil when the URI names none.
    var mediaType: String?
    var data: Data

    /// Whether the value starts with the `data:` scheme.
    static func hasScheme(_ value: some StringProtocol) -> Bool {
        ASCII.hasPrefixIgnoringCase(value.utf8, "DATA:")
    }

    /// Parses a data: URI; nil when it is not one or its base64 is invalid. Backslash escapes are
    /// removed first: CardBook and khard write `data:image/jpeg\;base64\,...`.
    init?(parsing value: some StringProtocol) {
        guard Self.hasScheme(value) else { return nil }
        let uri = TextEscaping.unescape(Substring(value).dropFirst(5))
        guard let comma = uri.firstIndex(of: ",") else { return nil }
        let header = uri[..<comma].split(separator: ";", omittingEmptySubsequences: false)
        let payload = uri[uri.index(after: comma)...]
        mediaType = header.first.flatMap(MediaType.validated)
        if header.count > 1, header.last?.lowercased() == "base64" {
            guard let data = Base64Text.decode(String(payload)) else { return nil }
            self.data = data
        } else {
            var decoded: [UInt8] = []
            Array(payload.utf8).withUnsafeBufferPointer {
                HexEscapes.decode($0, escape: HexEscapes.percent, into: &decoded)
            }
            self.data = Data(decoded)
        }
    }

    /// The URI for `data`, always base64-encoded.
    static func string(mediaType: String?, data: Data) -> String {
        "data:\(mediaType ?? "");base64,\(data.base64EncodedString())"
    }
}
