import Blanks

/// The client behind a request, as the store keeps it for a login or a device: its User-Agent and
/// the address it came from. Both come from outside, so both are kept bounded and without a
/// control or format character (`NameText.isHidden`): nothing stored can end a line, reorder the
/// text around it, or grow a row without limit.
public struct RequestClient: Sendable, Equatable {
    /// The most Unicode scalars of a User-Agent kept: more than `BrowserIdentity` reads of one.
    public static let maximumUserAgentLength = 512
    /// The most Unicode scalars of an address kept; an IPv6 address with a zone fits.
    public static let maximumAddressLength = 64

    /// The User-Agent; nil when the client sent none (or nothing of it was kept).
    public let userAgent: String?
    /// The client's address (`Request.clientAddress`, after trusted proxies); nil when unknown.
    public let address: String?

    public init(userAgent: String?, address: String?) {
        self.userAgent = userAgent.flatMap { Self.kept($0, limit: Self.maximumUserAgentLength) }
        self.address = address.flatMap { Self.kept($0, limit: Self.maximumAddressLength) }
    }

    /// `text` without its hidden characters and outer spaces, cut to its first `limit` scalars;
    /// nil when nothing is left.
    private static func kept(_ text: String, limit: Int) -> String? {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.lazy.filter { !NameText.isHidden($0) }.prefix(limit)))
        let trimmed = String(visible.trimmingBlanks())
        return trimmed.isEmpty ? nil : trimmed
    }
}
