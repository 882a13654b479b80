import Blanks

/// The image, sound and key formats of vCard 2.1/3.0 `TYPE` (RFC 2426 §3.1.4, §3.6.6, §3.7.2:
/// `PHOTO;ENCODING=b;TYPE=JPEG`) and the media types of vCard 4.0 (RFC 6350 §5.7, data: URIs).
enum MediaType {
    /// The media type lower-cased when it has the `type "/" subtype` form of RFC 6838 §4.2
    /// (letters, digits and `!#$&-^_.+`), else nil: a bare word cannot be told from a vCard 3.0
    /// format name, and other characters would break a data: URI.
    static func validated(_ mediaType: some StringProtocol) -> String? {
        let trimmed = mediaType.trimmingBlanks()
        let parts = trimmed.utf8.split(separator: ASCII.slash, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isRestrictedNameByte) }) else { return nil }
        return trimmed.lowercased()
    }

    private static func isRestrictedNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "-"),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"): true
        default: false
        }
    }

    /// The media type a `TYPE` format names on this property (`JPEG` on PHOTO is `image/jpeg`),
    /// or nil when the value cannot name one.
    static func from(formatType type: String, property: String) -> String? {
        if let mediaType = validated(type) { return mediaType }
        let lower = type.lowercased()
        switch lower {
        case "jpg", "jpeg": return "image/jpeg"
        case "wav", "wave": return "audio/wav"
        case "pgp": return "application/pgp-keys"
        case "x509": return "application/pkix-cert"
        default:
            switch property {
            case "PHOTO", "LOGO": return validated("image/" + lower)
            case "SOUND": return validated("audio/" + lower)
            default: return validated("application/" + lower)
            }
        }
    }

    /// The `TYPE` format for a media type on this property; the media type itself when no
    /// format names it, so that `from(formatType:property:)` always gives it back.
    static func formatType(for mediaType: String, property: String) -> String {
        let candidate: String
        switch mediaType {
        case "image/jpeg": candidate = "JPEG"
        case "audio/wav": candidate = "WAVE"
        case "application/pgp-keys": candidate = "PGP"
        case "application/pkix-cert": candidate = "X509"
        default: candidate = String(mediaType.split(separator: "/").last ?? "").uppercased()
        }
        return from(formatType: candidate, property: property) == mediaType ? candidate : mediaType
    }
}
