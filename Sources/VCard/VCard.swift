import Blanks

/// One vCard: its properties in the order they were read, without BEGIN and END.
public struct VCard: Sendable, Hashable {
    /// The properties in wire order; VERSION is one of them when the card had it.
    public var properties: [VCardProperty]

    public init(properties: [VCardProperty] = []) {
        self.properties = properties
    }

    /// Reads exactly the first card of `bytes` (a CardDAV request body, for example).
    /// - Throws: the reader's error for that card, or `.noCard` when there is none.
    public init(parsing bytes: some Sequence<UInt8>) throws(VCardError) {
        var reader = VCardReader(bytes: bytes)
        switch reader.next() {
        case .success(let card)?: self = card
        case .failure(let error)?: throw error
        case nil: throw VCardError(.noCard, card: 1, line: reader.lineNumber)
        }
    }

    /// Reads exactly the first card of `text`.
    public init(parsing text: String) throws(VCardError) {
        try self.init(parsing: text.utf8)
    }

    /// The version the card declares (leniently: `VERSION:4`, `VERSION: 4.0`), nil when it
    /// declares none or an unknown one.
    public var version: VCardVersion? {
        property(named: "VERSION").flatMap { VCardVersion(versionValue: $0.value) }
    }

    /// The first property with this name (compared case-insensitively), or nil.
    public func property(named name: String) -> VCardProperty? {
        let wanted = name.uppercased()
        return properties.first { $0.name == wanted }
    }

    /// Every property with this name (compared case-insensitively), in order.
    public func properties(named name: String) -> [VCardProperty] {
        let wanted = name.uppercased()
        return properties.filter { $0.name == wanted }
    }
}

extension VCard {
    /// The UID (RFC 6350 §6.7.6) with surrounding whitespace removed; nil when absent or empty.
    public var uid: String? {
        guard let value = property(named: "UID")?.textValue.trimmingBlanks(), !value.isEmpty else { return nil }
        return String(value)
    }
}
