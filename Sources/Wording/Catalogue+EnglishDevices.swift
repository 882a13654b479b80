/// English: the devices page, connecting a device, and the CLI's app passwords.
extension EnglishCatalogue {
    var devices: String { "Devices" }
    var devicesNote: String {
        "A device password lets the Contacts app on a phone, tablet or computer sync your address books without your account password. Each device gets its own, and revoking one disconnects only that device."
    }
    var noDevices: String { "No Devices" }
    var connectADevice: String { "Connect a Device" }
    func deviceMade(_ moment: String) -> String { "Made \(moment)" }
    func deviceLastUsed(_ moment: String) -> String { "Last used \(moment)" }
    var deviceNeverUsed: String { "Not used yet" }
    func deviceClient(_ name: String?, on system: String?) -> String {
        // A named app is worded as a browser is; one without a name is an app, not a browser.
        if name != nil { return browser(name, on: system) }
        return system.map { "An app on \($0)" } ?? "Unknown app"
    }
    func deviceAddress(_ address: String) -> String { "from \(address)" }
    var revoke: String { "Revoke" }
    func revokeDeviceQuestion(_ device: String) -> String { "Revoke “\(device)”?" }
    func revokeDeviceMessage(_ device: String) -> String {
        "“\(device)” stops syncing at once. To connect it again, make it a new password."
    }
    var deviceName: String { "Name" }
    var deviceNameExample: String { "iPhone" }
    var deviceNameHelp: String { "A name to know the device by in this list, such as “Work iPad”." }
    var createPassword: String { "Create Password" }
    var invalidDeviceNameMessage: String { "Enter a name of 1 to 64 characters, without control characters." }
    func deviceNameTaken(_ device: String) -> String { "“\(device)” is already connected. Choose another name, or revoke it first." }
    func connectDevice(_ device: String) -> String { "Connect “\(device)”" }
    var passwordShownOnce: String {
        "This password is shown only this once. Enter it on the device now: you never need to remember it, and you can revoke it here at any time."
    }
    var serverAddress: String { "Server" }
    var accountName: String { "User Name" }
    var devicePassword: String { "Password" }
    var appleDevices: String { "iPhone, iPad and Mac" }
    var downloadProfile: String { "Download Configuration Profile" }
    var profileSteps: String {
        "Open the profile on the device, then install it: on iPhone and iPad in Settings → General → VPN & Device Management, on a Mac in System Settings → Privacy & Security → Profiles."
    }
    var appleManualSteps: String {
        "Or by hand: Settings → Contacts → Accounts → Add Account → Other → Add CardDAV Account, then enter the server, user name and password above."
    }
    var androidDevices: String { "Android (DAVx⁵)" }
    var openInDAVx5: String { "Open in DAVx⁵" }
    var androidQRCode: String { "QR code of the server and user name, for DAVx⁵" }
    var androidSteps: String {
        "Install DAVx⁵ from Google Play or F-Droid. Scan this code with the phone's camera (or tap the link on the phone) to open DAVx⁵ with the server and user name filled in, then enter the password."
    }
    var thunderbirdSteps: String {
        "Thunderbird: Address Book → New Address Book → Add CardDAV Address Book. Enter the user name and the server, then the password when asked."
    }
    var evolutionSteps: String {
        "Evolution: File → New → Address Book, type CardDAV. Enter the server as the URL and the user name, then Find Address Books and the password when asked."
    }
    var profilePasswordWrong: String {
        "This is not the password of a device of this account. Connect the device again to get a new one."
    }
    func deviceConnection(address: String, account: String) -> String {
        "CardDAV address: \(address)\nUser name: \(account)"
    }
    func deviceConnectionWithoutAddress(account: String) -> String {
        "User name: \(account)\nCardDAV address: set the server's public address with --public-url URL (or $CONTACTS_PUBLIC_URL), e.g. https://contacts.example.org, and it is printed here."
    }
}
