import Foundation

/// A property a client set on an address book that the server keeps without interpreting (a
/// WebDAV dead property, RFC 4918 §4.3): its value is its content and its attributes.
public struct DeadProperty: Sendable, Equatable {
    /// An attribute of the property element, by namespace (empty for none) and local name.
    public struct Attribute: Sendable, Equatable {
        public let namespace: String
        public let name: String
        public let value: String

        public init(namespace: String, name: String, value: String) {
            self.namespace = namespace
            self.name = name
            self.value = value
        }

        /// The stored form: a JSON array of `[namespace, name, value]`; empty for none.
        static func encode(_ attributes: [Attribute]) -> String {
            guard !attributes.isEmpty,
                  let data = try? JSONEncoder().encode(attributes.map { [$0.namespace, $0.name, $0.value] }) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }

        /// The attributes of a stored form; none for an empty or unreadable one.
        static func decode(_ text: String) -> [Attribute] {
            guard !text.isEmpty, let triples = try? JSONDecoder().decode([[String]].self, from: Data(text.utf8)) else { return [] }
            return triples.compactMap { $0.count == 3 ? Attribute(namespace: $0[0], name: $0[1], value: $0[2]) : nil }
        }
    }

    public let namespace: String
    public let name: String
    /// The text of the content (all of it, child elements' text included).
    public let value: String
    /// The attributes of the property element (sorted by name as sent: XML gives their order no meaning).
    public let attributes: [Attribute]
    /// The content as XML when it holds elements (well-formed, each element declaring the
    /// namespaces it uses); nil when the content is `value`, text only.
    public let contentXML: String?

    public init(namespace: String, name: String, value: String, attributes: [Attribute] = [], contentXML: String? = nil) {
        self.namespace = namespace
        self.name = name
        self.value = value
        self.attributes = attributes
        self.contentXML = contentXML
    }
}
