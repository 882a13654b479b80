import HTTP
import Testing

/// The browser and system read from real User-Agents, and what a hostile or empty one gives.
@Suite struct BrowserIdentityTests {
    @Test(arguments: [
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
         "Chrome", "macOS"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
         "Safari", "iPhone"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox", "Windows"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
         "Edge", "Windows"),
        ("Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
         "Samsung Internet", "Android"),
        ("Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
         "Chrome", "iPad"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
         "Opera", "Linux"),
        ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
         "Chrome", "ChromeOS"),
        // CardDAV clients, as the devices page names them.
        ("iOS/17.0 (21A329) dataaccessd/1.0", "Contacts", "iOS"),
        ("macOS/14.1 (23B74) AddressBookCore/2487", "Contacts", "macOS"),
        ("DAVx5/4.3.9-ose (2023/10/20; dav4jvm; okhttp/4.12.0) Android/13", "DAVx⁵", "Android"),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.4.1", "Thunderbird", "Linux"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Thunderbird/128.5.0", "Thunderbird", "Windows"),
        ("Evolution/3.46.4 (X11; Linux)", "Evolution", "Linux"),
    ])
    func aRealUserAgentNamesItsBrowserAndSystem(userAgent: String, browser: String, system: String) {
        #expect(BrowserIdentity(userAgent: userAgent) == BrowserIdentity(browser: browser, system: system))
    }

    @Test func whatTheUserAgentDoesNotTellStaysUnknown() {
        #expect(BrowserIdentity(userAgent: "") == BrowserIdentity(browser: nil, system: nil))
        #expect(BrowserIdentity(userAgent: "curl/8.5.0") == BrowserIdentity(browser: nil, system: nil))
        #expect(BrowserIdentity(userAgent: "Mozilla/5.0 (Windows NT 10.0) <script>") == BrowserIdentity(browser: nil, system: "Windows"))
    }

    @Test func onlyTheStartOfAHugeUserAgentIsRead() {
        let padding = String(repeating: "x", count: BrowserIdentity.readLength)
        #expect(BrowserIdentity(userAgent: padding + " (Macintosh) Firefox/133.0") == BrowserIdentity(browser: nil, system: nil))
        #expect(BrowserIdentity(userAgent: "Chrome/131.0 " + padding + String(repeating: "Edg/1 ", count: 100_000)).browser == "Chrome")
    }

    /// What is read is counted in Unicode scalars: a mark right after it does not change its last
    /// character, and a character of a thousand scalars is not read whole.
    @Test func whatFollowsWhatIsReadChangesNothing() {
        let ending = String(repeating: " ", count: BrowserIdentity.readLength - 7) + "Chrome/"
        #expect(BrowserIdentity(userAgent: ending).browser == "Chrome")
        #expect(BrowserIdentity(userAgent: ending + "\u{301}").browser == "Chrome")
        #expect(BrowserIdentity(userAgent: "a" + String(repeating: "\u{301}", count: 1000) + " Chrome/131.0").browser == nil)
    }
}
