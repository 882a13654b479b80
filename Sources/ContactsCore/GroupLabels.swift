import VCard

/// What Apple writes beside a property in the same group (`item1.TEL` with `item1.X-ABLabel`,
/// `item2.ADR` with `item2.X-ABADR`): the entry's label and an address's country code.
struct GroupLabels {
    static let labelProperty = "X-ABLABEL"
    static let countryCodeProperty = "X-ABADR"

    private var labels: [String: String] = [:]
    private var countryCodes: [String: String] = [:]

    init(_ properties: [VCardProperty]) {
        for property in properties {
            guard let group = property.group?.lowercased() else { continue }
            switch property.name {
            case Self.labelProperty where labels[group] == nil: labels[group] = property.textValue.trimmed
            case Self.countryCodeProperty where countryCodes[group] == nil: countryCodes[group] = property.textValue.trimmed.lowercased()
            default: break
            }
        }
    }

    /// The label Apple's X-ABLabel gives the property; nil when it has none (or an empty one).
    func label(of property: VCardProperty) -> ContactLabel? {
        guard let group = property.group?.lowercased(), let text = labels[group], !text.isEmpty,
              text.count <= ContactLabel.maximumLength else { return nil }
        return ContactLabel(text)
    }

    /// The country code of an address's group; empty when it has none or it is not two letters.
    func countryCode(of property: VCardProperty) -> String {
        guard let group = property.group?.lowercased(), let code = countryCodes[group],
              code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return "" }
        return code
    }
}
