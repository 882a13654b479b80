import VCard

/// A vCard property name as `address-data` and `prop-filter` give it (RFC 6352 §10.4.2,
/// §10.5.1): `TEL` is TEL in any group or none, `item1.TEL` only TEL in group item1. Names and
/// groups compare case-insensitively.
struct PropertyName: Hashable {
    let group: String?
    let name: String

    init(_ text: String) {
        let upper = text.uppercased()
        if let dot = upper.lastIndex(of: "."), dot != upper.startIndex {
            group = String(upper[..<dot])
            name = String(upper[upper.index(after: dot)...])
        } else {
            group = nil
            name = upper
        }
    }

    func matches(_ property: VCardProperty) -> Bool {
        property.name == name && (group == nil || property.group?.uppercased() == group)
    }
}
