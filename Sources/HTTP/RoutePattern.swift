/// A parsed route pattern such as `/contacts/:id` or `/static/*path`.
struct RoutePattern: Sendable {
    private enum Segment: Sendable {
        case literal(String)
        case parameter(String)
        case tail(String)

        /// Lower ranks are more specific and tried first.
        var rank: Int {
            switch self {
            case .literal: 0
            case .parameter: 1
            case .tail: 2
            }
        }
    }

    private let segments: [Segment]

    /// Parses a pattern; a `*name` segment must be the last.
    init(_ pattern: String) {
        let parts = Self.split(pattern)
        segments = parts.enumerated().map { index, part in
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            if part.hasPrefix("*") {
                precondition(index == parts.count - 1, "a *wildcard must end the route pattern: \(pattern)")
                return .tail(String(part.dropFirst()))
            }
            return .literal(String(part))
        }
    }

    /// Whether this pattern should be tried before `other`: literal segments beat parameters beat a tail.
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        segments.map(\.rank).lexicographicallyPrecedes(other.segments.map(\.rank))
    }

    /// The captured parameters if the decoded path matches.
    func match(_ path: String) -> RouteParameters? {
        let parts = Self.split(path)
        var values: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .tail(let name):
                guard index < parts.count else { return nil }
                values[name] = parts[index...].joined(separator: "/")
                return RouteParameters(values)
            case .parameter(let name):
                guard index < parts.count, !parts[index].isEmpty else { return nil }
                values[name] = String(parts[index])
            case .literal(let text):
                guard index < parts.count, parts[index] == text else { return nil }
            }
        }
        return parts.count == segments.count ? RouteParameters(values) : nil
    }

    /// "/a/b" → ["a", "b"]; "/" → [""].
    private static func split(_ path: String) -> [Substring] {
        path.dropFirst(path.hasPrefix("/") ? 1 : 0).split(separator: "/", omittingEmptySubsequences: false)
    }
}
