/// The browser and the system a User-Agent names, as people call them ("Chrome", "macOS",
/// "iPhone"); nil for what it does not tell. Reads only the first `readLength` characters, so
/// any header costs the same bounded work.
public struct BrowserIdentity: Sendable, Equatable {
    public let browser: String?
    public let system: String?

    /// How much of a User-Agent is read.
    public static let readLength = 512

    public init(browser: String?, system: String?) {
        self.browser = browser
        self.system = system
    }

    public init(userAgent: String) {
        let text = String(userAgent.prefix(Self.readLength))
        browser = Self.browsers.first { marker in marker.tokens.contains { text.contains($0) } }?.name
        system = Self.systems.first { marker in marker.tokens.contains { text.contains($0) } }?.name
    }

    /// Browsers by the tokens that tell them, the most specific first: Edge, Opera and Samsung's
    /// browser also say "Chrome", and every one of them says "Safari".
    static let browsers: [(name: String, tokens: [String])] = [
        ("Edge", ["Edg/", "EdgA/", "EdgiOS/", "Edge/"]),
        ("Opera", ["OPR/", "OPiOS/", "Opera"]),
        ("Samsung Internet", ["SamsungBrowser/"]),
        ("Firefox", ["Firefox/", "FxiOS/"]),
        ("Chrome", ["CriOS/", "Chrome/", "Chromium/"]),
        ("Safari", ["Safari/"]),
    ]

    /// Systems by their tokens, the devices before the systems their tokens also name
    /// (an iPhone says "like Mac OS X", Android says "Linux").
    static let systems: [(name: String, tokens: [String])] = [
        ("iPhone", ["iPhone", "iPod"]),
        ("iPad", ["iPad"]),
        ("Android", ["Android"]),
        ("ChromeOS", ["CrOS"]),
        ("Windows", ["Windows"]),
        ("macOS", ["Macintosh", "Mac OS X"]),
        ("Linux", ["Linux", "X11"]),
    ]
}
