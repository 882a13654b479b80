import VCard

/// Reading single lines of `extraProperties` (each one property, as vCard 4.0 writes it).
extension ContactDetails {
    /// Whether the line's property name (before its first `;` or `:`, after any group) is
    /// `property` in any case, read from the bytes without building a property: most lines are
    /// not the one looked for, and this look is what every write pays.
    static func line(_ line: String, names property: String) -> Bool {
        propertyName(of: line, is: property)
    }

    /// The bytes of the line's property name with any group before it (up to its first `;` or `:`).
    static func groupedName(of line: String) -> Substring.UTF8View {
        line.utf8.prefix { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ";") }
    }

    /// Whether a line's `groupedName` is `property` (after any group), in any case.
    static func propertyName(of line: String, is property: String) -> Bool {
        name(groupedName(of: line), is: property)
    }

    /// Whether `name` (a `groupedName`) is `property` after any group, in any case.
    static func name(_ name: Substring.UTF8View, is property: String) -> Bool {
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
