/// The browser a login was made from, as the list of signed-in browsers shows it: its
/// User-Agent and its address. Both come from outside, so both are kept bounded and without a
/// control or format character (`NameText.isHidden`): nothing stored can end a line, reorder
/// the text around it, or grow without limit.
public struct SessionClient: Sendable, Equatable {
    /// The most Unicode scalars of a User-Agent kept: what `BrowserIdentity` reads of one.
    public static let maximumUserAgentLength = 512
    /// The most Unicode scalars of an address kept; an IPv6 address with a zone fits.
    public static let maximumAddressLength = 64

    public let userAgent: String
    public let address: String

    public init(userAgent: String?, address: String) {
        self.userAgent = Self.cleaned(userAgent ?? "", limit: Self.maximumUserAgentLength)
        self.address = Self.cleaned(address, limit: Self.maximumAddressLength)
    }

    /// `text` without its hidden characters, cut to its first `limit` scalars.
    private static func cleaned(_ text: String, limit: Int) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.lazy.filter { !NameText.isHidden($0) }.prefix(limit)))
    }
}
