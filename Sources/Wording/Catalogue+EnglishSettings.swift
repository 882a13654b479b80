/// English: the Settings page and its signed-in browsers.
extension EnglishCatalogue {
    var settings: String { "Settings" }
    var signInAndSecurity: String { "Sign-in & Security" }
    var signedInBrowsers: String { "Signed-in browsers" }
    func browserTitle(_ name: String?, on system: String?) -> String {
        // "a browser on Linux" begins a sentence; a name ("iPhone") keeps its case.
        let text = browser(name, on: system)
        return name == nil ? text.prefix(1).uppercased() + text.dropFirst() : text
    }
    var thisBrowser: String { "This browser" }
    func lastActive(_ time: String) -> String { "Last active \(time)" }
    var signOut: String { "Sign out" }
    var signOutEverywhereElse: String { "Sign out everywhere else" }
    var signedInBrowsersNote: String { "A browser you sign out must enter the password again: its remembered password stops working too." }
}
