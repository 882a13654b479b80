import ContactsStore

/// The namespaces CardDAV speaks, and the prefixes responses bind them to.
enum Namespace {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    /// The CalendarServer extensions (getctag) that iOS and macOS still ask for.
    static let calendarServer = "http://calendarserver.org/ns/"

    /// The prefix a namespace is bound to on every root; nil for any other namespace.
    static func prefix(of namespace: String) -> String? {
        switch namespace {
        case dav: "d"
        case cardDAV: "card"
        case calendarServer: "cs"
        default: nil
        }
    }

    /// The declarations on every multistatus root.
    static let declarations = [cardDAV, calendarServer, dav]
        .map { " xmlns:\(prefix(of: $0)!)=\"\(XMLOutput.escape($0))\"" }.joined()
}

extension XMLName {
    static func dav(_ local: String) -> XMLName { XMLName(Namespace.dav, local) }
    static func cardDAV(_ local: String) -> XMLName { XMLName(Namespace.cardDAV, local) }
    static func calendarServer(_ local: String) -> XMLName { XMLName(Namespace.calendarServer, local) }
}

/// Writes response XML as text; every value written goes through `escape`.
enum XMLOutput {
    /// The XML declaration every body starts with.
    static let prologue = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"

    /// `<?xml …?>` and a root element with the usual namespace declarations around `content`.
    static func document(root: XMLName, _ content: String) -> String {
        var xml = XMLBuffer()
        xml += prologue
        open(root, declaringNamespaces: true, into: &xml)
        xml += content
        close(root, into: &xml)
        xml += "\n"
        return xml.text
    }

    /// An element with `content` (already XML) inside, or empty when `content` is nil or empty.
    /// A name outside the known namespaces declares its own (`<x:foo xmlns:x="urn:…"/>`).
    static func element(_ name: XMLName, _ content: String? = nil) -> String {
        var xml = XMLBuffer()
        write(name, content, into: &xml)
        return xml.text
    }

    /// Appends `element(name, content)` to `xml`, with these attributes on the element (a
    /// dead property's, RFC 4918 §4.3).
    static func write(_ name: XMLName, _ content: String?, attributes: [DeadProperty.Attribute] = [], into xml: inout XMLBuffer) {
        startTag(name, into: &xml)
        if !attributes.isEmpty {
            xml += Self.attributes(attributes, elementNamespace: name.namespace,
                                   elementPrefix: name.namespace.isEmpty ? nil : Namespace.prefix(of: name.namespace) ?? "x")
        }
        guard let content, !content.isEmpty else {
            xml += "/>"
            return
        }
        xml += ">"
        xml += content
        close(name, into: &xml)
    }

    /// Appends a start tag; the root declares the usual namespaces.
    static func open(_ name: XMLName, declaringNamespaces: Bool = false, into xml: inout XMLBuffer) {
        startTag(name, into: &xml)
        if declaringNamespaces { xml += Namespace.declarations }
        xml += ">"
    }

    /// Appends an end tag.
    static func close(_ name: XMLName, into xml: inout XMLBuffer) {
        xml += "</"
        writeQualified(name, into: &xml)
        xml += ">"
    }

    private static func startTag(_ name: XMLName, into xml: inout XMLBuffer) {
        xml += "<"
        writeQualified(name, into: &xml)
        if !name.namespace.isEmpty, Namespace.prefix(of: name.namespace) == nil {
            xml += " xmlns:x=\""
            xml += escape(name.namespace)
            xml += "\""
        }
    }

    /// An element holding text.
    static func text(_ name: XMLName, _ value: String) -> String {
        element(name, escape(value))
    }

    /// `<d:href>` with the path percent-encoded as a URL path (which leaves nothing to escape).
    static func href(_ path: String) -> String {
        var xml = XMLBuffer()
        writeHref(path, into: &xml)
        return xml.text
    }

    /// Appends `href(path)`.
    static func writeHref(_ path: String, into xml: inout XMLBuffer) {
        xml += hrefTags.open
        DAVPath.encode(path, into: &xml)
        xml += hrefTags.close
    }

    /// The start and end tags of an element, written once: the tags every `<d:response>` repeats.
    struct Tags {
        let open: [UInt8]
        let close: [UInt8]

