import Accounts
import Foundation

/// A device just connected, carried from Create Password to the page that shows its password:
/// sealed (`SecretToken.seal`) in a short-lived cookie under a key every server of the database
/// shares, never in a URL and never in the database in clear. The page that opens it deletes
/// the cookie, so reloading it or going back to it shows the password no more.
struct DeviceSetup {
    let device: String
    let password: String

    /// The cookie's name, and how long it lasts in seconds: the redirect follows at once.
    static let cookie = "pc_device_setup"
    static let lifetime = 600
    /// The name of the key it is sealed under (`ContactStore.secretKey(named:)`).
    static let keyName = "device-setup"

    /// The cookie's value: for `user` alone, until `lifetime` from `now`.
    func sealed(for user: User, now: Date, key: [UInt8]) -> String {
        let expires = StoredTime.milliseconds(now) + Int64(Self.lifetime) * 1000
        return SecretToken.seal([String(user.id), String(expires), device, password].joined(separator: "\u{0}"), key: key)
    }

    /// What `sealed` carried, while it lasts and when it was sealed for `user`; nil otherwise.
    static func opened(_ value: String, for user: User, now: Date, key: [UInt8]) -> DeviceSetup? {
        guard let text = SecretToken.open(value, key: key) else { return nil }
        let parts = text.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == String(user.id), let expires = Int64(parts[1]),
              expires > StoredTime.milliseconds(now) else { return nil }
        return DeviceSetup(device: parts[2], password: parts[3])
    }
}
