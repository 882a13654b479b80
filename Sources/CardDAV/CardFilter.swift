import Foundation
import VCard
import Wording

/// An addressbook-query filter (RFC 6352 §10.5): property filters combined with anyof or
/// allof, each with text matches and parameter filters, matched under a collation (§8.3).
struct CardFilter {
    struct TextMatch {
        enum MatchType: String { case equals, contains, startsWith = "starts-with", endsWith = "ends-with" }
        let text: String
        let matchType: MatchType
        let negate: Bool
        let collation: Collation

        init(_ node: XMLNode) throws {
            let name = node.attributes["collation"] ?? "default"
            guard let collation = name == "default" ? .unicodeCasemap : Collation(rawValue: name) else {
                throw DAVError(403, davWording.unsupportedCollation(name), precondition: .cardDAV("supported-collation"))
            }
            self.collation = collation
            guard let type = MatchType(rawValue: node.attributes["match-type"] ?? "contains") else {
                throw DAVError(400, davWording.unknownMatchType(node.attributes["match-type"] ?? ""))
            }
            matchType = type
            negate = node.attributes["negate-condition"] == "yes"
            text = node.text
        }

        func matches(_ value: String) -> Bool {
            // i;ascii-casemap folds A–Z only, so both sides are folded by hand and compared as written.
            let (value, text) = collation == .asciiCasemap ? (Self.asciiLowercased(value), Self.asciiLowercased(text)) : (value, text)
            let options: String.CompareOptions = collation == .unicodeCasemap ? [.caseInsensitive] : [.literal]
            let found: Bool
            switch matchType {
            case .equals: found = value.compare(text, options: options) == .orderedSame
            case .contains: found = text.isEmpty || value.range(of: text, options: options) != nil
            case .startsWith: found = value.range(of: text, options: options.union(.anchored)) != nil
            case .endsWith: found = value.range(of: text, options: options.union([.anchored, .backwards])) != nil
            }
            return found != negate
        }

        private static func asciiLowercased(_ text: String) -> String {
            String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// The collations text matches are compared under (RFC 4790, RFC 6352 §8.3); `default`
    /// is i;unicode-casemap.
    enum Collation: String, CaseIterable {
        case asciiCasemap = "i;ascii-casemap"
        case unicodeCasemap = "i;unicode-casemap"
        case octet = "i;octet"
    }

    struct ParameterFilter {
        let name: String
        let isNotDefined: Bool
        let textMatch: TextMatch?

        func matches(_ property: VCardProperty) -> Bool {
            let values = property.parameters.filter { $0.name == name }.flatMap(\.values)
            if isNotDefined { return values.isEmpty }
            guard let textMatch else { return !values.isEmpty }
            return values.contains(where: textMatch.matches)
        }
    }

    struct PropertyFilter {
        let name: PropertyName
        let allOf: Bool
        let isNotDefined: Bool
        let textMatches: [TextMatch]
        let parameterFilters: [ParameterFilter]

        func matches(_ card: VCard) -> Bool {
            let properties = card.properties.filter(name.matches)
            if isNotDefined { return properties.isEmpty }
            guard textMatches.count + parameterFilters.count > 0 else { return !properties.isEmpty }
            return properties.contains { property in
                let tests = textMatches.map { $0.matches(property.textValue) } + parameterFilters.map { $0.matches(property) }
                return allOf ? tests.allSatisfy { $0 } : tests.contains(true)
            }
        }
    }

    let allOf: Bool
    let propertyFilters: [PropertyFilter]

    /// From a `card:filter` element.
    init(_ node: XMLNode) throws {
        allOf = node.attributes["test"] == "allof"
        propertyFilters = try node.children(.cardDAV("prop-filter")).map { filter in
            guard let name = filter.attributes["name"], !name.isEmpty else { throw DAVError(400, davWording.filterNeedsName("prop-filter")) }
            return PropertyFilter(
                name: PropertyName(name), allOf: filter.attributes["test"] == "allof",
                isNotDefined: filter.child(.cardDAV("is-not-defined")) != nil,
                textMatches: try filter.children(.cardDAV("text-match")).map(TextMatch.init),
                parameterFilters: try filter.children(.cardDAV("param-filter")).map { parameter in
                    guard let name = parameter.attributes["name"], !name.isEmpty else { throw DAVError(400, davWording.filterNeedsName("param-filter")) }
                    return ParameterFilter(name: name.uppercased(), isNotDefined: parameter.child(.cardDAV("is-not-defined")) != nil,
                                           textMatch: try parameter.child(.cardDAV("text-match")).map(TextMatch.init))
                })
        }
    }

    /// Whether the card passes; no property filter at all matches every card.
    func matches(_ card: VCard) -> Bool {
        guard !propertyFilters.isEmpty else { return true }
        return allOf ? propertyFilters.allSatisfy { $0.matches(card) } : propertyFilters.contains { $0.matches(card) }
    }
}
