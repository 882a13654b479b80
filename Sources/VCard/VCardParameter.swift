/// One parameter of a content line (RFC 6350 §5, RFC 2426 §4): a name and its values, in wire order.
///
/// vCard 2.1 bare parameters (`TEL;CELL;PREF:`) are stored under the name they stand for:
/// `ENCODING` for an encoding, `VALUE` for a value location, and `TYPE` for everything else.
public struct VCardParameter: Sendable, Hashable {
    /// The upper-cased parameter name, such as `TYPE`, `PREF` or `X-SERVICE-TYPE`.
    public var name: String
    /// The values in wire order: comma lists split outside quotes, quotes removed and RFC 6868
    /// caret escapes decoded. A quoted value keeps its commas (`TYPE="voice,home"` is one value).
    public var values: [String]

    /// A parameter; the name is upper-cased.
    public init(name: String, values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }

    /// A parameter with a single value; the name is upper-cased.
    public init(name: String, value: String) {
        self.init(name: name, values: [value])
    }

    /// Used by the reader, whose names are already upper-cased.
    init(uppercasedName: String, values: [String]) {
        self.name = uppercasedName
        self.values = values
    }

    /// The first value, or nil when the parameter has none.
    public var value: String? { values.first }
}
