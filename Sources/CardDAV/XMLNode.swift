import Foundation
#if canImport(FoundationXML)
import FoundationXML
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
            throw DAVError(400, "nresults must be a positive number.")
        }
        return number
    }

    /// The largest request body parsed: a multiget of thousands of hrefs fits well within it.
    static let maximumBodySize = 1 << 20

    /// Parses a request body with FoundationXML. Refused: bodies over `maximumBodySize`, any
    /// DOCTYPE (so no entity, internal or external, is ever expanded: XXE and billion laughs),
    /// processing instructions other than the XML declaration, bytes that are not UTF-8, and
    /// anything that is not well-formed XML.
    static func parse(_ body: [UInt8]) throws(DAVError) -> XMLNode {
        guard body.count <= maximumBodySize else { throw DAVError(413, "The request body is larger than 1 MiB.") }
        if containsDoctype(body) { throw DAVError(400, "DOCTYPE is not allowed in a request body.") }
        // FoundationXML crashes on a processing instruction without data (`<?x?>`), so none reaches it.
        if containsProcessingInstruction(body) {
            throw DAVError(400, "Processing instructions are not allowed in a request body; only the XML declaration is.")
        }
        // FoundationXML traps on names that are not valid UTF-8, so nothing else reaches it.
        guard String(validating: body, as: UTF8.self) != nil else { throw DAVError(400, "The request body is not UTF-8.") }
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(body))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw DAVError(400, "The request body is not well-formed XML.")
        }
        return root
    }

    /// Whether `<?` appears anywhere but in an XML declaration (`<?xml version=…`) at the start.
    private static func containsProcessingInstruction(_ body: [UInt8]) -> Bool {
        let declaration = Array("<?xml".utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = body.starts(with: bom) ? bom.count : 0
        var allowed: Int?
        if body[start...].starts(with: declaration), body.count > start + declaration.count + 1,
           [0x20, 0x09, 0x0A, 0x0D].contains(body[start + declaration.count]),
           body[(start + declaration.count)...].drop(while: { [0x20, 0x09, 0x0A, 0x0D].contains($0) }).starts(with: Array("version".utf8)) {
            allowed = start
        }
        return body.indices.dropLast().contains { index in
            body[index] == UInt8(ascii: "<") && body[index + 1] == UInt8(ascii: "?") && index != allowed
        }
    }

    /// Whether `<!DOCTYPE` appears anywhere (any case); a body may not declare one.
    private static func containsDoctype(_ body: [UInt8]) -> Bool {
        let marker = Array("<!DOCTYPE".utf8)
        guard body.count >= marker.count else { return false }
        return (0...(body.count - marker.count)).contains { start in
            marker.indices.allSatisfy { body[start + $0] | 0x20 == marker[$0] | 0x20 }
        }
    }
}

/// Collects XMLParser events into an `XMLNode` tree.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [XMLNode] = []
    private(set) var root: XMLNode?

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
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
