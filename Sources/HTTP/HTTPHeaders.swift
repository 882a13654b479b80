/// An ordered list of HTTP header fields whose names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral {
    /// One header field as received or to be sent.
    public typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// Creates headers from name/value pairs, keeping their order.
    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// Creates headers from a literal such as `["Content-Type": "text/plain"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of the named field; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let position = fields.firstIndex { Self.sameName($0.name, name) } ?? fields.count
            fields.removeAll { Self.sameName($0.name, name) }
            guard let newValue else { return }
            fields.insert((name: name, value: newValue), at: Swift.min(position, fields.count))
        }
    }

    /// Appends a field, keeping any others of the same name (as for several Set-Cookie).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Every value of the named field, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        fields.makeIterator()
    }

    /// Whether both hold the same fields in the same order (names ignoring case).
    public static func == (left: HTTPHeaders, right: HTTPHeaders) -> Bool {
        left.fields.elementsEqual(right.fields) { sameName($0.name, $1.name) && $0.value == $1.value }
    }

    /// Compares two field names ignoring ASCII case.
    static func sameName(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        var (left, right) = (left, right)
        // Through the strings' own bytes: a view's iterator costs tens of instructions a byte.
        return left.withUTF8 { left in
            right.withUTF8 { right in left.indices.allSatisfy { lowercased(left[$0]) == lowercased(right[$0]) } }
        }
    }

    /// Whether a field name is an RFC 9110 token: letters, digits and ``!#$%&'*+-.^_`|~``, at least one.
    static func isToken(_ name: String) -> Bool {
        var name = name
        return !name.isEmpty && name.withUTF8 { bytes in tokenBytes.withUnsafeBufferPointer { token in bytes.allSatisfy { token[Int($0)] } } }
    }

    /// Whether each byte may be in a token.
    private static let tokenBytes: [Bool] = (0...255).map { (byte: Int) in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 65 && byte <= 90) ? byte + 32 : byte
    }
}
