import VCard

/// Reading single lines of `extraProperties` (each one property, as vCard 4.0 writes it).
extension ContactDetails {
    /// Whether the line's property name (before its first `;` or `:`, after any group) is
    /// `property` in any case, read from the bytes without building a property: most lines are
    /// not the one looked for, and this look is what every write pays.
    static func line(_ line: String, names property: String) -> Bool {
        let name = line.utf8.prefix { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ";") }
        let wanted = property.utf8
        guard name.count >= wanted.count else { return false }
        let tail = name.dropFirst(name.count - wanted.count)
        guard name.count == wanted.count || name[name.index(tail.startIndex, offsetBy: -1)] == UInt8(ascii: ".") else { return false }
        return tail.elementsEqual(wanted) { $0 | 0x20 == $1 | 0x20 }
    }

    /// The line read as a property; nil when it is not one.
    static func property(ofLine line: String) -> VCardProperty? {
        (try? VCard(parsing: "BEGIN:VCARD\r\nVERSION:4.0\r\n" + line + "\r\nEND:VCARD\r\n"))?.properties.first { $0.name != "VERSION" }
    }

    /// A property as a line of `extraProperties`.
    static func line(of property: VCardProperty) -> String {
        VCardWriter(version: .v4_0).contentLine(for: property)
    }
}
