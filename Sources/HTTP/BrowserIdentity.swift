/// The browser and the system a User-Agent names, as people call them ("Chrome", "macOS",
/// "iPhone"); nil for what it does not tell. Reads only the first `readLength` Unicode scalars,
/// so any header costs the same bounded work: not characters, as one character can be any number
/// of scalars long, and a mark after the last one read would change it (`Chrome/` followed by
/// U+0301 ends in a character that is not `/`).
public struct BrowserIdentity: Sendable, Equatable {
    public let browser: String?
    public let system: String?

    /// How many Unicode scalars of a User-Agent are read.
    public static let readLength = 512

    public init(browser: String?, system: String?) {
        self.browser = browser
        self.system = system
    }

    public init(userAgent: String) {
        let text = String(String.UnicodeScalarView(userAgent.unicodeScalars.prefix(Self.readLength)))
        browser = Self.browsers.first { marker in marker.tokens.contains { text.contains($0) } }?.name
        system = Self.systems.first { marker in marker.tokens.contains { text.contains($0) } }?.name
    }

    /// Browsers, and CardDAV clients, by the tokens that tell them, the most specific first: Edge,
    /// Opera and Samsung's browser also say "Chrome", and every one of them says "Safari".
    /// Apple's Contacts syncs through `dataaccessd` on iOS and `AddressBookCore` on macOS.
    static let browsers: [(name: String, tokens: [String])] = [
        ("DAVx⁵", ["DAVx5/", "DAVdroid/"]),
        ("Contacts", ["dataaccessd/", "AddressBookCore/", "AddressBook/"]),
        ("Thunderbird", ["Thunderbird/"]),
        ("Evolution", ["Evolution/", "evolution-data-server"]),
        ("Edge", ["Edg/", "EdgA/", "EdgiOS/", "Edge/"]),
        ("Opera", ["OPR/", "OPiOS/", "Opera"]),
        ("Samsung Internet", ["SamsungBrowser/"]),
        ("Firefox", ["Firefox/", "FxiOS/"]),
        ("Chrome", ["CriOS/", "Chrome/", "Chromium/"]),
        ("Safari", ["Safari/"]),
    ]

    /// Systems by their tokens, the devices before the systems their tokens also name
    /// (an iPhone says "like Mac OS X", Android says "Linux", Chrome on an iPhone says "CriOS/";
    /// Apple's sync clients say only `iOS/17.0` or `macOS/14.1`).
    static let systems: [(name: String, tokens: [String])] = [
        ("iPhone", ["iPhone", "iPod"]),
        ("iPad", ["iPad"]),
        ("iOS", ["iOS/"]),
        ("Android", ["Android"]),
        ("ChromeOS", ["CrOS"]),
        ("Windows", ["Windows"]),
        ("macOS", ["Macintosh", "Mac OS X", "macOS/"]),
        ("Linux", ["Linux", "X11"]),
    ]
}
