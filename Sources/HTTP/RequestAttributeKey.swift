/// A type naming one slot of `RequestAttributes` and the type of value it holds.
public protocol RequestAttributeKey {
    /// The type of value stored under this key.
    associatedtype Value: Sendable
}
