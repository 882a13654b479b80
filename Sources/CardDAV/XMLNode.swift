import Blanks
import Foundation
#if canImport(FoundationXML)
import FoundationXML
import Wording
#endif

/// A qualified XML name: namespace URI and local name (`DAV:` `getetag`).
struct XMLName: Hashable, Sendable {
    let namespace: String
    let local: String

    init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    /// Whether `local` can be written as the local part of an element name (an XML NCName: a
    /// letter, `_` or non-ASCII character first, then also digits, `-` and `.`).
    static func isValidLocalName(_ local: String) -> Bool {
        guard let first = local.unicodeScalars.first, !first.properties.isWhitespace,
              first.isASCII ? (first.properties.isAlphabetic || first == "_") : first.value > 0xBF else { return false }
        return local.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII ? scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._".unicodeScalars.contains(scalar)
                : scalar.value > 0xBF && scalar.value != 0xFFFE && scalar.value != 0xFFFF
        }
    }
}

/// An element of a request body, as far as WebDAV needs one: name, attributes, children, text.
struct XMLNode: Sendable {
    let name: XMLName
    var attributes: [String: String] = [:]
    var children: [XMLNode] = []
    var text = ""

    /// The text without the white space XML allows around it (space, tab, CR, LF).
    var trimmedText: Substring {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }), let last = text.utf8.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return text[first...last]
    }

    /// The first child with this name.
    func child(_ name: XMLName) -> XMLNode? {
        children.first { $0.name == name }
    }

    /// Every child with this name.
    func children(_ name: XMLName) -> [XMLNode] {
        children.filter { $0.name == name }
    }

    /// A REPORT's `<limit><nresults>` (RFC 6352 §10.6, RFC 6578 §6.3) in this namespace; nil
    /// when absent. Throws 400 unless it is a positive number.
    func resultLimit(namespace: String) throws(DAVError) -> Int? {
        guard let text = child(XMLName(namespace, "limit"))?.child(XMLName(namespace, "nresults"))?.trimmedText else { return nil }
        guard let number = Int(text), number > 0 else {
            throw DAVError(400, davWording.nresultsPositive)
        }
        return number
    }

    /// The largest request body parsed: a multiget of thousands of hrefs fits well within it.
    static let maximumBodySize = 1 << 20

    /// The deepest nesting of elements a body may have. WebDAV and CardDAV bodies need a few
    /// levels (a filter in a query in a report: six); a dead property's value may nest its own
    /// elements, and 64 leaves room for any a client sets. Deeper bodies are refused while they
    /// are read, so no tree of outside input is ever deeper than this.
    static let maximumDepth = 64

    /// Parses a request body with FoundationXML. Only UTF-8 is taken (`requireUTF8`): a body in
    /// or declaring another encoding is refused with 415; libxml2 would otherwise decode other
    /// characters than the bytes checked below. Refused with 400: bodies holding a NUL byte or
    /// bytes that are not UTF-8, a malformed XML declaration, any DOCTYPE (so no entity,
    /// internal or external, is ever expanded: XXE and billion laughs), processing instructions
    /// other than the XML declaration, and anything that is not well-formed XML; with 413,
    /// bodies over `maximumBodySize`; with 400, bodies nested deeper than `maximumDepth`.
    static func parse(_ body: [UInt8]) throws(DAVError) -> XMLNode {
        guard body.count <= maximumBodySize else { throw DAVError(413, davWording.bodyTooLarge(maximumBytes: maximumBodySize)) }
        let document = try requireUTF8(body)
        if containsDoctype(document) { throw DAVError(400, davWording.doctypeNotAllowed) }
        // FoundationXML crashes on a processing instruction without data (`<?x?>`), so none reaches it.
        if containsProcessingInstruction(document) {
            throw DAVError(400, davWording.processingInstructionsNotAllowed)
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(document))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = builder
        let parsed = parser.parse()
        if builder.tooDeep { throw DAVError(400, davWording.nestedTooDeep(maximumDepth: maximumDepth)) }
        guard parsed, let root = builder.root else {
            throw DAVError(400, davWording.notWellFormedXML)
        }
        return root
    }

    /// Refuses a Content-Type whose charset parameter names anything but UTF-8 (415).
    static func requireUTF8(contentType: String?) throws(DAVError) {
        guard let contentType else { return }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingBlanks().lowercased() == "charset" else { continue }
            var charset = String(pair[1].trimmingBlanks())
            if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") { charset = String(charset.dropFirst().dropLast()) }
            guard !isUTF8Name(charset) else { continue }
            let shown = charset.count <= 40 && charset.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic
                || ("0"..."9").contains($0) || "-_.:+".unicodeScalars.contains($0)) } ? "charset=\(charset)" : "another charset"
            throw DAVError(415, davWording.bodyNotUTF8(sentAs: shown))
        }
    }

    /// The bytes of `body` that FoundationXML is given: the body without its UTF-8 byte order
    /// mark and XML declaration, once it is known to be UTF-8 throughout. libxml2 chooses the
    /// encoding it decodes with from its first bytes (a byte order mark, `<` or white space in
    /// UTF-16 or UTF-32, `<?xm` in EBCDIC) and from a declaration's `encoding`. In a body that is
    /// valid UTF-8 without NUL bytes the first bytes can only select UTF-8, and without a
    /// declaration nothing can switch away from it, so the characters libxml2 reads are exactly
    /// the bytes the DOCTYPE and processing-instruction checks look at.
    ///
    /// 415 for a body recognisably in another encoding (a byte order mark, UTF-16 or UTF-32
    /// layout, EBCDIC) or declaring one; 400 for a malformed declaration, a NUL byte, or
    /// bytes that are not UTF-8.
    static func requireUTF8(_ body: [UInt8]) throws(DAVError) -> ArraySlice<UInt8> {
        if let encoding = foreignEncoding(of: body) {
            throw DAVError(415, davWording.bodyNotUTF8(is: encoding))
        }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var start = body.starts(with: bom) ? bom.count : 0
        if let declaration = try declaration(in: body, at: start) {
            if let encoding = declaration.encoding, !isUTF8Name(encoding) {
                throw DAVError(415, davWording.bodyNotUTF8(declared: encoding))
            }
            start = declaration.end
        }
        let document = body[start...]
        if document.contains(0) { throw DAVError(400, davWording.nulByte) }
        // FoundationXML traps on names that are not valid UTF-8, so nothing else reaches it.
        guard String(validating: document, as: UTF8.self) != nil else { throw DAVError(400, davWording.bodyNotUTF8) }
        return document
    }

    /// Whether a body in this encoding is read right as UTF-8: `UTF-8` in any case, `UTF8`
    /// (which libxml2 2.9, parser.c `xmlParseEncodingDecl`, also reads as UTF-8), or US-ASCII,
    /// a subset of it; the body is checked to be valid UTF-8 all the same.
    private static func isUTF8Name(_ name: String) -> Bool {
        ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased())
    }

    /// The encoding a body's first bytes show it is in, when that is not UTF-8: a byte order
    /// mark, `<` or XML white space as UTF-32 or UTF-16 write it, or `<?xm` in EBCDIC (the
    /// signatures of XML 1.0 appendix F, which libxml2 acts on).
    private static func foreignEncoding(of body: [UInt8]) -> String? {
        let marks: [(name: String, bytes: [UInt8])] = [("UTF-32BE", [0, 0, 0xFE, 0xFF]), ("UTF-32LE", [0xFF, 0xFE, 0, 0]),
                                                       ("UTF-16BE", [0xFE, 0xFF]), ("UTF-16LE", [0xFF, 0xFE])]
        if let mark = marks.first(where: { body.starts(with: $0.bytes) }) { return "\(mark.name) (it starts with that byte order mark)" }
        let layouts: [(name: String, width: Int, position: Int)] = [("UTF-32BE", 4, 3), ("UTF-32LE", 4, 0), ("UTF-16BE", 2, 1), ("UTF-16LE", 2, 0)]
        for layout in layouts where body.count >= layout.width {
            let unit = body.prefix(layout.width)
            if [0x3C, 0x20, 0x09, 0x0A, 0x0D].contains(unit[layout.position]),
               unit.indices.allSatisfy({ $0 == layout.position || unit[$0] == 0 }) {
                return layout.name
            }
        }
        return body.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) ? "EBCDIC" : nil
    }

    /// The XML declaration starting at `start`, if there is one there: the index after its `?>`
    /// and the encoding it names. Whatever libxml2 would take for a declaration (`<?xml` and
    /// white space) must be one as XML 1.0 writes it (§2.8 XMLDecl: version, then optionally
    /// encoding, then optionally standalone, in that order); anything else is refused with 400,
    /// so the encoding read here is the only one libxml2 could have read.
    private static func declaration(in body: [UInt8], at start: Int) throws(DAVError) -> (end: Int, encoding: String?)? {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard body[start...].starts(with: Array("<?xml".utf8)), body.count > start + 5, isSpace(body[start + 5]) else { return nil }
        let malformed = DAVError(400, davWording.malformedXMLDeclaration)
        var index = start + 5
        func skipSpace() -> Bool {
            let before = index
            while index < body.count, isSpace(body[index]) { index += 1 }
            return index > before
        }
        /// `name`, Eq and a quoted value whose bytes satisfy `allowed`; nil unless all are there.
        func pseudoAttribute(_ name: String, _ allowed: (UInt8) -> Bool) -> String? {
            guard body[index...].starts(with: Array(name.utf8)) else { return nil }
            index += name.utf8.count
            _ = skipSpace()
            guard index < body.count, body[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            _ = skipSpace()
            guard index < body.count, body[index] == UInt8(ascii: "\"") || body[index] == UInt8(ascii: "'") else { return nil }
            let quote = body[index]
            index += 1
            let valueStart = index
            while index < body.count, body[index] != quote {
                guard allowed(body[index]) else { return nil }
                index += 1
            }
            guard index < body.count, index > valueStart else { return nil }
            index += 1
            return String(decoding: body[valueStart..<(index - 1)], as: UTF8.self)
        }
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        _ = skipSpace()
        guard let version = pseudoAttribute("version", { isDigit($0) || $0 == UInt8(ascii: ".") }),
              version.hasPrefix("1."), version.count > 2, !version.dropFirst(2).contains(".") else { throw malformed }
        var encoding: String?
        var spaced = skipSpace()
        if spaced, body[index...].starts(with: Array("encoding".utf8)) {
            // EncName: a letter, then letters, digits, `.`, `_` and `-`.
            guard let name = pseudoAttribute("encoding", { isLetter($0) || isDigit($0) || "._-".utf8.contains($0) }),
                  isLetter(name.utf8.first!) else { throw malformed }
            encoding = name
            spaced = skipSpace()
        }
        if spaced, body[index...].starts(with: Array("standalone".utf8)) {
            guard let standalone = pseudoAttribute("standalone", isLetter), standalone == "yes" || standalone == "no" else { throw malformed }
            _ = skipSpace()
        }
        guard body[index...].starts(with: Array("?>".utf8)) else { throw malformed }
        return (index + 2, encoding)
    }

    /// Whether `<?` appears anywhere (the XML declaration has been taken off by then).
    private static func containsProcessingInstruction(_ document: ArraySlice<UInt8>) -> Bool {
        zip(document, document.dropFirst()).contains { $0 == UInt8(ascii: "<") && $1 == UInt8(ascii: "?") }
    }

    /// Whether `<!DOCTYPE` appears anywhere (any case); a body may not declare one.
    private static func containsDoctype(_ document: ArraySlice<UInt8>) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)
        guard document.count >= marker.count else { return false }
        return (document.startIndex...(document.endIndex - marker.count)).contains { start in
            marker.indices.allSatisfy { document[start + $0] | 0x20 == marker[$0] | 0x20 }
        }
    }
}

/// Collects XMLParser events into an `XMLNode` tree.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [XMLNode] = []
    private(set) var root: XMLNode?
    /// Set when an element opened deeper than `XMLNode.maximumDepth`; parsing stops there.
    private(set) var tooDeep = false

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard stack.count < XMLNode.maximumDepth else {
            tooDeep = true
            parser.abortParsing()
            return
        }
        stack.append(XMLNode(name: XMLName(namespaceURI ?? "", elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let finished = stack.popLast() else { return }
        if stack.isEmpty {
            root = finished
        } else {
            stack[stack.count - 1].children.append(finished)
        }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        parser.abortParsing()
    }
}
