import Foundation

/// An Apple configuration profile (`.mobileconfig`) that adds a CardDAV account to an iPhone,
/// iPad or Mac: a `Configuration` profile holding one `com.apple.carddav.account` payload with
/// the server, the account name and the device's app password (Apple's Device Management
/// reference, "CardDAV"). Unsigned: the device says so when installing it, as it does for
/// any profile a server makes.
struct DeviceProfile {
    /// What the account is called on the device: the device's name on the devices page.
    let description: String
    let host: String
    let port: Int
    let secure: Bool
    let principalURL: String
    let username: String
    let password: String

    /// The content type Apple's devices install a profile from.
    static let contentType = "application/x-apple-aspen-config"

    /// The profile as an XML property list. Every value is escaped: a device's name may hold
    /// `<` or `&` and any Unicode.
    func propertyList(profileID: UUID = UUID(), accountID: UUID = UUID()) -> String {
        let identifier = "personalcontacts." + profileID.uuidString.lowercased()
        let account = [
            ("CardDAVAccountDescription", string(description)),
            ("CardDAVHostName", string(host)),
            ("CardDAVPort", "<integer>\(port)</integer>"),
            ("CardDAVPrincipalURL", string(principalURL)),
            ("CardDAVUseSSL", secure ? "<true/>" : "<false/>"),
            ("CardDAVUsername", string(username)),
            ("CardDAVPassword", string(password)),
            ("PayloadType", string("com.apple.carddav.account")),
            ("PayloadIdentifier", string(identifier + ".carddav")),
            ("PayloadUUID", string(accountID.uuidString)),
            ("PayloadVersion", "<integer>1</integer>"),
            ("PayloadDisplayName", string(description)),
        ]
        let profile = [
            ("PayloadContent", "<array>\n\(dictionary(account, indent: "\t\t"))\n\t</array>"),
            ("PayloadType", string("Configuration")),
            ("PayloadVersion", "<integer>1</integer>"),
            ("PayloadIdentifier", string(identifier)),
            ("PayloadUUID", string(profileID.uuidString)),
            ("PayloadDisplayName", string(description)),
            ("PayloadRemovalDisallowed", "<false/>"),
        ]
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(dictionary(profile, indent: ""))
            </plist>

            """
    }

    /// The profile's file name: the device's name kept to letters, digits, `-` and `_`.
    var fileName: String {
        let kept = String(description.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_".unicodeScalars.contains($0)) }
            .map(Character.init).prefix(40))
        return (kept.isEmpty ? "contacts" : kept) + ".mobileconfig"
    }

    private func dictionary(_ entries: [(String, String)], indent: String) -> String {
        indent + "<dict>\n" + entries.map { "\(indent)\t<key>\($0.0)</key>\n\(indent)\t\($0.1)" }.joined(separator: "\n") + "\n\(indent)</dict>"
    }

    /// A `<string>` of `text`, escaped for XML; characters XML 1.0 cannot hold at all (which
    /// the store never lets into a name) are left out.
    private func string(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "<string>\(escaped)</string>"
    }
}
