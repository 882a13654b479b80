import Foundation
@testable import VCard

/// A property reduced to what must survive a write and a read in another version: names,
/// groups, parameter values (lower-cased where RFC 6350 §5 makes them case-insensitive) and
/// values, inline binary compared as decoded bytes and media type.
struct NormalizedProperty: Hashable, CustomStringConvertible {
    var group: String?
    var name: String
    var parameters: [String]
    var value: String

    /// Parameters whose values are case-insensitive tokens.
    private static let caseInsensitive: Set<String> = ["TYPE", "VALUE", "ENCODING", "CALSCALE"]
    /// Parameters that say how binary is carried, which differs between versions by design.
    private static let binaryTransfer: Set<String> = ["ENCODING", "VALUE", "MEDIATYPE", "TYPE"]

    init(_ property: VCardProperty) {
        group = property.group?.lowercased()
        name = property.name
        let binary = property.binaryValue
        parameters = property.parameters
            .filter { binary == nil || !Self.binaryTransfer.contains($0.name) }
            .map { parameter in
                let values = Self.caseInsensitive.contains(parameter.name)
                    ? parameter.values.map { $0.lowercased() == "url" ? "uri" : $0.lowercased() }
                    : parameter.values
                return parameter.name + "=" + values.joined(separator: ",")
            }
        if let binary {
            value = "binary \(property.mediaType ?? "-") \(binary.base64EncodedString())"
        } else {
            value = property.value
        }
    }

    var description: String {
        "\(group.map { $0 + "." } ?? "")\(name)\(parameters.map { ";" + $0 }.joined()):\(value.prefix(80))"
    }

    /// A card's properties without VERSION, which the writer sets.
    static func of(_ card: VCard) -> [NormalizedProperty] {
        card.properties.filter { $0.name != "VERSION" }.map(NormalizedProperty.init)
    }
}