        init(_ name: XMLName) {
            var open = XMLBuffer(), close = XMLBuffer()
            XMLOutput.open(name, into: &open)
            XMLOutput.close(name, into: &close)
            (self.open, self.close) = (open.bytes, close.bytes)
        }
    }

    static let hrefTags = Tags(.dav("href"))
    static let responseTags = Tags(.dav("response"))
    static let propstatTags = Tags(.dav("propstat"))
    static let propTags = Tags(.dav("prop"))

    /// `HTTP/1.1 200 OK` for a `<d:status>`.
    static func status(_ code: Int) -> String {
        code == 200 ? okStatus : text(.dav("status"), "HTTP/1.1 \(code) \(reason(code))")
    }

    /// The status of nearly every propstat, written once.
    private static let okStatus = text(.dav("status"), "HTTP/1.1 200 \(reason(200))")
    /// `okStatus` as bytes.
    static let okStatusBytes = Array(okStatus.utf8)

    /// `text` with the five characters XML reserves written as entities, and the characters
    /// XML 1.0 cannot hold at all (C0 controls but tab, LF and CR; U+FFFE, U+FFFF) written as
    /// U+FFFD, so that whatever a stored card holds, the response stays well-formed.
    static func escape(_ text: String) -> String {
        var text = text
        // Most values (ETags, hrefs, base64 photos) need nothing: no copy for them.
        let escaped: String? = text.withUTF8 { bytes in
            guard let first = firstToEscape(in: bytes) else { return nil }
            var out = XMLBuffer(capacity: bytes.count + bytes.count / 8)
            appendEscaped(bytes, from: first, into: &out)
            return out.text
        }
        return escaped ?? text
    }

    /// Appends `escape(text)`.
    static func escape(_ text: String, into xml: inout XMLBuffer) {
        var text = text
        text.withUTF8 { escape($0, into: &xml) }
    }

    /// Appends the UTF-8 text `bytes`, escaped as `escape(_:)` does.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into xml: inout XMLBuffer) {
        appendEscaped(bytes, from: firstToEscape(in: bytes) ?? bytes.count, into: &xml)
    }

    private static func firstToEscape(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        mayNeedEscaping.withUnsafeBufferPointer { flags in bytes.firstIndex { flags[Int($0)] } }
    }

    /// Whether each byte may have to be written otherwise: it has a replacement, or it may
    /// begin U+FFFE or U+FFFF. (Flags: reading `replacements` copies an array per byte.)
    private static let mayNeedEscaping: [Bool] = (0..<256).map { replacements[$0] != nil || $0 == 0xEF }

    /// Appends `bytes`, those from `first` on escaped.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int, into out: inout XMLBuffer) {
        // Bytes written as they are go in runs, one append each.
        let flags = mayNeedEscaping
        var run = 0
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            guard flags[Int(byte)] else {
                index += 1
                continue
            }
            if let replacement = replacements[Int(byte)] {
                out.append(contentsOf: bytes[run..<index])
                out += replacement
                run = index + 1
            } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                out.append(contentsOf: bytes[run..<index])
                out += replacementCharacter
                index += 2
                run = index + 1
            }
            index += 1
        }
        out.append(contentsOf: bytes[run...])
    }

    private static let replacementCharacter = Array("\u{FFFD}".utf8)

    /// What each byte that cannot be written as it is becomes, indexed by byte.
    private static let replacements: [[UInt8]?] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "&"): Array("&amp;".utf8)
        case UInt8(ascii: "<"): Array("&lt;".utf8)
        case UInt8(ascii: ">"): Array("&gt;".utf8)
        case UInt8(ascii: "\""): Array("&quot;".utf8)
        case UInt8(ascii: "'"): Array("&apos;".utf8)
        case 0x09, 0x0A, 0x0D: nil
        case 0x00..<0x20: replacementCharacter
        default: nil
        }
    }

    /// Appends the name with its prefix; a name in no namespace has none (no default namespace
    /// is ever declared, so it stays in none).
    private static func writeQualified(_ name: XMLName, into xml: inout XMLBuffer) {
        if !name.namespace.isEmpty {
            xml += Namespace.prefix(of: name.namespace) ?? "x"
            xml += ":"
        }
        xml += name.local
    }

    private static func reason(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 424: "Failed Dependency"
        case 507: "Insufficient Storage"
        default: "Status"
        }
    }
}
