/// English: Settings → Passkeys and the login page's Sign in with a passkey.
extension EnglishCatalogue {
    var passkeys: String { "Passkeys" }
    var passkeysBackToSettings: String { "Settings" }
    var passkeysIntro: String {
        "Sign in with your face, fingerprint or screen lock instead of your password. A passkey stays on your device or in your password manager, and works only on this site."
    }
    var noPasskeys: String { "No passkeys yet" }
    func passkeyCreated(_ time: String) -> String { "Created \(time)" }
    func passkeyLastUsed(_ time: String?) -> String { time.map { "Last used \($0)" } ?? "Never used" }
    var addPasskey: String { "Add a passkey" }
    var passkeyName: String { "Name" }
    var passkeyNamePlaceholder: String { "e.g. iPhone or YubiKey" }
    var removePasskey: String { "Remove" }
    func removePasskeyQuestion(_ name: String) -> String { "Remove the passkey “\(name)”?" }
    var removePasskeyMessage: String {
        "You won’t be able to sign in with it any more. Delete it from your device or password manager too."
    }
    var signInWithPasskey: String { "Sign in with a passkey" }
    var passkeysUnsupported: String { "This browser can’t use passkeys." }
    var passkeyCancelled: String { "The passkey request was cancelled." }
    var passkeyNameInvalid: String { "Give the passkey a name of 1 to 64 characters." }
    var passkeyAlreadyAdded: String { "This passkey has already been added." }
    var passkeyNeedsVerification: String {
        "This passkey didn’t check that it’s you (no PIN, fingerprint or face). Use one that does."
    }
    var passkeyNotAdded: String { "The passkey couldn’t be added. Try again." }
    var passkeySignInFailed: String { "That passkey didn’t work. Try again, or log in with your password." }
    var passkeyRequestInvalid: String { "The passkey request wasn’t understood." }
}
