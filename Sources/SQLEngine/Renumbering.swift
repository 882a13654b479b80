/// Versions one engine's databases recorded under a numbering of their own, before the engines
/// shared one: `versions` there are each `offset` less than the same schema's shared number.
public struct Renumbering: Sendable {
    public let dialect: SQLDialect
    public let versions: ClosedRange<Int>
    public let offset: Int

    public init(_ dialect: SQLDialect, versions: ClosedRange<Int>, offset: Int) {
        self.dialect = dialect
        self.versions = versions
        self.offset = offset
    }

    /// The shared number of `version` recorded on `dialect`; nil when it is one already.
    func sharedVersion(of version: Int, on dialect: SQLDialect) -> Int? {
        dialect == self.dialect && versions.contains(version) ? version + offset : nil
    }
}
