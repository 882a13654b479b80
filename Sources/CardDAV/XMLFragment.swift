import ContactsStore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a request body kept whole: its attributes with their namespaces, and its
/// content in order, text and child elements interleaved. `XMLNode` keeps what the methods
/// read; this keeps what a dead property's value is (RFC 4918 §4.3: content and attributes,
/// `xml:lang` among them), so that PROPFIND can give it back as it was set.
struct XMLFragment {
    enum Item {
        case text(String)
        case element(XMLFragment)
    }

    let name: XMLName
    var attributes: [DeadProperty.Attribute] = []
    var items: [Item] = []

    /// The namespace every `xml:` attribute is in (it needs no declaration).
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The child elements, in order.
    var elements: [XMLFragment] {
        items.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The first child element with this name.
    func element(_ name: XMLName) -> XMLFragment? {
        elements.first { $0.name == name }
    }

    /// All the text of the content, child elements' included.
    var text: String {
        items.map { item in
            switch item {
            case .text(let text): text
            case .element(let element): element.text
            }
        }.joined()
    }

    /// The content as XML when it holds child elements; nil when it is text only.
    var contentXML: String? {
        guard !elements.isEmpty else { return nil }
        var xml = ""
        writeContent(into: &xml, bound: nil)
        return xml
    }

    /// The value a dead property keeps of this element.
    var deadProperty: DeadProperty {
        DeadProperty(namespace: name.namespace, name: name.local, value: text, attributes: attributes, contentXML: contentXML)
    }

    /// Writes the content: text escaped, each child element with the prefix `p` (declared
    /// where the enclosing element does not bind it to the same namespace) and its attributes.
    private func writeContent(into xml: inout String, bound: String?) {
        for item in items {
            switch item {
            case .text(let text):
                xml += XMLOutput.escape(text).replacingOccurrences(of: "\r", with: "&#13;")
            case .element(let element):
                let namespace = element.name.namespace
                let prefix: String? = namespace.isEmpty ? nil : "p"
                xml += "<" + (prefix.map { $0 + ":" } ?? "") + element.name.local
                if prefix != nil, bound != namespace { xml += " xmlns:p=\"" + XMLOutput.escape(namespace) + "\"" }
                xml += XMLOutput.attributes(element.attributes, elementNamespace: namespace, elementPrefix: prefix)
                if element.items.isEmpty {
                    xml += "/>"
                } else {
                    xml += ">"
                    // Below an element in no namespace, `p` keeps whatever binding it had.
                    element.writeContent(into: &xml, bound: prefix == nil ? bound : namespace)
                    xml += "</" + (prefix.map { $0 + ":" } ?? "") + element.name.local + ">"
                }
            }
        }
    }

    /// Parses a request body that `XMLNode.parse` has already accepted (so it is UTF-8, has no
    /// DOCTYPE and no processing instruction): FoundationXML reads the same bytes it read, the
    /// body without byte order mark and declaration. Nil when it is not well-formed after all.
    static func parse(_ body: [UInt8]) -> XMLFragment? {
        guard let document = try? XMLNode.requireUTF8(body) else { return nil }
        let builder = FragmentBuilder()
        let parser = XMLParser(data: Data(document))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.delegate = builder
        guard parser.parse(), !builder.failed else { return nil }
        return builder.root
    }
}

/// Collects XMLParser events into an `XMLFragment` tree, resolving attribute prefixes through
/// the namespace declarations in scope.
private final class FragmentBuilder: NSObject, XMLParserDelegate {
    private var stack: [XMLFragment] = []
    /// The prefixes bound at each open element (and at the document).
    private var scopes: [[String: String]] = [["xml": XMLFragment.xmlNamespace]]
    /// The prefixes declared on the element about to start.
    private var declared: [String: String] = [:]
    private(set) var root: XMLFragment?
    private(set) var failed = false

    func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
        declared[prefix] = namespaceURI
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        // `XMLNode.parse` refuses deeper bodies first; this keeps the recursive `text` and
        // `writeContent` bounded should a body ever reach here without it.
        guard stack.count < XMLNode.maximumDepth else {
            failed = true
            parser.abortParsing()
            return
        }
        let scope = scopes[scopes.count - 1].merging(declared) { $1 }
        declared = [:]
        scopes.append(scope)
        var element = XMLFragment(name: XMLName(namespaceURI ?? "", elementName))
        // Attributes come as a dictionary: sorted, so that what is stored does not depend on hashing.
        for (qualified, value) in attributes.sorted(by: { $0.key < $1.key }) {
            let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                guard let namespace = scope[parts[0]] else {
                    failed = true
                    parser.abortParsing()
                    return
                }
                element.attributes.append(DeadProperty.Attribute(namespace: namespace, name: parts[1], value: value))
            } else {
                element.attributes.append(DeadProperty.Attribute(namespace: "", name: qualified, value: value))
            }
        }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        append(String(decoding: CDATABlock, as: UTF8.self))
    }

    private func append(_ text: String) {
        guard !stack.isEmpty else { return }
        if case .text(let before)? = stack[stack.count - 1].items.last {
            stack[stack.count - 1].items[stack[stack.count - 1].items.count - 1] = .text(before + text)
        } else {
            stack[stack.count - 1].items.append(.text(text))
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let finished = stack.popLast() else { return }
        scopes.removeLast()
        if stack.isEmpty {
            root = finished
        } else {
            stack[stack.count - 1].items.append(.element(finished))
        }
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        failed = true
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        failed = true
        parser.abortParsing()
    }
}

extension XMLOutput {
    /// Attributes written after an element's name: `xml:` ones as they are, ones in no
    /// namespace unprefixed, ones in the element's namespace with its prefix, and others with
    /// a prefix `a0`, `a1`… declared on the element. Values are escaped, and tab, LF and CR
    /// written as character references so that reading them back gives them unchanged.
    static func attributes(_ attributes: [DeadProperty.Attribute], elementNamespace: String, elementPrefix: String?) -> String {
        guard !attributes.isEmpty else { return "" }
        var declarations = ""
        var written = ""
        var prefixes: [String: String] = [:]
        for attribute in attributes {
            let prefix: String?
            switch attribute.namespace {
            case "": prefix = nil
            case XMLFragment.xmlNamespace: prefix = "xml"
            case elementNamespace where elementPrefix != nil: prefix = elementPrefix
            case let namespace:
                if let known = prefixes[namespace] {
                    prefix = known
                } else {
                    let fresh = "a\(prefixes.count)"
                    prefixes[namespace] = fresh
                    declarations += " xmlns:" + fresh + "=\"" + escape(namespace) + "\""
                    prefix = fresh
                }
            }
            written += " " + (prefix.map { $0 + ":" } ?? "") + attribute.name + "=\""
                + escape(attribute.value).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;")
                .replacingOccurrences(of: "\r", with: "&#13;") + "\""
        }
        return declarations + written
    }
}
