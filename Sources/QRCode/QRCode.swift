import CQREncode

/// A QR code (ISO/IEC 18004) for a piece of text, its modules laid out by libqrencode and drawn
/// here as SVG: what a phone's camera reads to set up an account (a CardDAV address for DAVx⁵, an
/// `otpauth://` URI for an authenticator app).
public struct QRCode: Sendable {
    /// The longest text encoded: well within version 40's 2,331 bytes at level M, and far more
    /// than any address or URI this app puts in a code.
    public static let maximumLength = 1024

    /// Modules per side, the quiet zone not included.
    public let size: Int
    private let dark: [Bool]

    /// The code for `text`'s UTF-8 bytes at error correction level M (15% of it may be lost).
    /// Nil for text longer than `maximumLength` bytes, or empty.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength,
              let code = QRcode_encodeData(Int32(bytes.count), bytes, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        self.size = size
        // Bit 0 of each byte is the module's colour; the other bits say how libqrencode placed it.
        dark = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module in `row` and `column` (from the top left, 0-based) is dark.
    public func isDark(row: Int, column: Int) -> Bool {
        dark[row * size + column]
    }

    /// The code as an SVG image: one path of unit squares, a four-module quiet zone around them,
    /// scaled by whatever width the page gives it. `label` is its accessible name.
    public func svg(label: String) -> String {
        let quiet = 4
        let side = size + 2 * quiet
        var path = ""
        path.reserveCapacity(size * size * 6)
        for row in 0..<size {
            for column in 0..<size where isDark(row: row, column: column) {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        let escaped = label.reduce(into: "") { text, character in
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case "\"": text += "&quot;"
            default: text.append(character)
            }
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" role="img" aria-label="\(escaped)" \
        shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
        """
    }
}
