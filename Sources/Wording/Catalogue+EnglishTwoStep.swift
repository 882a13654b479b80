/// English: two-step verification's settings, the login's second step and the operator's command.
extension EnglishCatalogue {
    var twoStepVerification: String { "Two-step verification" }
    func twoStepStatus(_ on: Bool) -> String { on ? "On" : "Off" }
    var twoStepExplanation: String {
        "When you sign in, you enter your password and then a code from an authenticator app on your phone. Someone who learns your password still cannot sign in."
    }
    var twoStepSyncNote: String {
        "Phones and computers that sync your contacts then sign in with app passwords, made under Devices; your account password stops working for them."
    }
    var enterPasswordToContinue: String { "Enter your password to continue." }
    var wrongPassword: String { "Wrong password" }
    var turnOnTwoStep: String { "Turn On Two-Step Verification" }
    var turnOffTwoStep: String { "Turn Off Two-Step Verification" }
    var turnOffTwoStepNote: String { "Signing in will ask for your password only, and your recovery codes will stop working." }
    var scanQRCode: String {
        "Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or copy the setup link or key into it."
    }
    var authenticatorQRCode: String { "QR code for your authenticator app" }
    var setupLink: String { "Setup link" }
    var setupKey: String { "Setup key" }
    var copySetupLink: String { "Copy Link" }
    var copySetupKey: String { "Copy Key" }
    var verificationCode: String { "Code" }
    var enterCodeToConfirm: String { "Then enter the 6-digit code the app shows." }
    var verify: String { "Verify" }
    var wrongCode: String { "Wrong code. Check that your phone's clock is right, and enter the code shown now." }
    var recoveryCodes: String { "Recovery codes" }
    var recoveryCodesNote: String {
        "Keep these codes somewhere safe. If you lose your phone, each code signs you in once in place of a code from the app. They are shown only now."
    }
    func recoveryCodesLeft(_ count: Int) -> String { "\(count) left" }
    var downloadRecoveryCodes: String { "Download (.txt)" }
    var copyRecoveryCodes: String { "Copy Codes" }
    var newRecoveryCodes: String { "New Recovery Codes" }
    var newRecoveryCodesNote: String { "Makes 10 new codes; the ones you have now stop working." }
    func recoveryCodesFileHeading(account: String) -> String {
        "PersonalContacts recovery codes for \(account)\nEach code signs you in once, in place of a code from your authenticator app."
    }
    var secondStepPrompt: String { "Enter the 6-digit code from your authenticator app, or one of your recovery codes." }
    var codeOrRecoveryCode: String { "Code or recovery code" }
    func recoveryCodesLeftAtLogin(_ count: Int) -> String {
        count == 1 ? "You have 1 recovery code left." : "You have \(count) recovery codes left."
    }
    var secondStepExpired: String { "Sign-in timed out. Enter your password again." }
    var useAppPasswordForSync: String {
        "Two-step verification is on for this account, so its password does not sign in sync clients. Make an app password under Devices in the web app, and sign in with that."
    }
    func twoStepTurnedOff(_ name: String) -> String {
        "Two-step verification is off for \(name): their recovery codes are deleted and they are signed out everywhere. Passkeys stay."
    }
}
