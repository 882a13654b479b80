import Foundation

/// Where a device finds the CardDAV server: the site's address (the server's public URL, or the
/// address the browser reached it at), and from it the CardDAV address people type, the
/// principal URL discovery gives, and the URI DAVx⁵ opens.
public enum DeviceAddress {
    /// The CardDAV address of `site` (`https://host[:port][/prefix]`, no trailing slash): its
    /// DAV root, which names the account's principal once logged in (RFC 6764 discovery also
    /// leads there from the bare site).
    public static func cardDAV(site: String) -> String {
        site + "/dav/"
    }

    /// The principal of `user`, as the DAV root's `current-user-principal` gives it.
    static func principal(site: String, user: String) -> String {
        site + "/dav/principals/" + HTML.urlComponent(user) + "/"
    }

    /// What DAVx⁵ opens from a scanned code or a tapped link: its `carddavs://` (`carddav://`
    /// over plain http) scheme with the user name as the URI's user, which it turns back into
    /// the https (http) address and fills in its login form with, leaving the password to be
    /// typed. Nil when `site` is no http(s) address.
    static func davx5(site: String, user: String) -> String? {
        let scheme: String
        if site.hasPrefix("https://") { scheme = "carddavs" } else if site.hasPrefix("http://") { scheme = "carddav" } else { return nil }
        let rest = site.drop { $0 != ":" }.dropFirst(3)
        return "\(scheme)://\(HTML.urlComponent(user))@\(rest)/dav/"
    }

    /// The parts a configuration profile names: host, port and TLS; nil when `site` is no
    /// http(s) address with a host.
    static func server(of site: String) -> (host: String, port: Int, secure: Bool)? {
        guard let url = URL(string: site), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host(percentEncoded: false), !host.isEmpty else { return nil }
        let secure = scheme == "https"
        return (host, url.port ?? (secure ? 443 : 80), secure)
    }
}
