extension VCardProperty {
    /// A TEXT property; `text` is escaped for the wire (RFC 6350 §3.4).
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], text: String) {
        self.init(group: group, name: name, parameters: parameters, value: TextEscaping.escape(text[...]))
    }

    /// A structured property such as N or ADR (RFC 6350 §6.2.2, §6.3.1): components joined by `;`,
    /// the values of each by `,`, every value escaped.
    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], components: [[String]]) {
        let value = components
            .map { $0.map { TextEscaping.escape($0[...]) }.joined(separator: ",") }
            .joined(separator: ";")
        self.init(group: group, name: name, parameters: parameters, value: value)
    }

    /// The value unescaped: `\n` is a line break, `\,` `\;` `\\` (and Apple's `\:`) the character itself.
    public var textValue: String {
        TextEscaping.unescape(value[...])
    }

    /// The value split on unescaped commas, each part unescaped (CATEGORIES, NICKNAME: RFC 6350 §6.7.1).
    public var listValue: [String] {
        TextEscaping.split(value[...], on: ASCII.comma).map(TextEscaping.unescape)
    }

    /// The components of a structured value (N, ADR, ORG, GENDER): split on unescaped `;`, each
    /// component split on unescaped `,`, every part unescaped. `N:Doe;John;;;` gives
    /// `[["Doe"], ["John"], [""], [""], [""]]`.
    public var structuredValue: [[String]] {
        TextEscaping.split(value[...], on: ASCII.semicolon).map {
            TextEscaping.split($0, on: ASCII.comma).map(TextEscaping.unescape)
        }
    }
}
