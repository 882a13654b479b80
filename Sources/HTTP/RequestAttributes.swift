/// Typed per-request storage, for middleware to hand values (a session, a user) to handlers.
public struct RequestAttributes: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Creates empty storage.
    public init() {}

    /// The value stored under a key type, or nil.
    public subscript<K: RequestAttributeKey>(key: K.Type) -> K.Value? {
        get { values[ObjectIdentifier(key)] as? K.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
