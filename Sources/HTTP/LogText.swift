/// Outside text (a path, a method, an account name, an error's detail) made safe for a log line.
public enum LogText {
    /// The most bytes of `text` a log line carries; a longer text is cut and marked with `...`.
    public static let maximumBytes = 512

    /// `text` as printable ASCII: every byte outside `!`…`~`, and the `"` and `\` a line may
    /// quote with, is percent-escaped (`%0A`, `%C3%A9`), so that no text can end a line, forge a
    /// field, colour a terminal or break a parser; at most `maximumBytes` of it are kept.
    /// - Parameter keepingSpaces: spaces stay as they are, for free text that ends a line.
    public static func printable(_ text: some StringProtocol, keepingSpaces: Bool = false) -> String {
        let isPrintable = { (byte: UInt8) in
            (byte > 0x20 || (keepingSpaces && byte == 0x20)) && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        // Most texts (methods, paths, addresses) have nothing to escape: one pass, no copy byte by byte.
        var whole = String(text)
        if whole.utf8.count <= maximumBytes, whole.withUTF8({ $0.allSatisfy(isPrintable) }) { return whole }
        var result = ""
        for byte in text.utf8.prefix(maximumBytes) {
            if isPrintable(byte) {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text.utf8.count > maximumBytes ? result + "..." : result
    }

    /// The line reporting that serving `request` failed: its method and path, never its headers
    /// or body, and `reason` (its spaces kept), each made printable.
    public static func failure(of request: Request, _ reason: String) -> String {
        "error: \(printable(request.method)) \(printable(request.rawPath)): \(printable(reason, keepingSpaces: true))"
    }
}
