/// The parts of a person's name, as vCard's N holds them (RFC 6350 §6.2.2).
public struct NameParts: Sendable, Hashable {
    public var prefix: String
    public var given: String
    public var middle: String
    public var family: String
    public var suffix: String

    public init(prefix: String = "", given: String = "", middle: String = "", family: String = "", suffix: String = "") {
        self.prefix = prefix
        self.given = given
        self.middle = middle
        self.family = family
        self.suffix = suffix
    }

    /// Whether no part is given.
    public var isEmpty: Bool { prefix.isEmpty && given.isEmpty && middle.isEmpty && family.isEmpty && suffix.isEmpty }

    /// The parts from prefix to suffix.
    var all: [String] { [prefix, given, middle, family, suffix] }

    /// The parts a typed name splits into (see `CardName.components(of:)`): a Chinese name after
    /// its surname, a name of several words before its last one.
    public init(splitting name: String) {
        let components = CardName.components(of: name)
        self.init(given: components[1][0], family: components[0][0])
    }

    /// The name the parts spell (`CardName.name(fromComponents:)`): 张伟, or Dr. John Q. Public Jr.
    public var spelled: String {
        CardName.name(fromComponents: [[family], [given], [middle], [prefix], [suffix]])
    }
}

/// How a name is said, in the phonetic fields iOS offers (Apple's X-PHONETIC-* properties).
public struct PhoneticName: Sendable, Hashable {
    public var given: String
    public var middle: String
    public var family: String

    public init(given: String = "", middle: String = "", family: String = "") {
        self.given = given
        self.middle = middle
        self.family = family
    }

    /// Whether no part is given.
    public var isEmpty: Bool { given.isEmpty && middle.isEmpty && family.isEmpty }
}

/// An email address with its label (`other`, written without a TYPE, unless given).
public struct EmailAddress: Sendable, Hashable, ExpressibleByStringLiteral {
    public var label: ContactLabel
    public var address: String

    public init(_ address: String, label: ContactLabel = .other) {
        self.address = address
        self.label = label
    }

    public init(stringLiteral address: String) {
        self.init(address)
    }
}

/// A postal address in its parts, as vCard's ADR holds them (RFC 6350 §6.3.1), with its label.
public struct PostalAddress: Sendable, Hashable {
    public var label: ContactLabel
    public var street: String
    public var city: String
    public var region: String
    public var postcode: String
    public var country: String
    /// The ISO 3166 country code Apple keeps beside an address (`X-ABADR`), lower-case; empty when unknown.
    public var countryCode: String

    public init(label: ContactLabel = .home, street: String = "", city: String = "", region: String = "",
                postcode: String = "", country: String = "", countryCode: String = "") {
        self.label = label
        self.street = street
        self.city = city
        self.region = region
        self.postcode = postcode
        self.country = country
        self.countryCode = countryCode
    }

    /// The parts from street to country, in that order.
    public var parts: [String] { [street, city, region, postcode, country] }

    /// Whether no part is given.
    public var isEmpty: Bool { street.isEmpty && city.isEmpty && region.isEmpty && postcode.isEmpty && country.isEmpty }

    /// The address on one line: its parts joined by commas, each line of the street too.
    public var singleLine: String {
        parts.flatMap { $0.split(whereSeparator: \.isNewline) }.map { $0.trimmed }.filter { !$0.isEmpty }
            .joined(separator: ", ")
    }
}

/// A website with its label.
public struct Website: Sendable, Hashable {
    public var label: ContactLabel
    public var url: String

    public init(_ url: String, label: ContactLabel = .homePage) {
        self.url = url
        self.label = label
    }
}

/// An instant-messaging handle or social profile: the service (WeChat, QQ, Twitter…), the
/// handle on it, and a label.
public struct ServiceHandle: Sendable, Hashable {
    public var service: String
    public var handle: String
    public var label: ContactLabel

    public init(service: String, handle: String, label: ContactLabel = .other) {
        self.service = Self.serviceName(service)
        self.handle = handle
        self.label = label
    }

    /// The services a picker offers for instant messaging, as Apple names them.
    public static let messagingServices = ["WeChat", "QQ", "WhatsApp", "Telegram", "Line", "Signal", "Skype",
                                           "Facebook", "Jabber", "GoogleTalk", "ICQ", "AIM", "Yahoo", "MSN", "GaduGadu"]
    /// The services a picker offers for social profiles, as Apple names them.
    public static let socialServices = ["Weibo", "Twitter", "Facebook", "LinkedIn", "Instagram", "Flickr", "MySpace",
                                        "Douban", "GitHub"]

    /// A service's name as Apple writes it when it is one of the known ones (`wechat` → WeChat,
    /// `xmpp` → Jabber); else as given, trimmed.
    public static func serviceName(_ name: String) -> String {
        let folded = name.trimmed.lowercased().filter { $0.isLetter || $0.isNumber }
        let aliases = ["weixin": "WeChat", "xmpp": "Jabber", "gtalk": "GoogleTalk", "googletalk": "GoogleTalk",
                       "ymsgr": "Yahoo", "msnim": "MSN", "sinaweibo": "Weibo", "gadugadu": "GaduGadu", "gg": "GaduGadu"]
        if let alias = aliases[folded] { return alias }
        return (messagingServices + socialServices).first { $0.lowercased() == folded } ?? name.trimmed
    }
}

/// A date with its label: an anniversary, or one a person names. The year may be unknown.
public struct LabelledDate: Sendable, Hashable {
    public var label: ContactLabel
    public var date: CalendarDate

    public init(_ date: CalendarDate, label: ContactLabel = .anniversary) {
        self.date = date
        self.label = label
    }
}

/// A person the contact is related to, by name, with how (mother, spouse, assistant…).
public struct RelatedName: Sendable, Hashable {
    public var label: ContactLabel
    public var name: String

    public init(_ name: String, label: ContactLabel = .other) {
        self.name = name
        self.label = label
    }
}
