import Blanks

/// Parses one unfolded content line (RFC 6350 §3.3, RFC 2425 §5.8.2):
///
///     contentline = [group "."] name *(";" param) ":" value
///
/// and decodes its value: quoted-printable, charset, and a check of base64 and data: URIs.
/// Works on bytes; the scratch arrays are reused from line to line.
struct ContentLineParser {
    /// A property with what the card needs to finish it once its VERSION is known.
    struct Parsed {
        var property: VCardProperty
        var wasQuotedPrintable: Bool
        /// Whether a parameter value holds a `^`, to be decoded (RFC 6868) unless the card is 2.1.
        var mayHaveCaretEscapes: Bool
    }

    private struct ParameterSpan {
        /// The name, nil for a vCard 2.1 bare parameter (`TEL;CELL:`).
        var name: Range<Int>?
        /// Indices into `valueSpans`.
        var values: Range<Int>
    }

    /// The transfer encodings of the vCard 2.1 specification and RFC 2426 §4.
    private enum Encoding {
        case quotedPrintable, base64, plain
    }

    private var charsets = CharsetDecoder()
    private var parameterSpans: [ParameterSpan] = []
    private var valueSpans: [Range<Int>] = []
    private var decoded: [UInt8] = []

    /// The name, group and colon of a content line whose parameters are in `parameterSpans`.
    private struct Header {
        var name: Range<Int>
        var group: Range<Int>?
        var colon: Int
    }

    mutating func parse(_ line: [UInt8]) throws(VCardError.Kind) -> Parsed {
        try line.withUnsafeBufferPointer { bytes throws(VCardError.Kind) in try parse(bytes: bytes) }
    }

    /// Whether the line's parameters ask for quoted-printable, decided as `parse` decides it;
    /// nil while that cannot be told yet (no colon, or a quote still open, so the line may
    /// continue on a folded line). The line reader needs this to join soft line breaks.
    mutating func declaresQuotedPrintable(_ line: [UInt8]) -> Bool? {
        line.withUnsafeBufferPointer { bytes in
            do throws(VCardError.Kind) {
                _ = try scanHeader(bytes)
            } catch {
                return error == .missingColon || error == .unterminatedQuote ? nil : false
            }
            return transferEncoding(bytes).encoding == .quotedPrintable
        }
    }

    private mutating func parse(bytes: UnsafeBufferPointer<UInt8>) throws(VCardError.Kind) -> Parsed {
        let header = try scanHeader(bytes)
        let name = ASCII.uppercasedString(bytes[header.name])
        let (charset, encoding) = transferEncoding(bytes)
        let parameters = try buildParameters(bytes, charset: charset)

        let rawValue = UnsafeBufferPointer(rebasing: bytes[(header.colon + 1)...])
        let value: String
        if encoding == .quotedPrintable {
            var buffer: [UInt8] = []
            swap(&buffer, &decoded)
            defer { swap(&buffer, &decoded) }
            HexEscapes.decode(rawValue, escape: HexEscapes.quotedPrintable, into: &buffer)
            value = try buffer.withUnsafeBufferPointer { bytes throws(VCardError.Kind) in
                try decodeValue(bytes, name: name, base64: false, charset: charset)
            }
        } else {
            value = try decodeValue(rawValue, name: name, base64: encoding == .base64, charset: charset)
        }
        let group = header.group.map { String(decoding: bytes[$0], as: UTF8.self) }
        return Parsed(
            property: VCardProperty(group: group, uppercasedName: name, parameters: parameters, value: value),
            wasQuotedPrintable: encoding == .quotedPrintable,
            mayHaveCaretEscapes: valueSpans.contains { bytes[$0].contains(ASCII.caret) })
    }

    /// Scans `[group "."] name *(";" param) ":"`, leaving the parameters in `parameterSpans`.
    private mutating func scanHeader(_ bytes: UnsafeBufferPointer<UInt8>) throws(VCardError.Kind) -> Header {
        var index = 0
        var lastDot: Int?
        while index < bytes.count, bytes[index] != ASCII.semicolon, bytes[index] != ASCII.colon {
            if bytes[index] == ASCII.period { lastDot = index }
            index += 1
        }
        guard index < bytes.count else { throw .missingColon }
        let name = Blanks.trimmed(bytes, (lastDot.map { $0 + 1 } ?? 0)..<index)
        let group = lastDot.map { Blanks.trimmed(bytes, 0..<$0) }
        guard !name.isEmpty, bytes[name].allSatisfy(ASCII.isNameByte),
              group.map({ !$0.isEmpty && bytes[$0].allSatisfy { ASCII.isNameByte($0) || $0 == ASCII.period } }) ?? true
        else {
            throw .invalidName(String(decoding: bytes[..<index], as: UTF8.self))
        }
        parameterSpans.removeAll(keepingCapacity: true)
        valueSpans.removeAll(keepingCapacity: true)
        while index < bytes.count, bytes[index] == ASCII.semicolon {
            index += 1
            try scanParameter(bytes, &index)
        }
        guard index < bytes.count, bytes[index] == ASCII.colon else { throw .missingColon }
        return Header(name: name, group: group, colon: index)
    }

    /// The CHARSET and the transfer encoding that the scanned parameters declare: `ENCODING=`
    /// or a 2.1 bare `QUOTED-PRINTABLE` / `BASE64` (vCard 2.1; RFC 2426 §4 `b`).
    private func transferEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> (charset: String?, encoding: Encoding) {
        var charset: String?
        var encoding = Encoding.plain
        for span in parameterSpans {
            guard let first = span.values.first.map({ bytes[valueSpans[$0]] }) else { continue }
            if let spanName = span.name, ASCII.equalsIgnoringCase(bytes[spanName], "CHARSET") {
                charset = String(decoding: first, as: UTF8.self)
            } else if span.name.map({ ASCII.equalsIgnoringCase(bytes[$0], "ENCODING") }) ?? true,
                      let kind = Self.encoding(first), kind != .plain, encoding != .base64 {
                // Base64 wins over quoted-printable: its parameter is the one kept.
                encoding = kind
            }
        }
        return (charset, encoding)
    }

