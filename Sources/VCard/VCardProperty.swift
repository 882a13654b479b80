import Blanks

/// One content line of a card (RFC 6350 §3.3): `[group "."] name *(";" param) ":" value`.
public struct VCardProperty: Sendable, Hashable {
    /// The group prefix (`item1` in `item1.TEL`, as Apple writes them), case kept; nil when absent.
    public var group: String?
    /// The upper-cased property name, such as `TEL`, `X-ABLABEL` or `X-SOCIALPROFILE`.
    public var name: String
    /// The parameters in wire order.
    public var parameters: [VCardParameter]
    /// The value as on the wire in vCard 3.0/4.0 form: unfolded, quoted-printable and charset
    /// decoded, but still backslash-escaped (RFC 6350 §3.4). vCard 2.1 text values, whose
    /// escaping differs, are converted to this form when read. Use `textValue`,
    /// `structuredValue` or `binaryValue()` for the decoded content.
    public var value: String

    /// A property; the name is upper-cased. `value` must already be escaped (see `init(name:text:)`).
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String) {
        self.init(group: group, uppercasedName: name.uppercased(), parameters: parameters, value: value)
    }

    /// Used by the reader, whose names are already upper-cased.
    init(group: String?, uppercasedName: String, parameters: [VCardParameter], value: String) {
        self.group = group
        self.name = uppercasedName
        self.parameters = parameters
        self.value = value
    }

    /// The first parameter with this name (compared case-insensitively), or nil.
    public func parameter(named name: String) -> VCardParameter? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }
    }

    /// All `TYPE` values, lower-cased, with quoted comma lists (`TYPE="voice,home"`) split.
    /// vCard 2.1 bare types (`TEL;CELL;PREF:`) are included, since they are stored as `TYPE`.
    public var types: [String] {
        parameters.lazy.filter { $0.name == "TYPE" }.flatMap(\.values)
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingBlanks().lowercased() }
            .filter { !$0.isEmpty }
    }
}
