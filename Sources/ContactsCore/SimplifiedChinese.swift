/// Reads traditional Chinese characters as their simplified forms (劉 → 刘, 萬俟 → 万俟, 單 → 单), so
/// that a name written in either script is filed, sorted, searched and read aloud the same way.
/// Only the reading changes: names are stored and shown as they were written.
///
/// The table (`encodedPairs`) is generated once from ICU; looking a character up is one array
/// access, and text without a character to change is returned as it is, without copying.
public enum SimplifiedChinese {
    /// The first code point of the dense part of the table (CJK Extension A and Unified Ideographs).
    private static let denseStart: UInt32 = 0x3400
    private static let denseEnd: UInt32 = 0x9FFF

    private struct Table: Sendable {
        /// The simplified scalar value for each code point from `denseStart`, 0 when unchanged.
        var dense = [UInt32](repeating: 0, count: Int(denseEnd - denseStart + 1))
        /// Characters outside the dense range (CJK Extensions B and later).
        var sparse: [UInt32: Unicode.Scalar] = [:]
    }

    private static let table: Table = {
        var table = Table()
        var source: Unicode.Scalar?
        for scalar in encodedPairs.unicodeScalars where scalar != "\n" {
            guard let from = source else { source = scalar; continue }
            source = nil
            if (denseStart...denseEnd).contains(from.value) {
                table.dense[Int(from.value - denseStart)] = scalar.value
            } else {
                table.sparse[from.value] = scalar
            }
        }
        return table
    }()

    /// The simplified form of `scalar`, or nil when it has none other than itself.
    @inline(__always)
    static func changed(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        if value < denseStart { return nil }
        if value <= denseEnd {
            let mapped = table.dense[Int(value - denseStart)]
            return mapped == 0 ? nil : Unicode.Scalar(mapped)
        }
        return value >= 0x20000 ? table.sparse[value] : nil
    }

    /// The simplified form of `scalar` (the scalar itself when it has no other).
    @inline(__always)
    public static func simplified(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        changed(scalar) ?? scalar
    }

    /// The simplified form of `character`.
    public static func simplified(_ character: Character) -> Character {
        guard character.unicodeScalars.contains(where: { changed($0) != nil }) else { return character }
        return Character(String(String.UnicodeScalarView(character.unicodeScalars.map(simplified))))
    }

    /// `text` with every traditional character replaced by its simplified form; `text` itself
    /// when it has none.
    public static func simplified(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { changed($0) != nil }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(simplified(scalar)) }
        return String(scalars)
    }
}
