/// The namespaces CardDAV speaks, and the prefixes responses bind them to.
enum Namespace {
    static let dav = "DAV:"
    static let cardDAV = "urn:ietf:params:xml:ns:carddav"
    /// The CalendarServer extensions (getctag) that iOS and macOS still ask for.
    static let calendarServer = "http://calendarserver.org/ns/"

    static let prefixes = [dav: "d", cardDAV: "card", calendarServer: "cs"]
    /// The declarations on every multistatus root.
    static let declarations = prefixes.sorted { $0.value < $1.value }
        .map { " xmlns:\($0.value)=\"\(XMLOutput.escape($0.key))\"" }.joined()
}

extension XMLName {
    static func dav(_ local: String) -> XMLName { XMLName(Namespace.dav, local) }
    static func cardDAV(_ local: String) -> XMLName { XMLName(Namespace.cardDAV, local) }
    static func calendarServer(_ local: String) -> XMLName { XMLName(Namespace.calendarServer, local) }
}

/// Writes response XML as text; every value written goes through `escape`.
enum XMLOutput {
    /// `<?xml …?>` and a root element with the usual namespace declarations around `content`.
    static func document(root: XMLName, _ content: String) -> String {
        #"<?xml version="1.0" encoding="utf-8"?>"# + "\n"
            + "<\(qualified(root))\(Namespace.declarations)>\(content)</\(qualified(root))>\n"
    }

    /// An element with `content` (already XML) inside, or empty when `content` is nil or empty.
    /// A name outside the known namespaces declares its own (`<x:foo xmlns:x="urn:…"/>`).
    static func element(_ name: XMLName, _ content: String? = nil) -> String {
        let tag = qualified(name)
        let declaration = Namespace.prefixes[name.namespace] == nil ? " xmlns:x=\"\(escape(name.namespace))\"" : ""
        guard let content, !content.isEmpty else { return "<\(tag)\(declaration)/>" }
        return "<\(tag)\(declaration)>\(content)</\(tag)>"
    }

    /// An element holding text.
    static func text(_ name: XMLName, _ value: String) -> String {
        element(name, escape(value))
    }

    /// `<d:href>` with the path percent-encoded as a URL path and XML-escaped.
    static func href(_ path: String) -> String {
        text(.dav("href"), DAVPath.encode(path))
    }

    /// `HTTP/1.1 200 OK` for a `<d:status>`.
    static func status(_ code: Int) -> String {
        text(.dav("status"), "HTTP/1.1 \(code) \(reason(code))")
    }

    static func escape(_ text: String) -> String {
        // Most values (ETags, hrefs, base64 photos) need nothing: no copy for them.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    private static func qualified(_ name: XMLName) -> String {
        (Namespace.prefixes[name.namespace] ?? "x") + ":" + name.local
    }

    private static func reason(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 424: "Failed Dependency"
        case 507: "Insufficient Storage"
        default: "Status"
        }
    }
}
