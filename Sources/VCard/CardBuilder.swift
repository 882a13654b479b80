/// The properties of one card as they are read; `build()` applies what depends on the card's
/// VERSION, which may come last (ownCloud, ical4j samples).
struct CardBuilder {
    /// The card's 1-based number in the input.
    let number: Int
    /// The line of its BEGIN:VCARD.
    let beginLine: Int
    private var properties: [VCardProperty] = []
    private var quotedPrintable: [Int] = []
    private var caretEscaped: [Int] = []

    init(number: Int, beginLine: Int) {
        self.number = number
        self.beginLine = beginLine
    }

    mutating func append(_ parsed: ContentLineParser.Parsed) {
        if parsed.wasQuotedPrintable { quotedPrintable.append(properties.count) }
        if parsed.mayHaveCaretEscapes { caretEscaped.append(properties.count) }
        properties.append(parsed.property)
    }

    /// The card, with vCard 2.1 text (and any quoted-printable text, a 2.1 transfer encoding)
    /// converted to 3.0/4.0 escaping, and RFC 6868 caret escapes decoded outside 2.1.
    consuming func build() -> VCard {
        var card = VCard(properties: properties)
        let version = card.version
        if version == .v2_1 {
            for index in card.properties.indices { convertFromVersion21(&card.properties[index]) }
        } else {
            for index in quotedPrintable { convertFromVersion21(&card.properties[index]) }
            for index in caretEscaped {
                card.properties[index].parameters = card.properties[index].parameters.map {
                    VCardParameter(uppercasedName: $0.name, values: $0.values.map(CaretEncoding.decode))
                }
            }
        }
        return card
    }

    private func convertFromVersion21(_ property: inout VCardProperty) {
        guard Self.holdsText(property) else { return }
        property.value = TextEscaping.fromVersion21(property.value)
    }

    /// Whether a value is text (escaped) rather than a URI or binary, which are not escaped.
    private static func holdsText(_ property: VCardProperty) -> Bool {
        if property.name == "URL" || VCardProperty.canHoldBinary(property.name) || property.isBinary { return false }
        let location = property.parameter(named: "VALUE")?.value?.lowercased()
        return !(location == "url" || location == "uri" || location == "content-id" || location == "cid")
    }
}
