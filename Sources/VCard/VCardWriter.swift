import Foundation

/// Writes cards as vCard 3.0 (RFC 2426) or 4.0 (RFC 6350): CRLF line ends, lines folded at
/// 75 octets, BEGIN, then VERSION, then the other properties in their order, then END.
///
/// Whatever version a card was read from, the output is in the target version's form: vCard 2.1
/// bare types were already read as `TYPE=`, quoted-printable and charsets as UTF-8 text; inline
/// binary becomes `ENCODING=b;TYPE=JPEG` (3.0) or, for PHOTO, LOGO, SOUND and KEY, a `data:`
/// URI (4.0); `VALUE=URL` becomes
/// `VALUE=uri`. Other properties and parameters are written as they are.
public struct VCardWriter: Sendable {
    /// The versions this library writes.
    public enum Version: String, Sendable, CaseIterable {
        case v3_0 = "3.0"
        case v4_0 = "4.0"
    }

    /// The version written.
    public var version: Version

    public init(version: Version) {
        self.version = version
    }

    /// Appends the card to `output` as UTF-8.
    public func write(_ card: VCard, into output: inout [UInt8]) {
        LineFolding.append(Array("BEGIN:VCARD".utf8), to: &output)
        LineFolding.append(Array("VERSION:\(version.rawValue)".utf8), to: &output)
        writeContentLines(card.properties.filter { $0.name != "VERSION" }, into: &output)
        LineFolding.append(Array("END:VCARD".utf8), to: &output)
    }

    /// The card as a string.
    public func string(for card: VCard) -> String {
        var output: [UInt8] = []
        write(card, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends properties as folded content lines and nothing else: no BEGIN, VERSION or END.
    /// iCalendar (RFC 5545 §3.1) shares this form, its text escaping and its folding.
    public func writeContentLines(_ properties: [VCardProperty], into output: inout [UInt8]) {
        var line: [UInt8] = []
        for property in properties {
            line.removeAll(keepingCapacity: true)
            append(property, to: &line)
            LineFolding.append(line, to: &output)
        }
    }

    /// One property as an unfolded content line (RFC 6350 §3.3), without its line end.
    public func contentLine(for property: VCardProperty) -> String {
        var line: [UInt8] = []
        append(property, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// Appends one unfolded content line (RFC 6350 §3.3).
    private func append(_ property: VCardProperty, to line: inout [UInt8]) {
        // Text is written as UTF-8 without a transfer encoding, whatever a CHARSET or a
        // quoted-printable ENCODING set on the property says.
        var parameters = property.parameters.filter {
            $0.name != "CHARSET" && ($0.name != "ENCODING" || $0.value.map(VCardProperty.isBase64Encoding) == true)
        }
        var value = property.value
        if var binary = property.binaryContent {
            parameters.removeAll { $0.name == "ENCODING" || $0.name == "VALUE" || $0.name == "MEDIATYPE" }
            let asDataURI = version == .v4_0 && VCardProperty.canHoldBinary(property.name)
            if !asDataURI, binary.mediaType == nil, let type = parameters.first(where: { $0.name == "TYPE" })?.value,
               let implied = MediaType.from(formatType: type, property: property.name) {
                // Written as ENCODING=b, the first TYPE will be read as the format: write it so.
                (binary.mediaType, binary.typeIsFormat) = (implied, true)
            }
            if binary.typeIsFormat, let type = parameters.firstIndex(where: { $0.name == "TYPE" }) {
                parameters[type].values.removeFirst()
                if parameters[type].values.isEmpty { parameters.remove(at: type) }
            }
            if asDataURI {
                value = DataURI.string(mediaType: binary.mediaType, data: binary.data)
            } else {
                // RFC 2426 §3.1.4: PHOTO;ENCODING=b;TYPE=JPEG:<base64>. vCard 4.0 has data: URIs
                // only for PHOTO, LOGO, SOUND and KEY, so other binary keeps this form there.
                var transfer = [VCardParameter(uppercasedName: "ENCODING", values: ["b"])]
                if let mediaType = binary.mediaType {
                    let format = MediaType.formatType(for: mediaType, property: property.name)
                    transfer.append(VCardParameter(uppercasedName: "TYPE", values: [format]))
                }
                parameters.insert(contentsOf: transfer, at: 0)
                value = binary.data.base64EncodedString()
            }
        }

        if let group = property.group {
            ASCII.appendName(group, to: &line)
            line.append(ASCII.period)
        }
        ASCII.appendName(property.name, to: &line)
        for parameter in parameters {
            append(parameter, to: &line)
        }
        line.append(ASCII.colon)
        Self.appendValue(value, to: &line)
    }

    /// `;NAME=value,value`, each value quoted when it holds `:` `;` or `,` (RFC 6350 §5) and
    /// caret-encoded (RFC 6868).
    private func append(_ parameter: VCardParameter, to line: inout [UInt8]) {
        line.append(ASCII.semicolon)
        ASCII.appendName(parameter.name, to: &line)
        line.append(ASCII.equals)
        for (index, value) in parameter.values.enumerated() {
            if index > 0 { line.append(ASCII.comma) }
            // vCard 2.1 names a URI value URL; 3.0 and 4.0 call it uri.
            let value = parameter.name == "VALUE" && value.caseInsensitiveCompare("URL") == .orderedSame ? "uri" : value
            let quoted = value.utf8.contains { $0 == ASCII.colon || $0 == ASCII.semicolon || $0 == ASCII.comma }
            if quoted { line.append(ASCII.quote) }
            CaretEncoding.append(value, to: &line)
            if quoted { line.append(ASCII.quote) }
        }
    }

    /// The value as stored, except that a raw line break (which cannot stand in a content line)
    /// is written as `\n`.
    private static func appendValue(_ value: String, to line: inout [UInt8]) {
        ASCII.append(value, to: &line, escape: ASCII.backslash) { _ in nil }
    }
}

extension VCard {
    /// The card written as vCard 3.0 or 4.0 (see `VCardWriter`).
    public func serialized(as version: VCardWriter.Version) -> String {
        VCardWriter(version: version).string(for: self)
    }
}
