/// The values captured by a route pattern's `:name` and `*name` segments.
public struct RouteParameters: Sendable {
    private let values: [String: String]

    /// Creates parameters from captured values.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The decoded value captured for `name`, or nil.
    public subscript(_ name: String) -> String? { values[name] }
}
