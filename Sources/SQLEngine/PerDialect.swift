/// A part of a schema that the engines lay out differently, one value for each.
public struct PerDialect<Value: Sendable & Equatable>: Sendable, Equatable {
    public let sqlite: Value
    public let postgresql: Value

    public init(sqlite: Value, postgresql: Value) {
        self.sqlite = sqlite
        self.postgresql = postgresql
    }

    /// The same value on every engine.
    public init(_ value: Value) {
        self.init(sqlite: value, postgresql: value)
    }

    public subscript(_ dialect: SQLDialect) -> Value {
        switch dialect {
        case .sqlite: sqlite
        case .postgresql: postgresql
        }
    }
}
