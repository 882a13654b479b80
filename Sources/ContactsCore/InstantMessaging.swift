import Foundation
import VCard

/// Instant-messaging handles and social profiles in every form clients write them, and in the
/// one Apple writes (which the others read too).
///
/// - Apple: `IMPP;X-SERVICE-TYPE=WeChat;type=HOME:x-apple:ponyma`, and its social profiles as
///   `X-SOCIALPROFILE;type=weibo;x-user=ponyma:x-apple:ponyma`.
/// - vCard 4.0 (RFC 6350 §6.4.3): `IMPP:xmpp:alice@example.com`, the service in the URI scheme;
///   RFC 9554's `SOCIALPROFILE;SERVICE-TYPE=Twitter:https://twitter.com/alice`.
/// - Older clients (Evolution, KDE, Android exports): `X-JABBER`, `X-SKYPE`, `X-QQ`, `X-WECHAT`…
enum InstantMessaging {
    /// The older one-property-per-service forms and the service each names.
    static let legacyProperties = [
        "X-WECHAT": "WeChat", "X-QQ": "QQ", "X-JABBER": "Jabber", "X-SKYPE": "Skype", "X-SKYPE-USERNAME": "Skype",
        "X-AIM": "AIM", "X-ICQ": "ICQ", "X-MSN": "MSN", "X-YAHOO": "Yahoo", "X-GOOGLE-TALK": "GoogleTalk",
        "X-GADUGADU": "GaduGadu", "X-WHATSAPP": "WhatsApp", "X-TELEGRAM": "Telegram", "X-LINE": "Line",
        "X-SIGNAL": "Signal", "X-MS-IMADDRESS": "Other",
    ]
    /// URI schemes that name their service (RFC 6350 §6.4.3 and common usage).
    private static let schemes = [
        "xmpp": "Jabber", "skype": "Skype", "aim": "AIM", "icq": "ICQ", "msnim": "MSN", "ymsgr": "Yahoo",
        "gtalk": "GoogleTalk", "qq": "QQ", "wechat": "WeChat", "weixin": "WeChat", "whatsapp": "WhatsApp",
        "tg": "Telegram", "telegram": "Telegram", "line": "Line", "signal": "Signal", "sip": "SIP", "gg": "GaduGadu",
    ]
    static let appleScheme = "x-apple"
    static let serviceParameter = "X-SERVICE-TYPE"

    /// The handle an IMPP or legacy property gives; nil when it gives none or is too long.
    static func handle(_ property: VCardProperty, label: ContactLabel?) -> ServiceHandle? {
        var text = CardReading.shortText(property)
        var service = legacyProperties[property.name] ?? property.parameter(named: serviceParameter)?.value ?? ""
        if property.name == "IMPP", let colon = text.firstIndex(of: ":") {
            let scheme = text[..<colon].lowercased()
            if scheme == appleScheme || schemes[scheme] != nil {
                if service.isEmpty { service = schemes[scheme] ?? "" }
                text = String(text[text.index(after: colon)...])
                if text.hasPrefix("//") { text.removeFirst(2) }
                // A `?message` query of xmpp:, skype:'s `?call` and the like are not part of the handle.
                if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
            }
        }
        let handle = (text.removingPercentEncoding ?? text).trimmed
        guard !handle.isEmpty, handle.count <= 200 else { return nil }
        return ServiceHandle(service: service.isEmpty ? "Other" : service, handle: handle,
                             label: label ?? placeLabel(property.types))
    }

    /// The profile an X-SOCIALPROFILE or SOCIALPROFILE gives: the service its TYPE or
    /// SERVICE-TYPE names, the handle its X-USER names, else the value (a URL, or an
    /// `x-apple:` handle). Nil when it gives none.
    static func socialProfile(_ property: VCardProperty, label: ContactLabel?) -> ServiceHandle? {
        let service = property.parameter(named: "SERVICE-TYPE")?.value ?? property.types.first { $0 != "pref" } ?? ""
        var handle = property.parameter(named: "X-USER")?.value?.trimmed ?? ""
        if handle.isEmpty {
            handle = CardReading.shortText(property)
            if handle.lowercased().hasPrefix(appleScheme + ":") { handle.removeFirst(appleScheme.count + 1) }
        }
        guard !handle.isEmpty, handle.count <= 200 else { return nil }
        return ServiceHandle(service: service.isEmpty ? "Other" : service, handle: handle, label: label ?? .other)
    }

    /// A handle as Apple writes one (`IMPP;X-SERVICE-TYPE=WeChat:x-apple:ponyma`), with the
    /// label's TYPE when it is home or work; nil for a label only X-ABLabel can carry.
    static func property(for handle: ServiceHandle) -> VCardProperty {
        VCardProperty(name: "IMPP", parameters: [VCardParameter(name: serviceParameter, value: handle.service)],
                      value: appleScheme + ":" + (handle.handle.addingPercentEncoding(withAllowedCharacters: handleCharacters) ?? handle.handle))
    }

    /// A social profile as Apple writes one: the service as its TYPE, the handle as X-USER, and
    /// the handle again as the value (or the URL, when the handle is one).
    static func socialProperty(for profile: ServiceHandle) -> VCardProperty {
        let isURL = profile.handle.lowercased().hasPrefix("http://") || profile.handle.lowercased().hasPrefix("https://")
        var parameters = [VCardParameter(name: "TYPE", value: profile.service.lowercased())]
        if !isURL { parameters.append(VCardParameter(name: "X-USER", value: profile.handle)) }
        return VCardProperty(name: "X-SOCIALPROFILE", parameters: parameters,
                             value: isURL ? profile.handle : appleScheme + ":" + profile.handle)
    }

    /// Characters a handle keeps as they are in its URI; others (spaces, `%`, non-ASCII) are percent-encoded.
    private static let handleCharacters: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        set.insert(charactersIn: "-._~@+!$&'()*,;=:/")
        return set
    }()

    private static func placeLabel(_ types: [String]) -> ContactLabel {
        if types.contains("work") { return .work }
        if types.contains("home") { return .home }
        if types.contains("school") { return .school }
        return .other
    }
}
