import Foundation
import VCard

/// A property reduced to what must survive a write and a read in another version: names and
/// groups as RFC 6350 §3.3 spells them (the `_` and `/` that the reader accepts become `-`),
/// parameter values (lower-cased where RFC 6350 §5 makes them case-insensitive) and
/// values, inline binary compared as decoded bytes and media type.
public struct NormalizedProperty: Hashable, CustomStringConvertible {
    public var group: String?
    public var name: String
    public var parameters: [String]
    public var value: String

    /// Parameters whose values are case-insensitive tokens.
    private static let caseInsensitive: Set<String> = ["TYPE", "VALUE", "ENCODING", "CALSCALE"]
    /// Parameters that say how binary is carried, which differs between versions by design.
    private static let binaryTransfer: Set<String> = ["ENCODING", "VALUE", "MEDIATYPE", "TYPE"]

    /// - Parameter decodingText: compare text by its decoded components rather than as escaped
    ///   on the wire, for writers that may escape differently (`\:` or `:`) and mean the same.
    public init(_ property: VCardProperty, decodingText: Bool = false) {
        group = property.group.map { Self.spelledAsTheRFCAllows($0).lowercased() }
        name = Self.spelledAsTheRFCAllows(property.name)
        let binary = property.binaryValue
        parameters = property.parameters
            .filter { binary == nil || !Self.binaryTransfer.contains($0.name) }
            .map { parameter in
                let values = Self.caseInsensitive.contains(parameter.name)
                    ? parameter.values.map { $0.lowercased() == "url" ? "uri" : $0.lowercased() }
                    : parameter.values
                return Self.spelledAsTheRFCAllows(parameter.name) + "=" + values.joined(separator: ",")
            }
        if let binary {
            value = "binary \(property.mediaType ?? "-") \(binary.base64EncodedString())"
        } else if decodingText {
            value = property.structuredValue.map { $0.joined(separator: ",") }.joined(separator: ";")
        } else {
            value = property.value
        }
    }

    /// ALPHA / DIGIT / "-", as the writer writes a name.
    private static func spelledAsTheRFCAllows(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
    }

    public var description: String {
        "\(group.map { $0 + "." } ?? "")\(name)\(parameters.map { ";" + $0 }.joined()):\(value.prefix(80))"
    }

    /// A card's properties without VERSION, which the writer sets.
    public static func of(_ card: VCard) -> [NormalizedProperty] {
        card.properties.filter { $0.name != "VERSION" }.map { NormalizedProperty($0) }
    }
}