    /// Scans one parameter starting after its `;` (RFC 6350 §5: `param-name "=" param-value
    /// *("," param-value)`, or a 2.1 bare value). Empty parameters (`;;`, `;:`, as Evolution
    /// writes them) are skipped.
    private mutating func scanParameter(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(VCardError.Kind) {
        let tokenStart = index
        while index < bytes.count, !Self.endsParameter(bytes[index]), bytes[index] != ASCII.equals { index += 1 }
        let token = Blanks.trimmed(bytes, tokenStart..<index)
        guard index < bytes.count, bytes[index] == ASCII.equals else {
            if !token.isEmpty {
                valueSpans.append(token)
                parameterSpans.append(ParameterSpan(name: nil, values: (valueSpans.count - 1)..<valueSpans.count))
            }
            return
        }
        guard bytes[token].allSatisfy(ASCII.isNameByte) else {
            throw .invalidName(String(decoding: bytes[token], as: UTF8.self))
        }
        index += 1
        let firstValue = valueSpans.count
        while true {
            var quoted: Range<Int>?
            let valueStart = index
            if index < bytes.count, bytes[index] == ASCII.quote {
                // RFC 6350 §5: a quoted param-value may hold `:` `;` `,`; anything after the
                // closing quote, up to the next separator, is dropped.
                index += 1
                while index < bytes.count, bytes[index] != ASCII.quote { index += 1 }
                guard index < bytes.count else { throw .unterminatedQuote }
                quoted = (valueStart + 1)..<index
            }
            while index < bytes.count, !Self.endsParameter(bytes[index]), bytes[index] != ASCII.comma { index += 1 }
            valueSpans.append(quoted ?? valueStart..<index)
            guard index < bytes.count, bytes[index] == ASCII.comma else { break }
            index += 1
        }
        if !token.isEmpty {
            parameterSpans.append(ParameterSpan(name: token, values: firstValue..<valueSpans.count))
        }
    }

    private static func endsParameter(_ byte: UInt8) -> Bool {
        byte == ASCII.semicolon || byte == ASCII.colon
    }

    /// The parameters the model keeps: CHARSET and the quoted-printable, 7BIT and 8BIT encodings
    /// are consumed by decoding; vCard 2.1 bare values get the name they stand for.
    private mutating func buildParameters(
        _ bytes: UnsafeBufferPointer<UInt8>, charset: String?
    ) throws(VCardError.Kind) -> [VCardParameter] {
        var parameters: [VCardParameter] = []
        parameters.reserveCapacity(parameterSpans.count)
        for span in parameterSpans {
            let firstValue = span.values.first.map { bytes[valueSpans[$0]] }
            let name: String
            if let spanName = span.name {
                name = ASCII.uppercasedString(bytes[spanName])
                if name == "CHARSET" || (name == "ENCODING" && firstValue.flatMap(Self.encoding).map { $0 != .base64 } == true) {
                    continue
                }
            } else {
                switch firstValue.flatMap(Self.encoding) {
                case .quotedPrintable?, .plain?: continue
                case .base64?: name = "ENCODING"
                case nil: name = firstValue.map(Self.isValueLocation) == true ? "VALUE" : "TYPE"
                }
            }
            var values: [String] = []
            values.reserveCapacity(span.values.count)
            for valueIndex in span.values {
                values.append(try charsets.decode(UnsafeBufferPointer(rebasing: bytes[valueSpans[valueIndex]]), charset: charset))
            }
            parameters.append(VCardParameter(uppercasedName: name, values: values))
        }
        return parameters
    }

    /// Decodes the value bytes to the stored string. Binary values are checked here so that a
    /// broken photo is reported with its card and line: base64 is stored without the whitespace
    /// of its folding, a data: URI as it is.
    private mutating func decodeValue(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, base64: Bool, charset: String?
    ) throws(VCardError.Kind) -> String {
        if base64 || VCardProperty.canHoldBinary(name), ASCII.hasPrefixIgnoringCase(bytes, "DATA:") {
            let text = try charsets.decode(bytes, charset: charset)
            guard DataURI(parsing: text) != nil else { throw .invalidBase64(property: name) }
            return text
        }
        if base64 {
            guard let canonical = Base64Text.canonical(bytes) else { throw .invalidBase64(property: name) }
            return String(decoding: canonical, as: UTF8.self)
        }
        return try charsets.decode(bytes, charset: charset)
    }

    private static func encoding(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Encoding? {
        if ASCII.equalsIgnoringCase(value, "QUOTED-PRINTABLE") { return .quotedPrintable }
        if ASCII.equalsIgnoringCase(value, "B") || ASCII.equalsIgnoringCase(value, "BASE64") { return .base64 }
        if ASCII.equalsIgnoringCase(value, "8BIT") || ASCII.equalsIgnoringCase(value, "7BIT") { return .plain }
        return nil
    }

    /// The VALUE parameter values that the vCard 2.1 specification lets stand bare.
    private static func isValueLocation(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        ASCII.equalsIgnoringCase(value, "INLINE") || ASCII.equalsIgnoringCase(value, "URL")
            || ASCII.equalsIgnoringCase(value, "CONTENT-ID") || ASCII.equalsIgnoringCase(value, "CID")
    }
}
