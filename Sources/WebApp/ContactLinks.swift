import ContactsCore
import Foundation

/// The links a viewed contact offers: dialling, mail, the map, and its websites — each built so
/// that no stored value can become another kind of link (a `javascript:` address stays text).
enum ContactLinks {
    /// What a `tel:` or `sms:` link dials: the number's digits, with a leading "+" kept; empty
    /// when the number has no digits.
    static func dialString(_ number: String) -> String {
        let digits = number.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return "" }
        return (number.trimmed.hasPrefix("+") ? "+" : "") + digits
    }

    /// A `mailto:` address, percent-encoded so that a stored address cannot add headers or a query.
    static func mailto(_ address: String) -> String {
        "mailto:" + (address.trimmed.addingPercentEncoding(withAllowedCharacters: mailCharacters) ?? "")
    }

    /// An address on Apple's map (which the phone opens in Maps, and a desktop in the browser).
    static func map(_ address: PostalAddress) -> String {
        "https://maps.apple.com/?q=" + HTML.urlComponent(address.singleLine)
    }

    /// A website as a link when it is a web address (http or https, a scheme-less `www.example.com`
    /// taken as https), opened apart from this page; any other text is shown as text, never linked.
    static func web(_ text: String) -> String {
        let shown = #"<bdi>\#(HTML.escape(text))</bdi>"#
        guard let url = webURL(text) else { return #"<span class="unlinked">\#(shown)</span>"# }
        return #"<a href="\#(HTML.escape(url))" target="_blank" rel="noopener noreferrer">\#(shown)</a>"#
    }

    /// Whether `text` is a web address `web` links.
    static func isWebAddress(_ text: String) -> Bool { webURL(text) != nil }

    /// The http(s) address `text` names, or nil. A scheme-less text is taken as a host name when
    /// it has a dot and nothing a host cannot have before its first slash.
    private static func webURL(_ text: String) -> String? {
        let trimmed = text.trimmed
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains(where: isFormatScalar) }) else {
            return nil
        }
        let candidate = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard let components = URLComponents(string: candidate), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, host.contains("."),
              !trimmed.hasPrefix("//") else { return nil }
        return candidate
    }

    /// Invisible format characters (direction overrides, zero-width marks) that make an address
    /// read as something it is not: such an address is shown, not linked.
    private static func isFormatScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format
    }

    /// An address's characters a `mailto:` keeps as they are (RFC 6068 allows more, encoded or not).
    private static let mailCharacters = CharacterSet.urlUnreservedCharacters.union(CharacterSet(charactersIn: "@+!$'*"))
}
