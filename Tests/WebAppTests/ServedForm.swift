import Foundation
import Testing

/// The fields of a page's contact form as a browser without script posts them: every input,
/// checked checkbox, select's chosen option and textarea, in order (the script's template rows
/// left out), HTML entities decoded.
struct ServedForm {
    var fields: [(name: String, value: String)]

    init(_ page: String) throws {
        let start = try #require(page.range(of: #"<form id="contact-form""#)?.lowerBound)
        var html = String(page[start...])
        html = String(html[..<(try #require(html.range(of: "</form>")?.lowerBound))])
        html = html.replacing(#/<template>(?s:.*?)</template>/#, with: "")
        fields = []
        for match in html.matches(of: #/<(input|select|textarea)\b([^>]*)>/#) {
            let attributes = String(match.output.2)
            guard let name = Self.attribute("name", of: attributes), !attributes.contains(" disabled") else { continue }
            let rest = html[match.range.upperBound...]
            switch match.output.1 {
            case "select":
                let options = String(rest[..<(rest.range(of: "</select>")?.lowerBound ?? rest.endIndex)])
                let chosen = options.firstMatch(of: #/<option value="([^"]*)" selected>/#) ?? options.firstMatch(of: #/<option value="([^"]*)"/#)
                fields.append((name, Self.decoded(String(chosen?.output.1 ?? ""))))
            case "textarea":
                fields.append((name, Self.decoded(String(rest[..<(rest.range(of: "</textarea>")?.lowerBound ?? rest.endIndex)]))))
            default:
                let type = Self.attribute("type", of: attributes) ?? "text"
                if type == "file" || (type == "checkbox" && !attributes.contains(" checked")) { continue }
                fields.append((name, Self.attribute("value", of: attributes) ?? ""))
            }
        }
    }

    /// The values of every field named `name`, in order.
    func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// Sets the `index`th field named `name`.
    mutating func set(_ name: String, _ value: String, at index: Int = 0) {
        let positions = fields.indices.filter { fields[$0].name == name }
        fields[positions[index]].value = value
    }

    private static func attribute(_ name: String, of attributes: String) -> String? {
        (try? Regex(#" \#(name)="([^"]*)""#)).flatMap { attributes.firstMatch(of: $0) }.map { decoded(String($0.output[1].substring ?? "")) }
    }

    private static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
