import Foundation

extension VCardProperty {
    /// An inline binary property (a photo, logo, sound or key), stored as a data: URI
    /// (RFC 6350 §6.2.4); the writer turns it into `ENCODING=b` for vCard 3.0.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], binary: Data, mediaType: String?) {
        self.init(group: group, name: name, parameters: parameters,
                  value: DataURI.string(mediaType: mediaType.flatMap(MediaType.validated), data: binary))
    }

    /// Whether the value is inline binary: `ENCODING=b` (RFC 2426 §4), `ENCODING=BASE64`
    /// (the vCard 2.1 specification), or a data: URI on PHOTO, LOGO, SOUND or KEY (RFC 6350).
    public var isBinary: Bool {
        hasBase64Encoding || (Self.canHoldBinary(name) && DataURI.hasScheme(value))
    }

    /// The decoded bytes of an inline binary value; nil when the value is not inline binary or
    /// does not decode.
    public var binaryValue: Data? {
        binaryContent?.data
    }

    /// The media type (`image/jpeg`) of an inline binary value: from its data: URI, else the
    /// MEDIATYPE parameter, else the vCard 2.1/3.0 `TYPE` format. Nil when not binary or unknown.
    public var mediaType: String? {
        binaryContent?.mediaType
    }

    /// PHOTO, LOGO, SOUND and KEY: the properties whose value may be inline binary.
    static func canHoldBinary(_ name: String) -> Bool {
        switch name {
        case "PHOTO", "LOGO", "SOUND", "KEY": true
        default: false
        }
    }

    /// An inline binary value decoded, with its media type. `typeIsFormat` means that the first
    /// TYPE value names the format (`PHOTO;TYPE=JPEG`) rather than a kind such as `work`.
    var binaryContent: (data: Data, mediaType: String?, typeIsFormat: Bool)? {
        if (hasBase64Encoding || Self.canHoldBinary(name)) && DataURI.hasScheme(value) {
            return DataURI(parsing: value).map { ($0.data, $0.mediaType, false) }
        }
        guard hasBase64Encoding, let data = Base64Text.decode(value) else { return nil }
        if let mediaType = parameter(named: "MEDIATYPE")?.value.flatMap(MediaType.validated) {
            return (data, mediaType, false)
        }
        if let type = parameter(named: "TYPE")?.value, let mediaType = MediaType.from(formatType: type, property: name) {
            return (data, mediaType, true)
        }
        return (data, nil, false)
    }

    /// Whether an ENCODING parameter (first value) is `b` or `BASE64`, as the reader decides it.
    var hasBase64Encoding: Bool {
        parameters.contains { $0.name == "ENCODING" && $0.value.map(Self.isBase64Encoding) == true }
    }

    static func isBase64Encoding(_ value: String) -> Bool {
        value.caseInsensitiveCompare("b") == .orderedSame || value.caseInsensitiveCompare("base64") == .orderedSame
    }
}
