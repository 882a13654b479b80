import Blanks

/// A header value split into its leading token and `; key=value` parameters,
/// as in `multipart/form-data; boundary="x"` or `form-data; name="file"`.
struct HeaderParameters {
    /// The part before the first `;`, lowercased and trimmed.
    let token: String
    private let parameters: [String: String]

    init(_ value: String) {
        var parts = Self.splitOutsideQuotes(value)
        token = parts.isEmpty ? "" : parts.removeFirst().trimmingBlanks().lowercased()
        var parameters: [String: String] = [:]
        for part in parts {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            let key = pair[0].trimmingBlanks().lowercased()
            if parameters[key] == nil { parameters[key] = Self.unquoted(pair[1].trimmingBlanks()) }
        }
        self.parameters = parameters
    }

    /// The value of a parameter, unquoted; names compare case-insensitively.
    subscript(name: String) -> String? { parameters[name.lowercased()] }

    private static func splitOutsideQuotes(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var inQuotes = false
        var escaped = false
        for index in value.indices {
            let character = value[index]
            if escaped {
                escaped = false
            } else if character == "\\" && inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ";" && !inQuotes {
                parts.append(value[start..<index])
                start = value.index(after: index)
            }
        }
        parts.append(value[start...])
        return parts
    }

    private static func unquoted(_ text: Substring) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return String(text) }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}
